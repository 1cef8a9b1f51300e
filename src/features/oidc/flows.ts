// Sign-ins on their way through the identity provider: for each, the PKCE verifier and the nonce,
// found by the state the provider sends back. Each is spent by its callback (a replayed state
// finds nothing) and lasts ten minutes. Kept in memory: the portal is one process, and a restart
// only means clicking "Sign in with …" again.
import type { AppContext } from "../../context.ts";
import { hashToken } from "../../lib/tokens.ts";

export const FLOW_TTL_MS = 10 * 60 * 1000;
const SWEEP_ABOVE = 10_000;

export interface Flow {
  codeVerifier: string;
  nonce: string;
  expiresAt: number;
}

const stores = new WeakMap<AppContext, Map<string, Flow>>();
const storeFor = (ctx: AppContext) => stores.get(ctx) ?? stores.set(ctx, new Map()).get(ctx)!;

export function rememberFlow(ctx: AppContext, state: string, flow: Omit<Flow, "expiresAt">): Date {
  const store = storeFor(ctx);
  const now = ctx.clock.now().getTime();
  if (store.size > SWEEP_ABOVE) for (const [key, entry] of store) if (entry.expiresAt <= now) store.delete(key);
  const expiresAt = now + FLOW_TTL_MS;
  store.set(hashToken(state), { ...flow, expiresAt });
  return new Date(expiresAt);
}

/** The flow this state began, removed so it cannot be used again; null if unknown, spent or expired. */
export function takeFlow(ctx: AppContext, state: string): Flow | null {
  const store = storeFor(ctx);
  const key = hashToken(state);
  const flow = store.get(key);
  store.delete(key);
  return flow && flow.expiresAt > ctx.clock.now().getTime() ? flow : null;
}
