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

export const messages = {
  invalidEmail: "Please enter a valid email address",
  invalidEmailShort: "Invalid email address",
  passwordRequired: "Password is required",
  passwordTooShort: "Password must be at least 8 characters",
  resetPasswordTooShort: "Password must be at least 6 characters long",
  passwordTooLong: `Password must be at most ${MAX_PASSWORD_LENGTH} characters`,
  confirmPassword: "Please confirm your password",
  passwordsDontMatch: "Passwords don't match",
} as const;

/** The one-time codes emailed to prove an address: 6 digits. */
export const EMAIL_CODE_PATTERN = /^\d{6}$/;
export const codeMessages = {
  format: "Enter the 6-digit code from the email we sent",
  sent: (email: string) => `We sent a 6-digit code to ${email}. Enter it to finish setting your password.`,
  wrong: "That code is not right. Check the email we sent and try again.",
  expired: "This code has expired or was used too many times. Ask for a new code.",
} as const;

/** Customer uploads: the messages both the portal (before sending) and the server use. */
export const uploadMessages = {
  noFile: "No File Selected - Please select a file to upload.",
  wrongType: "Only PDF, JPG and PNG files can be uploaded.",
  tooLarge: (maxBytes: number) => `The file is larger than ${megabytes(maxBytes)}. Please choose a smaller file.`,
} as const;

/**
 * The upload limit is inclusive: a file of exactly MAX_UPLOAD_MB is accepted. The portal (before
 * sending) and the server (while streaming) both ask this, so they never disagree by one byte.
 */
export const exceedsUploadLimit = (bytes: number, maxBytes: number): boolean => bytes > maxBytes;

/** 10485760 → "10 MB" (binary megabytes, one decimal when needed). */
export function megabytes(bytes: number): string {
  return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
}
