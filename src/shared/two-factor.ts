// Two-factor (authenticator app) rules and messages, shared by the server and the web app.

/** An authenticator code: 6 digits, shown by the app and renewed every 30 seconds. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;
/** Recovery codes are 10 letters and digits, shown as two groups of five ("abcde-12345"). */
const RECOVERY_CODE_PATTERN = /^[a-z2-7]{10}$/;

/** What a person typed, without spaces or dashes, lower-cased. */
export const normalizeSecondFactor = (input: string) => input.replace(/[\s-]/g, "").toLowerCase();
export const isTotpCode = (input: string) => new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(normalizeSecondFactor(input));
export const isRecoveryCode = (input: string) => RECOVERY_CODE_PATTERN.test(normalizeSecondFactor(input));

export const twoFactorMessages = {
  codeFormat: `Enter the ${TOTP_DIGITS}-digit code from your authenticator app, or one of your recovery codes`,
  setupCodeFormat: `Enter the ${TOTP_DIGITS}-digit code from your authenticator app`,
  wrongCode: "That code is not right, or it was already used. Enter the current code from your authenticator app.",
  challengeExpired: "Your sign-in took too long. Please enter your email and password again.",
  enterCode: "Enter the code from your authenticator app to finish signing in.",
  alreadyOn: "Two-factor authentication is already on. Turn it off first to set up a new authenticator.",
  noSetupStarted: "Start the set-up again: no authenticator is waiting to be confirmed.",
  notOn: "Two-factor authentication is not on for your account.",
  requiredByPortal: "This portal requires two-factor authentication, so it cannot be turned off.",
  setupRequired: "This portal requires two-factor authentication. Set up your authenticator app to continue.",
  unreadableSecret:
    "Your authenticator cannot be checked because the portal's SESSION_SECRET changed. Sign in with a recovery code, or ask the administrator to run portal admin reset-2fa.",
} as const;
