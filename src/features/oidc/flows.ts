// Sign-ins on their way through the identity provider: for each, the PKCE verifier and the nonce,
// found by the state the provider sends back. Each is spent by its callback (a replayed state
// finds nothing) and lasts ten minutes. Kept in memory, so a restart only means clicking "Sign in
// with …" again; but a callback that reaches another instance finds nothing (issue 39 item 13).
import type { AppContext } from "../../context.ts";
import { hashToken } from "../../lib/tokens.ts";
import { MUST_BE_SHARED, perContext } from "../../lib/instance-state.ts";

export const FLOW_TTL_MS = 10 * 60 * 1000;
const SWEEP_ABOVE = 10_000;

export interface Flow {
  codeVerifier: string;
  nonce: string;
  expiresAt: number;
}

const storeFor = perContext(
  "single sign-on flows in progress",
  MUST_BE_SHARED,
  "the provider's callback may reach another instance than the one that began the flow",
  (_ctx: AppContext) => new Map<string, Flow>(),
);

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
