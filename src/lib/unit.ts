// What a unit of work hands to the code inside it and to its subscribers (src/lib/unit-of-work.ts
// runs it). Apart, so the app context can hold the subscribers without importing the runner.
//
// An event published on a unit has two audiences. The live channel (ctx.events: this process's
// sockets, and the other instances through PostgreSQL NOTIFY, whose payload is at most
// MAX_PAYLOAD_BYTES) gets the domain event as src/lib/events.ts declares it. The unit's
// subscribers (src/side-effects.ts: the audit trail, notifications) get it with its `facts`: who
// acted, what they wrote, what to tell whom. `liveEventOf` below is the one rule that takes the
// facts off, and drops the unit-only events, before anything leaves the transaction.
import type { Tx } from "../../db/types.ts";
import type { AuditAction, AuditActor } from "../shared/audit.ts";
import type { BrokerNotificationType, CustomerNotificationType, NewNotification } from "../shared/notifications.ts";
import type { CustomerOwnership } from "../shared/workspaces.ts";
import type { AboutCustomer, DomainEvent } from "./events.ts";

/** One entry of a customer's audit trail (src/features/audit/append.ts appends it to the workspace's chain). */
export interface AuditFact {
  /** The workspace whose chain it joins. */
  brokerId: string;
  customerId: string;
  action: AuditAction;
  actor: AuditActor;
  document?: { id: string; name: string } | null;
  /** A reason, a scope, a file name: what the action needs said. */
  detail?: string | null;
  /** The customer's name, when the row is gone by the time the entry is written (deletion); else looked up. */
  customerLabel?: string;
}

/** A notification a change causes (src/features/notifications/subscriber.ts stores it). */
export type NotificationFact =
  /** The customer's team (the assignee and the watchers who may see them), but the member whose action it was. */
  | ({ to: "team"; customer: CustomerOwnership & { id: string }; exceptMemberId?: string | null } & NewNotification<BrokerNotificationType>)
  /** One member (an infected file a member shared tells that member). */
  | ({ to: "member"; memberId: string } & NewNotification<BrokerNotificationType>)
  /** The customer (bell and portal); `brokerId` names who it is from. */
  | ({ to: "customer"; customerId: string; brokerId?: string } & NewNotification<CustomerNotificationType>);

/** What only the unit's subscribers read: never sent to the live channel nor to another instance. */
export interface EventFacts {
  /** Appended in this order, after the entries of the events published before this one. */
  audit?: AuditFact[];
  notify?: NotificationFact[];
  /** A deleted customer's name and email, for the workspace's other systems (webhooks): the row is gone when they hear. */
  contact?: { name: string; email: string };
}

/**
 * Things that happen without changing what any screen shows (a file read, an export, a reminder
 * email, a signature request whose document is gone, a handover's trail, an infected file refused, a webhook endpoint switched off): published for the subscribers, never
 * passed to the live channel. The last three are what the workspace's other systems hear of
 * (the webhooks' outbox) but a screen need not: the document_status_changed published beside
 * each refreshes the screens.
 */
export const UNIT_ONLY_EVENTS = [
  "document_read",
  "customers_exported",
  "upload_link_opened",
  "reminder_sent",
  "invitation_resent",
  "signature_request_changed",
  "customers_handed_over",
  "upload_infected",
  "webhook_endpoint_disabled",
  "share_sent",
  "document_expiring",
  "signature_completed",
] as const;

/** The unit-only events the webhooks' outbox reads: which customer, which documents. */
export type WebhookOnlyEvent =
  | ({ type: "share_sent"; documentIds: string[] } & AboutCustomer)
  | ({ type: "document_expiring"; documentId: string; expiresOn: string } & AboutCustomer)
  | ({ type: "signature_completed"; documentId: string; signatureRequestId: string } & AboutCustomer);
export type UnitOnlyEvent = { type: Exclude<(typeof UNIT_ONLY_EVENTS)[number], WebhookOnlyEvent["type"]>; workspaceId: string } | WebhookOnlyEvent;

type WithFacts<E> = E extends unknown ? E & { facts?: EventFacts } : never;

/** What a unit publishes: a domain event (to the live channel too) or a unit-only one, each with its facts. */
export type UnitEvent = WithFacts<DomainEvent | UnitOnlyEvent>;

const unitOnly: ReadonlySet<string> = new Set(UNIT_ONLY_EVENTS);

/** The part of a unit's event the live channel may carry, or null for a unit-only event. */
export function liveEventOf(event: UnitEvent): DomainEvent | null {
  if (unitOnly.has(event.type)) return null;
  const { facts: _facts, ...live } = event;
  return live as DomainEvent;
}

export interface Unit {
  tx: Tx;
  publish(event: UnitEvent): void;
  /** The time of this change, from the app's clock. */
  now: Date;
}

/**
 * A side effect of a domain event, written in the publishing transaction before it commits. It may
 * publish events itself (a notification's `notification_created`); those reach every subscriber too.
 * Registered once per context (`ctx.unitSubscribers`), by the composition that builds it.
 */
export type UnitSubscriber = (unit: Unit, event: UnitEvent) => Promise<void> | void;
