import { t } from "elysia";
import { codeMessages, MAX_EMAIL_LENGTH, MAX_NAME_LENGTH, MAX_PASSWORD_LENGTH } from "../../shared/validation.ts";

const email = t.String({ maxLength: MAX_EMAIL_LENGTH, error: "Please enter a valid email address" });
const password = t.String({ maxLength: MAX_PASSWORD_LENGTH, error: "Password is required" });
const name = t.Optional(
  t.Union([t.String({ maxLength: MAX_NAME_LENGTH }), t.Null()], {
    error: `Names must be text of at most ${MAX_NAME_LENGTH} characters`,
  }),
);

/** Without `code` it asks for one by email; with it, it creates the account. */
export const SignUpBody = t.Object({
  email,
  password,
  firstName: name,
  lastName: name,
  code: t.Optional(t.String({ maxLength: 20, error: codeMessages.format })),
});
export const SignInBody = t.Object({ email, password });

export const PublicUser = t.Object({
  id: t.String(),
  email: t.String(),
  firstName: t.Nullable(t.String()),
  lastName: t.Nullable(t.String()),
  profileImageUrl: t.Nullable(t.String()),
});

export type SignUpInput = typeof SignUpBody.static;
export type SignInInput = typeof SignInBody.static;
export type PublicUser = typeof PublicUser.static;
