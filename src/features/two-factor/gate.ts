// REQUIRE_2FA: a broker with a password who has not set up an authenticator may only reach their
// own account (who am I, sign out, the set-up itself) until they do. The `broker` macro
// (access/plugin.ts) asks here on every request.
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/errors.ts";
import { twoFactorMessages } from "../../shared/two-factor.ts";
import { twoFactorSetupNeeded } from "./service.ts";

export { twoFactorSetupNeeded };

const OPEN_DURING_SETUP = ["/api/auth/", "/api/two-factor"];

export async function refuseUntilTwoFactorSetUp(ctx: AppContext, brokerId: string, request: Request): Promise<void> {
  if (!ctx.config.requireTwoFactor) return;
  const path = new URL(request.url).pathname;
  if (OPEN_DURING_SETUP.some((prefix) => path.startsWith(prefix))) return;
  if (await twoFactorSetupNeeded(ctx, brokerId)) throw new AppError("forbidden", twoFactorMessages.setupRequired);
}
