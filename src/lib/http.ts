// Small request helpers shared by features.
import type { Server } from "bun";
import type { AppContext } from "../context.ts";

/** The caller's address: the socket's, or the first X-Forwarded-For hop when TRUST_PROXY is on. */
export function clientAddress(ctx: AppContext, request: Request, server: Server<unknown> | null): string {
  if (ctx.config.trustProxy) {
    const forwarded = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  return server?.requestIP(request)?.address ?? "unknown";
}
