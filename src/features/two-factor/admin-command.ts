// `portal admin reset-2fa <email>`: the CLI's side of resetTwoFactor.
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/errors.ts";
import { resetTwoFactor } from "./service.ts";

export async function adminResetTwoFactor(ctx: AppContext, email: string | undefined): Promise<string[]> {
  if (!email) throw new AppError("bad_request", "admin reset-2fa needs the broker's email: portal admin reset-2fa <email>");
  const result = await resetTwoFactor(ctx, email);
  const next = ctx.config.requireTwoFactor
    ? "they will set up a new authenticator after signing in with their password"
    : "they sign in with their password alone until they set it up again";
  return [result.hadTwoFactor ? `Two-factor authentication removed for ${result.email}; ${next}.` : `${result.email} had no two-factor authentication set up; nothing to remove.`];
}
