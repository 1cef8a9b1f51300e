// Domain events: features publish what changed (after their transaction commits) and never know
// who listens. The live channel turns them into WebSocket messages. One process (SQLite): the
// events go straight to its listeners. Several instances on PostgreSQL: every event goes through
// the database's channel (db/notify.ts) and comes back to the listeners of every instance, this
// one included, so a customer's upload through one instance reaches the broker on another.
import type { EventChannel } from "../../db/notify.ts";
import { MAX_PAYLOAD_BYTES } from "../../db/notify.ts";
import type { Logger } from "./log.ts";

export type DomainEvent =
  | { type: "customer_created" | "customer_deleted"; brokerId: string; customerId: string }
  /** `emailChanged`: the relationship now belongs to another address, so accounts reaching it by email change. */
  | { type: "customer_updated"; brokerId: string; customerId: string; emailChanged?: boolean }
  | { type: "documents_requested"; brokerId: string; customerId: string; documentIds: string[] }
  | { type: "document_uploaded"; brokerId: string; customerId: string; documentId: string }
  | { type: "document_verified"; brokerId: string; customerId: string; documentId: string; status: string }
  | { type: "document_status_changed"; brokerId: string; customerId: string; documentIds: string[] }
  /** Many customers changed at once (bulk reminders): refresh everything instead of item by item. */
  | { type: "customer_list_refresh"; brokerId: string }
  | { type: "notification_created"; audience: "broker"; brokerId: string; notificationId: string }
  | { type: "notification_created"; audience: "customer"; customerId: string; notificationId: string }
  | { type: "notifications_read"; audience: "broker"; brokerId: string }
  | { type: "notifications_read"; audience: "customer"; customerIds: string[] }
  | { type: "broker_signed_out"; brokerId: string; sessionId: string }
  /** One session of a customer account ended (sign-out), or all of them (no sessionId: a new password). */
  | { type: "customer_signed_out"; accountId: string; sessionId?: string };

export interface EventBus {
  publish(event: DomainEvent): void;
  /** Returns the function that unsubscribes. */
  subscribe(listener: (event: DomainEvent) => void): () => void;
  /** Starts hearing other instances (before serving); a no-op for one process. */
  start(): Promise<void>;
  close(): Promise<void>;
}

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

  async start(): Promise<void> {}
  async close(): Promise<void> {}
}

export class SharedEventBus extends InProcessEventBus {
  /** Sends go out one after another, so every instance hears them in the order they happened. */
  private sending: Promise<void> = Promise.resolve();
  private stopListening: (() => Promise<void>) | null = null;

  constructor(
    private readonly channel: EventChannel,
    private readonly log: Logger,
  ) {
    super();
  }

  override publish(event: DomainEvent): void {
    for (const part of withinPayloadLimit(event)) {
      const payload = JSON.stringify(part);
      this.sending = this.sending
        .then(() => this.channel.send(payload))
        .catch((error) => this.log.error("A live event could not be sent to the other instances", { type: event.type, error: String(error) }));
    }
  }

  override async start(): Promise<void> {
    this.stopListening = await this.channel.listen((payload) => {
      try {
        this.deliver(JSON.parse(payload) as DomainEvent);
      } catch (error) {
        this.log.error("A live event from another instance could not be read", { error: String(error) });
      }
    });
  }

  override async close(): Promise<void> {
    await this.sending;
    await this.stopListening?.();
    this.stopListening = null;
  }
}

/** An event whose id list is too long for one message, as several with shorter lists. */
function withinPayloadLimit(event: DomainEvent): DomainEvent[] {
  if (new TextEncoder().encode(JSON.stringify(event)).length <= MAX_PAYLOAD_BYTES) return [event];
  const list = "documentIds" in event ? "documentIds" : "customerIds" in event ? "customerIds" : null;
  const ids = list ? ((event as Record<string, unknown>)[list] as string[]) : [];
  // Nothing to split (ids are short; no other event comes near the limit): refresh everything.
  if (ids.length < 2) return "brokerId" in event ? [{ type: "customer_list_refresh", brokerId: event.brokerId }] : [];
  const half = Math.ceil(ids.length / 2);
  return [ids.slice(0, half), ids.slice(half)].flatMap((part) => withinPayloadLimit({ ...event, [list!]: part } as DomainEvent));
}

export function createEventBus(channel: EventChannel | null, log: Logger): EventBus {
  return channel ? new SharedEventBus(channel, log) : new InProcessEventBus();
}
