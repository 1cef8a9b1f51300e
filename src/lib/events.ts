// Domain events: features publish what changed (after their transaction commits) and never know
// who listens. The live channel turns them into WebSocket messages. In-process today; the
// interface is what a PostgreSQL LISTEN/NOTIFY or Redis pub/sub bus would implement for several
// portal processes.

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
}

export class InProcessEventBus implements EventBus {
  private listeners = new Set<(event: DomainEvent) => void>();

  publish(event: DomainEvent): void {
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
}
