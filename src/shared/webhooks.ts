// Webhook event types and the messages of the webhooks screens and routes (issue 43), shared by
// the server (its checks, its payloads) and the Integrations page (its checkboxes).

/** What an endpoint may subscribe to, in the order the page lists them. */
export const WEBHOOK_EVENT_TYPES = [
  "customer.created",
  "customer.updated",
  "customer.deleted",
  "document.requested",
  "document.uploaded",
  "document.approved",
  "document.resubmit_requested",
  "document.expiring",
  "share.sent",
  "signature.completed",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Sent by "Send test event" to one endpoint, whatever it subscribes to. */
export const WEBHOOK_TEST_EVENT = "webhook.test";

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  "customer.created": "Customer created",
  "customer.updated": "Customer updated",
  "customer.deleted": "Customer deleted",
  "document.requested": "Document requested",
  "document.uploaded": "Document uploaded",
  "document.approved": "Document approved",
  "document.resubmit_requested": "Re-submission requested",
  "document.expiring": "Document expiring",
  "share.sent": "Files shared",
  "signature.completed": "Signature completed",
};

export const WEBHOOK_DELIVERY_STATUSES = ["pending", "succeeded", "failed", "given_up"] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const WEBHOOK_DELIVERY_STATUS_LABELS: Record<WebhookDeliveryStatus, string> = {
  pending: "Pending",
  succeeded: "Delivered",
  failed: "Failed, will retry",
  given_up: "Given up",
};

/** A workspace's endpoints, at most: each event is one delivery per endpoint. */
export const MAX_WEBHOOK_ENDPOINTS = 20;
export const MAX_WEBHOOK_URL_LENGTH = 2048;
/** How many of an endpoint's deliveries its log shows, newest first. */
export const WEBHOOK_LOG_LIMIT = 50;

export const webhookMessages = {
  notFound: "Webhook endpoint not found",
  deliveryNotFound: "Delivery not found",
  noEvents: "Choose at least one event to send to this endpoint",
  unknownEvent: "Unknown webhook event type",
  urlTooLong: `The webhook URL must be at most ${MAX_WEBHOOK_URL_LENGTH} characters`,
  tooMany: `A workspace can have at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints`,
  created: "Webhook endpoint added",
  deleted: "Webhook endpoint deleted",
  testQueued: "Test event queued",
  resendQueued: "Delivery queued again",
  disabledAfterFailures: "Switched off after repeated failed deliveries",
} as const;

/**
 * What is wrong with a webhook URL before any lookup, or null: the endpoint form's check, the
 * create route's and every delivery's (address-guard.ts). Plain http only where the operator allows
 * private networks; the browser, which cannot know that, asks with `allowPrivate` and the server decides.
 */
export function webhookUrlProblem(raw: string, allowPrivate: boolean): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "The webhook URL is not a valid URL";
  }
  const protocols = allowPrivate ? ["https:", "http:"] : ["https:"];
  if (!protocols.includes(url.protocol)) return "The webhook URL must start with https://";
  if (url.username || url.password) return "The webhook URL must not contain a user name or password";
  return null;
}
