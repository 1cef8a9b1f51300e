// Who is asking, as route options: one named plugin whose macros every feature uses.
//   { broker: true }  resolves { broker, member }: the signed-in broker (bearer token or session
//                     cookie) and their membership (workspace, role, its visibility), or 401.
//   { portal: true }  on a route with :uploadLink, resolves { portal }: what the link opens for
//                     this request (customer-auth/session.ts), or 404 for an unknown link.
//   { signer: true }  on a route with :token, resolves { signer }: the signer whose signing link
//                     (/sign/{token}) this is and their request, or 404 for any other token.
//   { reader: true }  resolves { reader }: every identity the request carries (a broker who is a
//                     member of a workspace, a customer account, both or none), for reads that
//                     several kinds of caller may make (files, the live channel); the service
//                     decides, as a signed link needs no identity.
// The live channel asks the same lookups (auth/session.ts, customer-auth/session.ts).
import { Elysia } from "elysia";
import { contextSeed, type AppContext } from "../../context.ts";
import { unauthorized } from "../../lib/errors.ts";
import { brokerSession, brokerSessionTokenOf, type BrokerSession } from "../auth/session.ts";
import { brokerForToken } from "../auth/service.ts";
import { refuseUntilTwoFactorSetUp, twoFactorSetupNeeded } from "../two-factor/gate.ts";
import type { CustomerSession } from "../customer-auth/service.ts";
import { customerSession, portalAccessOf } from "../customer-auth/session.ts";
import { perContext } from "../../lib/instance-state.ts";
import { membershipOf } from "../workspaces/members.ts";
import type { Scope } from "../../shared/workspaces.ts";
import { signerByToken } from "../signatures/lookups.ts";

/** The identities a request carries; either may be null. */
export interface Reader {
  broker: BrokerSession | null;
  /** The broker's membership (set exactly when broker is): what a live socket may hear. */
  member: Scope | null;
  customer: CustomerSession | null;
}

// One instance per AppContext, named and seeded with that context (see contextSeed).

function build(ctx: AppContext) {
  return new Elysia({ name: "access", seed: contextSeed(ctx) }).macro({
    broker: {
      async resolve({ request }) {
        const token = brokerSessionTokenOf(ctx, request);
        if (!token) throw unauthorized("Authentication required");
        const broker = await brokerForToken(ctx, token);
        if (!broker) throw unauthorized("Your session has expired. Please sign in again.");
        await refuseUntilTwoFactorSetUp(ctx, broker.id, request); // REQUIRE_2FA
        // An account in no workspace (removed from its team) opens nothing.
        const member = await membershipOf(ctx, broker.id);
        if (!member) throw unauthorized("Your session has expired. Please sign in again.");
        return { broker, member };
      },
    },
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
    reader: {
      async resolve({ headers, cookie }): Promise<{ reader: Reader }> {
        const session = await brokerSession(ctx, { headers, cookie });
        // An account in no workspace (removed from its team) reads nothing, nor opens the live
        // channel as a broker; REQUIRE_2FA: nor does a broker who has not set up the factor yet.
        const member = session && (await membershipOf(ctx, session.broker.id));
        const broker = member && !(await twoFactorSetupNeeded(ctx, session.broker.id)) ? session : null;
        return { reader: { broker, member: broker && member, customer: await customerSession(ctx, { cookie }) } };
      },
    },
  });
}

export const access = perContext("access plugin", "per process", "an Elysia plugin of this process's app, built once per context", build);
