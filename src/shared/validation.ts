// Validation rules and their exact messages, shared by the server and the web app so the two
// never disagree about what is valid.

// Deliberately simple: one @, something on each side, a dot in the domain, no spaces.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const MAX_EMAIL_LENGTH = 254;

export function isValidEmail(email: string): boolean {
  return email.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(email);
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export const BROKER_PASSWORD_MIN = 8;
export const CUSTOMER_SIGNUP_PASSWORD_MIN = 8;
export const CUSTOMER_RESET_PASSWORD_MIN = 6;
export const MAX_PASSWORD_LENGTH = 200;
export const MAX_NAME_LENGTH = 100;
export const SIGN_UP_CODE_LENGTH = 6;

export const messages = {
  invalidEmail: "Please enter a valid email address",
  invalidEmailShort: "Invalid email address",
  passwordRequired: "Password is required",
  passwordTooShort: "Password must be at least 8 characters",
  resetPasswordTooShort: "Password must be at least 6 characters long",
  passwordTooLong: `Password must be at most ${MAX_PASSWORD_LENGTH} characters`,
  confirmPassword: "Please confirm your password",
  passwordsDontMatch: "Passwords don't match",
  tooManySignInAttempts: (seconds: number) => `Too many sign-in attempts. Try again in ${waitText(seconds)}.`,
  signUpCodeSent: (email: string) => `We sent a 6-digit code to ${email}. Enter it to finish creating your account.`,
  signUpCodeFormat: "Enter the 6-digit code from the email",
  signUpCodeWrong: "That code is wrong or has expired. Check the newest email, or send a new code.",
  tooManySignUps: (seconds: number) => `Too many sign-up attempts. Try again in ${waitText(seconds)}.`,
  tooManySignUpEmails: (seconds: number) =>
    `We already sent several emails to this address. Check your inbox, or try again in ${waitText(seconds)}.`,
} as const;

/** 1 → "1 second", 45 → "45 seconds", 61 → "2 minutes": seconds only under a minute. */
export function waitText(seconds: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;
  return seconds < 60 ? plural(Math.max(1, Math.ceil(seconds)), "second") : plural(Math.ceil(seconds / 60), "minute");
}

/** Customer uploads: the messages both the portal (before sending) and the server use. */
export const uploadMessages = {
  noFile: "No File Selected - Please select a file to upload.",
  wrongType: "Only PDF, JPG and PNG files can be uploaded.",
  tooLarge: (maxBytes: number) => `The file is larger than ${megabytes(maxBytes)}. Please choose a smaller file.`,
} as const;

/** 10485760 → "10 MB" (binary megabytes, one decimal when needed). */
export function megabytes(bytes: number): string {
  return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
}
