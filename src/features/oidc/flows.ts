// Sign-ins on their way through the identity provider: for each, the PKCE verifier and the nonce,
// found by the hash of the state the provider sends back. Each is spent by its callback (a
// replayed state finds nothing) and lasts ten minutes. Kept in the database (oidc_flows), so the
// provider's callback may reach any instance, and a restart loses nothing.
import { eq, lte } from "drizzle-orm";
import { oidcFlows } from "../../../db/tables.ts";
import type { AppContext } from "../../context.ts";
import { hashToken } from "../../lib/tokens.ts";
import { write } from "../../lib/unit-of-work.ts";

export const FLOW_TTL_MS = 10 * 60 * 1000;

export interface Flow {
  codeVerifier: string;
  nonce: string;
}

export async function rememberFlow(ctx: AppContext, state: string, flow: Flow): Promise<Date> {
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + FLOW_TTL_MS);
  await write(ctx, async (tx) => {
    // Flows abandoned at the provider go with the next one begun.
    await tx.delete(oidcFlows).where(lte(oidcFlows.expiresAt, now));
    await tx.insert(oidcFlows).values({ stateHash: hashToken(state), ...flow, expiresAt });
  });
  return expiresAt;
}

/** The flow this state began, removed so it cannot be used again; null if unknown, spent or expired. */
export async function takeFlow(ctx: AppContext, state: string): Promise<Flow | null> {
  // One statement: of two callbacks racing with the same state, only one gets the row.
  const taken = (await write(ctx, (tx) => tx.delete(oidcFlows).where(eq(oidcFlows.stateHash, hashToken(state))).returning()))[0];
  return taken && taken.expiresAt > ctx.clock.now() ? { codeVerifier: taken.codeVerifier, nonce: taken.nonce } : null;
}
