// Domain events: features publish what changed (after their transaction commits) and never know
// who listens. The live channel turns them into WebSocket messages. One process (SQLite): the
// events go straight to its listeners. Several instances on PostgreSQL: an event goes straight to
// this instance's listeners too, and through the database's channel (db/notify.ts) to the other
// instances' listeners, so a customer's upload through one instance reaches the broker on another.
// This instance's own events do not wait for the channel: they reach its sockets while the
// channel's connection is down (a PostgreSQL restart). Events of other instances sent meanwhile
// are lost; once the channel listens again, this instance's listeners are told (onMissed).
import { randomUUID } from "node:crypto";
import type { EventChannel } from "../../db/notify.ts";
import { MAX_PAYLOAD_BYTES } from "../../db/notify.ts";
import type { Logger } from "./log.ts";
import type { CustomerOwnership, WorkspaceRole, WorkspaceVisibility } from "../shared/workspaces.ts";

/**
 * Whose customer an event is about: the hub sends it to the members of that workspace who may
 * see the customer (maySeeCustomer, src/shared/workspaces.ts), never by who published it.
 */
export type AboutCustomer = CustomerOwnership & { customerId: string };

export type DomainEvent =
  | ({ type: "customer_created" } & AboutCustomer)
  | ({ type: "customer_deleted" } & AboutCustomer)
  /**
   * `emailChanged`: the relationship now belongs to another address, so accounts reaching it by email change.
   * `previousAssigneeId`: handed to another member; the one it was assigned to hears it once more (their lists lose it).
   */
  | ({ type: "customer_updated"; emailChanged?: boolean; previousAssigneeId?: string } & AboutCustomer)
  | ({ type: "documents_requested"; documentIds: string[] } & AboutCustomer)
  | ({ type: "document_uploaded"; documentId: string } & AboutCustomer)
  /** Its file's content was read (issue 42): the verdict is on the document now. */
  | ({ type: "document_recognised"; documentId: string } & AboutCustomer)
  | ({ type: "document_verified"; documentId: string; status: string } & AboutCustomer)
  | ({ type: "document_status_changed"; documentIds: string[] } & AboutCustomer)
  /**
   * Many customers changed at once (bulk reminders, a pipeline handed over): the members who may
   * see at least one of them refresh everything. `assigneeIds`: those customers' assignees (before
   * and after a handover); absent when the workspace itself changed (its plan), for every member.
   */
  | { type: "customer_list_refresh"; workspaceId: string; assigneeIds?: string[] }
  /** To one member: `brokerId` is the recipient's (a member's user id). */
  | { type: "notification_created"; audience: "broker"; brokerId: string; notificationId: string }
  | { type: "notification_created"; audience: "customer"; customerId: string; notificationId: string }
  | { type: "notifications_read"; audience: "broker"; brokerId: string }
  | { type: "notifications_read"; audience: "customer"; customerIds: string[] }
  | { type: "broker_signed_out"; brokerId: string; sessionId: string }
  /**
   * What a member may see changed: their role (memberId and role), or their workspace's
   * visibility (visibility alone). Their open sockets hear by the new scope from now on.
   */
  | { type: "member_scope_changed"; workspaceId: string; memberId?: string; role?: WorkspaceRole; visibility?: WorkspaceVisibility }
  /** One session of a customer account ended (sign-out), or all of them (no sessionId: a new password). */
  | { type: "customer_signed_out"; accountId: string; sessionId?: string };

export interface EventBus {
  publish(event: DomainEvent): void;
  /** Returns the function that unsubscribes. */
  subscribe(listener: (event: DomainEvent) => void): () => void;
  /** Called each time events of other instances may have been missed: their channel was down and listens again. */
  onMissed(listener: () => void): () => void;
  /** Why this instance is not hearing the other instances' events right now, or null when it is (or there are none). */
  notHearing(): string | null;
  /** Starts hearing other instances (before serving); a no-op for one process. */
  start(): Promise<void>;
  close(): Promise<void>;
}

export const NOT_HEARING_OTHER_INSTANCES = "Live events from the other instances are not being heard: reconnecting to PostgreSQL";

export class InProcessEventBus implements EventBus {
  private listeners = new Set<(event: DomainEvent) => void>();

  publish(event: DomainEvent): void {
    this.deliver(event);
  }

  /** Hands an event to this process's listeners. */
  deliver(event: DomainEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // One broken listener must not stop the others or the publisher.
      }
    }
  }

  subscribe(listener: (event: DomainEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  protected missedListeners = new Set<() => void>();

  onMissed(listener: () => void): () => void {
    this.missedListeners.add(listener);
    return () => this.missedListeners.delete(listener);
  }

  notHearing(): string | null {
    return null;
  }

  async start(): Promise<void> {}
  async close(): Promise<void> {}
}

/** What goes through the channel: the event, and which instance sent it (which hears it apart). */
type ChannelMessage = DomainEvent & { origin?: string };

export class SharedEventBus extends InProcessEventBus {
  /** Sends go out one after another, so every instance hears them in the order they happened. */
  private sending: Promise<void> = Promise.resolve();
  private stopListening: (() => Promise<void>) | null = null;
  /** Tells this instance's messages on the channel from the others'. */
  private readonly origin = randomUUID();
  /** Started, and its channel's connection is lost: other instances' events go unheard. */
  private deaf = false;

  constructor(
    private readonly channel: EventChannel,
    private readonly log: Logger,
  ) {
    super();
  }

  override publish(event: DomainEvent): void {
    this.deliver(event);
    for (const part of withinPayloadLimit(event, this.origin)) {
      const payload = JSON.stringify(part);
      this.sending = this.sending
        .then(() => this.channel.send(payload))
        .catch((error) => this.log.error("A live event could not be sent to the other instances", { type: event.type, error: String(error) }));
    }
  }

  override notHearing(): string | null {
    return this.deaf ? NOT_HEARING_OTHER_INSTANCES : null;
  }

  override async start(): Promise<void> {
    this.stopListening = await this.channel.listen(
      (payload) => this.hear(payload),
      (listening) => this.listeningChanged(listening),
    );
  }

  override async close(): Promise<void> {
    await this.sending;
    await this.stopListening?.();
    this.stopListening = null;
  }

  private hear(payload: string): void {
    try {
      const { origin, ...event } = JSON.parse(payload) as ChannelMessage;
      if (origin !== this.origin) this.deliver(event as DomainEvent); // this instance's own were delivered when published
    } catch (error) {
      this.log.error("A live event from another instance could not be read", { error: String(error) });
    }
  }

  private listeningChanged(listening: boolean): void {
    if (!listening) {
      this.deaf = true;
      this.log.warn("Lost the PostgreSQL connection that hears the other instances' live events; reconnecting");
      return;
    }
    if (!this.deaf) return; // the first LISTEN, at start: nothing was missed
    this.deaf = false;
    this.log.info("Hearing the other instances' live events again; every open socket is told to refetch");
    for (const listener of this.missedListeners) {
      try {
        listener();
      } catch {
        // As for events: one broken listener must not stop the others.
      }
    }
  }
}

/** An event whose id list is too long for one message, as several with shorter lists. */
function withinPayloadLimit(event: DomainEvent, origin: string): ChannelMessage[] {
  const message: ChannelMessage = { ...event, origin };
  if (new TextEncoder().encode(JSON.stringify(message)).length <= MAX_PAYLOAD_BYTES) return [message];
  const list = "documentIds" in event ? "documentIds" : "customerIds" in event ? "customerIds" : event.type === "customer_list_refresh" && event.assigneeIds ? "assigneeIds" : null;
  const ids = list ? ((event as Record<string, unknown>)[list] as string[]) : [];
  // Nothing to split (ids are short; no other event comes near the limit): refresh everything.
  if (ids.length < 2) return "workspaceId" in event ? [{ type: "customer_list_refresh", workspaceId: event.workspaceId, ...assigneesOf(event), origin }] : [];
  const half = Math.ceil(ids.length / 2);
  return [ids.slice(0, half), ids.slice(half)].flatMap((part) => withinPayloadLimit({ ...event, [list!]: part } as DomainEvent, origin));
}

/** Whose customers an event is about, for the refresh that stands in for it: no one named, every member. */
function assigneesOf(event: DomainEvent): { assigneeIds?: string[] } {
  if ("assigneeId" in event) return { assigneeIds: [event.assigneeId, ...("previousAssigneeId" in event && event.previousAssigneeId ? [event.previousAssigneeId] : [])] };
  return event.type === "customer_list_refresh" && event.assigneeIds ? { assigneeIds: event.assigneeIds } : {};
}

export function createEventBus(channel: EventChannel | null, log: Logger): EventBus {
  return channel ? new SharedEventBus(channel, log) : new InProcessEventBus();
}
