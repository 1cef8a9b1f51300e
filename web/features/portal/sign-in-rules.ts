// The customer sign-in dialog's field rules (SPEC 5), with the shared messages.
import {
  CUSTOMER_RESET_PASSWORD_MIN,
  CUSTOMER_SIGNUP_PASSWORD_MIN,
  isValidEmail,
  messages,
} from "@shared/validation";

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

export const hasErrors = (errors: FieldErrors<string>) => Object.values(errors).some(Boolean);

export function emailErrors(email: string): FieldErrors<"email"> {
  return isValidEmail(email.trim()) ? {} : { email: messages.invalidEmail };
}

export function signInErrors(password: string): FieldErrors<"password"> {
  return password ? {} : { password: messages.passwordRequired };
}

function confirmError(password: string, confirm: string): string | undefined {
  if (!confirm) return messages.confirmPassword;
  if (confirm !== password) return messages.passwordsDontMatch;
  return undefined;
}

export function signUpErrors(password: string, confirm: string): FieldErrors<"password" | "confirm"> {
  return {
    password: password.length < CUSTOMER_SIGNUP_PASSWORD_MIN ? messages.passwordTooShort : undefined,
    confirm: confirmError(password, confirm),
  };
}

export function resetErrors(password: string, confirm: string): FieldErrors<"password" | "confirm"> {
  return {
    password: password.length < CUSTOMER_RESET_PASSWORD_MIN ? messages.resetPasswordTooShort : undefined,
    confirm: confirmError(password, confirm),
  };
}

export const INVALID_RESET_TOKEN = "Invalid reset token - The reset link is invalid or expired.";
export const SIGN_IN_FAILED = "Invalid email or password. Please try again.";
