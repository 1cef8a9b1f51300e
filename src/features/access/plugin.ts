// Who is asking, as route options: one named plugin whose macros every feature uses.
//   { broker: true }  resolves { broker, member, apiKey: null }: the signed-in broker (bearer token
//                     or session cookie) and their membership (workspace, role, its visibility), or
//                     401. A session only: an API key is refused (403), as on sign-in, account,
//                     two-factor, members, billing, keys and webhooks.
//   { broker: "read" } / { broker: "write" }  the broker API (issue 43): the same, or an API key
//                     (`Authorization: Bearer bpk_…`) with that scope, resolving its creator in its
//                     workspace and `apiKey` (a read key on a write route: 403). Default deny: a
//                     route opts in by naming its level.
//   { portal: true }  on a route with :uploadLink, resolves { portal }: what the link opens for
//                     this request (customer-auth/session.ts), or 404 for an unknown link.
//   { signer: true }  on a route with :token, resolves { signer }: the signer whose signing link
//                     (/sign/{token}) this is and their request, or 404 for any other token.
//   { reader: true }  resolves { reader }: every identity the request carries (a broker who is a
//                     member of a workspace, a customer account, both or none), for reads that
//                     several kinds of caller may make (files, the live channel); the service
//                     decides, as a signed link needs no identity. { reader: "read" } also takes
//                     an API key as the broker (file reads); `true` ignores one (the live channel).
// The live channel asks the same lookups (auth/session.ts, customer-auth/session.ts).
import { Elysia } from "elysia";
import { contextSeed, type AppContext } from "../../context.ts";
import { AppError, badRequest, unauthorized } from "../../lib/errors.ts";
import { bearerToken, brokerCookie, brokerSession, brokerSessionTokenOf, type BrokerSession } from "../auth/session.ts";
import { brokerForToken } from "../auth/service.ts";
import { refuseUntilTwoFactorSetUp, twoFactorSetupNeeded } from "../two-factor/gate.ts";
import type { CustomerSession } from "../customer-auth/service.ts";
import { customerSession, portalAccessOf } from "../customer-auth/session.ts";
import { perContext } from "../../lib/instance-state.ts";
import { membershipOf } from "../workspaces/members.ts";
import type { Scope } from "../../shared/workspaces.ts";
import { signerByToken } from "../signatures/lookups.ts";
import { isApiKey, keyHolder, type ApiKeyIdentity, type KeyHolder } from "../api-keys/authenticate.ts";
import { clientAddress } from "../../lib/http.ts";
import { apiKeyMessages, type ApiKeyScope } from "../../shared/api-keys.ts";
import type { Server } from "bun";

/** The identities a request carries; either may be null. */
export interface Reader {
  broker: BrokerSession | null;
  /** The broker's membership (set exactly when broker is): what a live socket may hear. */
  member: Scope | null;
  customer: CustomerSession | null;
  /** The API key the broker came with (file reads only), or null for a session. */
  apiKey: ApiKeyIdentity | null;
}

/** What a broker route accepts: a session only (true), or also an API key with this scope. */
export type BrokerLevel = true | ApiKeyScope;

const bearerKeyOf = (request: Request): string | null => {
  const token = bearerToken(request.headers.get("authorization"));
  return token && isApiKey(token) ? token : null;
};

/** The OpenAPI document's words for a level (api-docs/describe.ts declares the two schemes). */
const securityOf = (level: BrokerLevel): Record<string, string[]>[] => (level === true ? [{ session: [] }] : [{ session: [] }, { apiKey: [level] }]);

/**
 * The holder of the request's API key, or null when it carries none. A key with a session cookie
 * beside it is refused: which of the two is acting would be a guess.
 */
async function keyOf(ctx: AppContext, request: Request, server: Server<unknown> | null, level: BrokerLevel): Promise<KeyHolder | null> {
  const key = bearerKeyOf(request);
  if (!key) return null;
  if (level === true) throw new AppError("forbidden", apiKeyMessages.sessionOnly);
  if (brokerCookie(ctx).readHeader(request.headers.get("cookie"))) throw badRequest(apiKeyMessages.keyAndSession);
  return keyHolder(ctx, key, clientAddress(ctx, request, server), level);
}

// One instance per AppContext, named and seeded with that context (see contextSeed).

function build(ctx: AppContext) {
  return new Elysia({ name: "access", seed: contextSeed(ctx) }).macro({
    broker: (level: BrokerLevel) => ({
      detail: { security: securityOf(level) },
      async resolve({ request, server }) {
        // REQUIRE_2FA does not apply to a key: only an owner past the gate could make it.
        const held = await keyOf(ctx, request, server, level);
        if (held) return { broker: held.broker, member: held.member, apiKey: held.apiKey as ApiKeyIdentity | null };
        const token = brokerSessionTokenOf(ctx, request);
        if (!token) throw unauthorized("Authentication required");
        const broker = await brokerForToken(ctx, token);
        if (!broker) throw unauthorized("Your session has expired. Please sign in again.");
        await refuseUntilTwoFactorSetUp(ctx, broker.id, request); // REQUIRE_2FA
        // An account in no workspace (removed from its team) opens nothing.
        const member = await membershipOf(ctx, broker.id);
        if (!member) throw unauthorized("Your session has expired. Please sign in again.");
        return { broker, member, apiKey: null as ApiKeyIdentity | null };
      },
    }),
    portal: {
      async resolve({ params, request }) {
        const uploadLink = String((params as Record<string, string | undefined>).uploadLink ?? "");
        return { portal: await portalAccessOf(ctx, uploadLink, request) };
      },
    },
    signer: {
      async resolve({ params }) {
        const token = String((params as Record<string, string | undefined>).token ?? "");
        return { signer: await signerByToken(ctx, token) };
      },
    },
    reader: (level: true | "read") => ({
      detail: { security: [...securityOf(level), {}] }, // {}: a signed link or the customer's cookie needs no broker
      async resolve({ headers, cookie, request, server }): Promise<{ reader: Reader }> {
        const held = level === "read" ? await keyOf(ctx, request, server, level) : null;
        // A key's holder reads as its creator; its "session" is the key, which nothing signs out.
        if (held) return { reader: { broker: { broker: held.broker, sessionId: `api-key:${held.apiKey.id}` }, member: held.member, customer: null, apiKey: held.apiKey } };
        const session = await brokerSession(ctx, { headers, cookie });
        // An account in no workspace (removed from its team) reads nothing, nor opens the live
        // channel as a broker; REQUIRE_2FA: nor does a broker who has not set up the factor yet.
        const member = session && (await membershipOf(ctx, session.broker.id));
        const broker = member && !(await twoFactorSetupNeeded(ctx, session.broker.id)) ? session : null;
        return { reader: { broker, member: broker && member, customer: await customerSession(ctx, { cookie }), apiKey: null } };
      },
    }),
  });
}

export const access = perContext("access plugin", "per process", "an Elysia plugin of this process's app, built once per context", build);
