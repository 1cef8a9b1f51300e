import { t } from "elysia";
import { codeMessages, MAX_EMAIL_LENGTH, MAX_NAME_LENGTH, MAX_PASSWORD_LENGTH } from "../../shared/validation.ts";
import { WORKSPACE_ROLES } from "../../shared/workspaces.ts";

// Sign-in and sign-up fields, broker's and customer's alike (customer-auth/model.ts uses them).
export const email = t.String({ maxLength: MAX_EMAIL_LENGTH, error: "Please enter a valid email address" });
export const password = t.String({ maxLength: MAX_PASSWORD_LENGTH, error: "Password is required" });
const name = t.Optional(
  t.Union([t.String({ maxLength: MAX_NAME_LENGTH }), t.Null()], {
    error: `Names must be text of at most ${MAX_NAME_LENGTH} characters`,
  }),
);

/** The browser's IANA time zone ("Europe/Berlin"), so emails print the broker's local times. */
const timeZone = t.Optional(t.String({ maxLength: 64, error: "Unknown time zone" }));

/** Without `code` it asks for one by email; with it, it creates the account. */
export const SignUpBody = t.Object({
  email,
  password,
  firstName: name,
  lastName: name,
  /** The 6-digit code emailed by the first step; without it the server sends one. */
  code: t.Optional(t.String({ maxLength: 20, error: codeMessages.format })),
  timeZone,
});
export const SignInBody = t.Object({ email, password, timeZone });

/** The signed-in broker as GET /api/auth/user returns it. */
export const PublicUser = t.Object({
  id: t.String(),
  email: t.String(),
  firstName: t.Nullable(t.String()),
  lastName: t.Nullable(t.String()),
  profileImageUrl: t.Nullable(t.String()),
});

/**
 * GET /api/auth/user: the signed-in broker, with their workspace and role there (every broker is
 * a member of exactly one workspace).
 */
export const SignedInBroker = t.Composite([
  PublicUser,
  t.Object({ workspaceId: t.String(), role: t.UnionEnum([...WORKSPACE_ROLES]) }),
]);

export const AuthResponse = t.Object({
  user: PublicUser,
  /** For API clients; the browser relies on the HttpOnly cookie and ignores it. */
  token: t.String(),
});

/** Sign-up's first step (broker or customer): a code was emailed; the account is made by the second step. */
export const CodeRequired = t.Object({ message: t.String(), codeRequired: t.Literal(true) });

export const SignUpResponse = { 201: AuthResponse, 202: CodeRequired };

export type SignUpInput = typeof SignUpBody.static;
export type SignInInput = typeof SignInBody.static;
export type PublicUser = typeof PublicUser.static;
export type AuthResponse = typeof AuthResponse.static;
export type CodeRequired = typeof CodeRequired.static;

export const ForgotPasswordBody = t.Object({ email });
/** A reset link's token, checked before its form is shown (GET /api/auth/reset-password/{token}). */
export const ResetTokenParams = t.Object({
  token: t.String({ maxLength: 200, error: "Invalid reset token - The reset link is invalid or expired." }),
});
export const ResetTokenValid = t.Object({ valid: t.Literal(true) });
export const ResetPasswordBody = t.Object({
  token: t.String({ maxLength: 200, error: "Invalid reset token - The reset link is invalid or expired." }),
  newPassword: password,
});
export const ChangePasswordBody = t.Object({ currentPassword: password, newPassword: password });
export const ChangePasswordResponse = t.Object({ message: t.String(), sessionsEnded: t.Number() });
export const ChangeEmailBody = t.Object({ newEmail: email, password });
export const ConfirmEmailBody = t.Object({ code: t.String({ maxLength: 20, error: codeMessages.format }) });

/** What POST /api/auth/signin answers (202) when the password was right and a code is needed (two-factor makes it). */
export const SecondFactorChallenge = t.Object({
  twoFactorRequired: t.Literal(true),
  /** Sent back with the code to POST /api/two-factor/verify; good for five minutes, once. */
  challenge: t.String(),
  message: t.String(),
});
export type SecondFactorChallenge = typeof SecondFactorChallenge.static;

/** POST /api/workspace/join: an invitation's token, and the new account's password and name. */
export const JoinBody = t.Object({
  token: t.String({ minLength: 1, maxLength: 128, error: "token must be an invitation link's token" }),
  password,
  firstName: name,
  lastName: name,
});
