// What a stored notification is: its types on either side and the content a change gives it. The
// services that cause one name it in their domain event's facts (src/lib/unit.ts); the
// notifications feature stores it.

export type BrokerNotificationType = "document_uploaded" | "document_verified" | "customer_invited" | "upload_infected" | "document_unavailable" | "document_signed" | "signature_declined" | "signature_seal_failed" | "webhook_disabled";
export type CustomerNotificationType = "document_verified" | "documents_requested" | "document_deleted" | "other";

export interface NewNotification<T> {
  type: T;
  title: string;
  message: string;
  metadata?: Record<string, unknown>;
}
