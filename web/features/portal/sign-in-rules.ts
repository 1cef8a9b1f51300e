// The customer sign-in dialog's field rules (SPEC 5); the sign-in, sign-up and email messages in
// the page's language (the catalog's English is the shared messages, SPEC's).
import {
  CUSTOMER_RESET_PASSWORD_MIN,
  CUSTOMER_SIGNUP_PASSWORD_MIN,
  isValidEmail,
} from "@shared/validation";
import { activeLanguage } from "../../lib/i18n/store";

const say = (key: Parameters<NonNullable<ReturnType<typeof activeLanguage>>["t"]>[0]) => activeLanguage()!.t(key);

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

export const hasErrors = (errors: FieldErrors<string>) => Object.values(errors).some(Boolean);

export function emailErrors(email: string): FieldErrors<"email"> {
  return isValidEmail(email.trim()) ? {} : { email: say("signIn.invalidEmail") };
}

export function signInErrors(password: string): FieldErrors<"password"> {
  return password ? {} : { password: say("signIn.passwordRequired") };
}

function confirmError(password: string, confirm: string): string | undefined {
  if (!confirm) return say("signIn.confirmRequired");
  if (confirm !== password) return say("signIn.passwordsDontMatch");
  return undefined;
}

export function signUpErrors(password: string, confirm: string): FieldErrors<"password" | "confirm"> {
  return {
    password: password.length < CUSTOMER_SIGNUP_PASSWORD_MIN ? say("signIn.passwordTooShort") : undefined,
    confirm: confirmError(password, confirm),
  };
}

export function resetErrors(password: string, confirm: string): FieldErrors<"password" | "confirm"> {
  return {
    password: password.length < CUSTOMER_RESET_PASSWORD_MIN ? say("signIn.resetTooShort") : undefined,
    confirm: confirmError(password, confirm),
  };
}


