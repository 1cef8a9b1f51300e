import { t } from "elysia";

/** Whether the sign-in dialog offers "Sign in with <providerName>" and still the password form. */
export const OidcSettings = t.Object({
  enabled: t.Boolean(),
  providerName: t.Nullable(t.String()),
  passwordSignIn: t.Boolean(),
});
