// The audit trail's vocabulary, written once for the server (what may be recorded) and the web
// app (how the timeline names it): the closed set of actions with their labels, and who acts.

export const AUDIT_ACTIONS = [
  "invited",
  "invitation_resent",
  "documents_requested",
  "link_opened",
  "uploaded",
  "unavailable_answered",
  "unavailable_accepted",
  "unavailable_kept_open",
  "downloaded",
  "viewed",
  "approved",
  "resubmit_requested",
  "reminder_sent",
  "shared",
  "document_deleted",
  "customer_deleted",
  "exported",
  "signature_requested",
  "signature_viewed",
  "signed",
  "signature_declined",
  "signature_voided",
  "signature_resent",
  "signature_completed",
  "signature_seal_failed",
  "signature_seal_retried",
  "assigned",
  "watchers_changed",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The timeline's words for each action. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  invited: "Invited",
  invitation_resent: "Invitation resent",
  documents_requested: "Documents requested",
  link_opened: "Upload link opened",
  uploaded: "Document uploaded",
  unavailable_answered: "Customer doesn't have it",
  unavailable_accepted: "Accepted without a file",
  unavailable_kept_open: "Document still needed",
  downloaded: "Document downloaded",
  viewed: "Document viewed",
  approved: "Document approved",
  resubmit_requested: "Re-submit requested",
  reminder_sent: "Reminder sent",
  shared: "Document shared",
  document_deleted: "Document deleted",
  customer_deleted: "Customer deleted",
  exported: "Documents exported",
  signature_requested: "Signature requested",
  signature_viewed: "Document to sign opened",
  signed: "Document signed",
  signature_declined: "Signing declined",
  signature_voided: "Signature request voided",
  signature_resent: "Signature request sent again",
  signature_completed: "Signed document sealed",
  signature_seal_failed: "Sealing failed",
  signature_seal_retried: "Sealing tried again",
  assigned: "Assigned to a member",
  watchers_changed: "Watchers changed",
};

/**
 * Who acted: the signed-in broker, the signed-in customer, a guest (the upload link or a signed
 * file link alone, so possibly not the customer) or the portal itself (scheduled reminders).
 */
export const AUDIT_ACTOR_KINDS = ["broker", "customer", "guest", "system"] as const;
export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number];

/**
 * Who did it, as the trail records it (src/features/audit/actor.ts builds it from a request; it
 * travels with a domain event to the audit subscriber, never to the live channel).
 */
export interface AuditActor {
  kind: AuditActorKind;
  /** The broker's id, the customer relationship's id, or null (a signed file link, the portal). */
  id: string | null;
  label: string;
  /** The client's IP address; null for the portal's own work. */
  address: string | null;
}

export const AUDIT_ACTOR_KIND_LABELS: Record<AuditActorKind, string> = {
  broker: "Broker",
  customer: "Customer",
  guest: "Link holder",
  system: "Portal",
};

/** Entries per page of the timeline (the API's default and the web app's "Show more" step). */
export const AUDIT_PAGE_SIZE = 25;
export const MAX_AUDIT_PAGE_SIZE = 100;

/** The CSV and PDF exports' columns, in order. */
export const AUDIT_EXPORT_HEADER = ["#", "Time (UTC)", "Action", "Actor", "Actor type", "Address", "Document", "Detail", "Hash"];

export const auditMessages = {
  intact: "Audit chain intact",
  broken: "Audit chain broken",
};
