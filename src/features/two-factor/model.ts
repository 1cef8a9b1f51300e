import { t } from "elysia";
import { AuthResponse } from "../auth/model.ts";

// Room for "abcde-fghij" with spaces; the service checks the exact format.
const code = t.String({ maxLength: 40, error: "Enter the code from your authenticator app" });

export const CodeBody = t.Object({ code });
export const VerifyBody = t.Object({ challenge: t.String({ maxLength: 100, error: "The sign-in challenge is missing" }), code });

export const TwoFactorStatus = t.Object({
  enabled: t.Boolean(),
  /** REQUIRE_2FA applies to this broker. */
  required: t.Boolean(),
  recoveryCodesLeft: t.Number(),
});

export const TwoFactorSetup = t.Object({ secret: t.String(), uri: t.String(), qrSvg: t.String() });
export const RecoveryCodes = t.Object({ recoveryCodes: t.Array(t.String()) });

export const VerifyResponse = AuthResponse;
