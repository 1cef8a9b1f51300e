// Validation rules and their exact messages, shared by the server and the web app so the two
// never disagree about what is valid.

// Deliberately simple: one @, something on each side, a dot in the domain, no spaces.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const MAX_EMAIL_LENGTH = 254;

export function isValidEmail(email: string): boolean {
  return email.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(email);
}

// Stricter, for an address the portal puts into a mail header (a broker's contact email becomes
// Reply-To): exactly one bare address. The rule above lets `x,"y"<a@b.c>` through, which a mail
// library reads as a list with a display name; sign-in and invitations keep the lenient rule so
// no existing account is locked out.
// atext (RFC 5322) or any letter/digit before the @, dot-separated; letter/digit/hyphen labels after it.
const PLAIN_EMAIL_PATTERN =
  /^[\p{L}\p{N}!#$%&'*+\/=?^_`{|}~-]+(?:\.[\p{L}\p{N}!#$%&'*+\/=?^_`{|}~-]+)*@[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?(?:\.[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?)+$/u;

export const onePlainEmailMessage = "Enter one email address such as name@example.com, without a name, quotes, commas or angle brackets.";

/** One bare address: no display name, quotes, commas, angle brackets, spaces or comments. */
export function isPlainEmail(email: string): boolean {
  return isValidEmail(email) && PLAIN_EMAIL_PATTERN.test(email);
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export { BIDI_CONTROLS, cleanName, NAME_BREAKS } from "./names.ts";
export { exceedsUploadLimit, megabytes, portalMessages, uploadMessages } from "./uploads.ts";

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
  tooManySignInAttempts: (seconds: number) => `Too many sign-in attempts. Try again in ${waitText(seconds)}.`,
  tooManySignUps: (seconds: number) => `Too many sign-up attempts. Try again in ${waitText(seconds)}.`,
  tooManySignUpEmails: (seconds: number) =>
    `We already sent several emails to this address. Check your inbox, or try again in ${waitText(seconds)}.`,
} as const;

/** The one-time codes emailed to prove an address (broker sign-up, customer accounts): 6 digits. */
export const EMAIL_CODE_LENGTH = 6;
export const isEmailCode = (code: string) => new RegExp(`^\\d{${EMAIL_CODE_LENGTH}}$`).test(code.trim());
export const codeMessages = {
  format: `Enter the ${EMAIL_CODE_LENGTH}-digit code from the email we sent`,
  brokerSent: (email: string) => `We sent a ${EMAIL_CODE_LENGTH}-digit code to ${email}. Enter it to finish creating your account.`,
  customerSent: (email: string) => `We sent a ${EMAIL_CODE_LENGTH}-digit code to ${email}. Enter it to finish setting your password.`,
  wrong: "That code is not right. Check the email we sent and try again.",
  expired: "This code has expired or was used too many times. Ask for a new code.",
  /** Broker sign-up says the same for every failure, so it never tells whether an email has an account. */
  wrongOrExpired: "That code is wrong or has expired. Check the newest email, or send a new code.",
} as const;

/** 1 → "1 second", 45 → "45 seconds", 61 → "2 minutes": seconds only under a minute. */
export function waitText(seconds: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;
  return seconds < 60 ? plural(Math.max(1, Math.ceil(seconds)), "second") : plural(Math.ceil(seconds / 60), "minute");
}

/** Sharing files with customers (SPEC 5 and the Send Documents dialog): the dialog and the server use these. */
export const shareMessages = {
  noFiles: "No Files Selected - Please select at least one file to share.",
  noRecipients: "No Recipients Selected - Please select existing customers or add a new customer.",
  wrongType: "Only PDF, JPG, PNG, MP4, MOV, AVI and MKV files can be shared.",
  badRecipients: "customerIds must be a JSON array of customer ids.",
} as const;

