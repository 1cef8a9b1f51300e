// OIDC_ONLY: brokers sign in through the identity provider only. Password sign-in and sign-up
// (service.ts) ask here first, so the rule holds for API clients too, not only the hidden form. It
// reads only the settings, so it sits with the password sign-in it guards rather than in oidc/.
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/errors.ts";

export function refusePasswordWhenOidcOnly(ctx: AppContext): void {
  const oidc = ctx.config.oidc;
  if (oidc?.only) throw new AppError("forbidden", `This portal signs brokers in with ${oidc.providerName} only.`);
}
