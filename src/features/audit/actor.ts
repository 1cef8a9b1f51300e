// Who did it and from where: built once per request by the route (its identity and the client's
// address, through the same clientAddress as sign-in throttling, so TRUST_PROXY is respected) and
// handed to the service, which publishes it with the change's domain event (the audit subscriber
// records it).
import type { Server } from "bun";
import type { AppContext } from "../../context.ts";
import { clientAddress } from "../../lib/http.ts";
import type { AuditActor } from "../../shared/audit.ts";
import { displayName } from "../../shared/user-display.ts";
import type { Reader } from "../access/plugin.ts";
import type { PublicUser } from "../auth/model.ts";

/** The shape is shared (src/shared/audit.ts): it travels with a domain event to the audit subscriber. */
export type { AuditActor };

/**
 * What an actor is told of an upload link's access (customer-auth/session.ts's PortalAccess,
 * given by the route): only what it records. Written out here because audit sits below
 * customer-auth in the feature order (docs/architecture.md).
 */
interface LinkAccess {
  customer: { id: string };
  session: { account: { email: string } } | null;
}


/** Where a request came from, as the route sees it. Absent outside a request (the demo). */
export interface RequestOrigin {
  request?: Request;
  server?: Server<unknown> | null;
}

const addressOf = (ctx: AppContext, { request, server }: RequestOrigin) => (request ? clientAddress(ctx, request, server ?? null) : null);

/** The API key a broker request came with (the access plugin's `apiKey`): only its name is recorded. */
export interface KeyName {
  name: string;
}

/** A key's change is its creator's (the id), named by the key, so the trail tells an integration from the person. */
const keyLabel = (apiKey: KeyName) => `API key ${apiKey.name}`;

export const brokerActor = (ctx: AppContext, input: RequestOrigin & { broker: PublicUser; apiKey?: KeyName | null }): AuditActor => ({
  kind: "broker",
  id: input.broker.id,
  label: input.apiKey ? keyLabel(input.apiKey) : displayName(input.broker),
  address: addressOf(ctx, input),
});

/** A member named by id, outside a route of theirs (a removal handed down from workspaces). */
export const memberActor = (member: PublicUser | null, address: string | null): AuditActor => ({
  kind: "broker",
  id: member?.id ?? null,
  label: displayName(member),
  address,
});

/** Through an upload link: the signed-in customer, or a guest holding the link. */
export const portalActor = (ctx: AppContext, input: RequestOrigin & { portal: LinkAccess }): AuditActor =>
  input.portal.session
    ? { kind: "customer", id: input.portal.customer.id, label: input.portal.session.account.email, address: addressOf(ctx, input) }
    : linkGuestActor(input.portal.customer.id, addressOf(ctx, input));

/** Whoever holds another signer's signing link (/sign/{token}, issue 41), named by the email it was sent to. */
export const signingLinkActor = (ctx: AppContext, input: RequestOrigin & { email: string }): AuditActor => ({
  kind: "guest",
  id: null,
  label: `Signing link sent to ${input.email}`,
  address: addressOf(ctx, input),
});

/** Whoever holds a customer's upload link, signed in to nothing. */
export const linkGuestActor = (customerId: string, address: string | null): AuditActor => ({ kind: "guest", id: customerId, label: "Upload link", address });

/**
 * A file read: who was let in decides (files/service.ts: a signed link's token alone, else a
 * member who sees the customer, else the signed-in customer).
 */
export function fileReadActor(
  ctx: AppContext,
  input: RequestOrigin & { reader: Reader; readBy: FileReader; document: { customerId: string } },
): AuditActor {
  const address = addressOf(ctx, input);
  const { broker, customer, apiKey } = input.reader;
  if (input.readBy === "link") return { kind: "guest", id: null, label: "Signed file link", address };
  if (input.readBy === "broker" && broker) return { kind: "broker", id: broker.broker.id, label: apiKey ? keyLabel(apiKey) : displayName(broker.broker), address };
  return { kind: "customer", id: input.document.customerId, label: customer?.account.email ?? "Customer", address };
}

/** Who let a file read in (files/service.ts): a signed link, a member who sees the customer, or the customer. */
export type FileReader = "link" | "broker" | "customer";

/** The portal's own work, named by what did it. */
export const systemActor = (label: string): AuditActor => ({ kind: "system", id: null, label, address: null });

/** Scheduled and cadence reminders (sent through the outbox). */
export const SYSTEM_ACTOR = systemActor("Scheduled reminder");

/** An approved document asked for again before it expires. */
export const EXPIRY_ACTOR = systemActor("Expiry check");
