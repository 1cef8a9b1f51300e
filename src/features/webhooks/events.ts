// What each webhook event's `data` is: one `t` schema per type, published in the OpenAPI
// document's `webhooks` (api-docs) and checked against every payload the outbox stores
// (tests/api/webhooks-payloads.test.ts), so the description and the deliveries cannot drift.
// Only what the workspace's other systems need to keep a CRM in step: ids, names, emails,
// statuses, document names and due dates; never a link that opens the portal.
import { t, type TSchema } from "elysia";
import { DOCUMENT_KINDS, DOCUMENT_STATUSES } from "../../shared/documents.ts";
import { WEBHOOK_TEST_EVENT, type WebhookEventType } from "../../shared/webhooks.ts";

const WebhookCustomer = t.Object({
  id: t.String(),
  name: t.String(),
  email: t.String(),
  /** The workspace member responsible for the customer. */
  assigneeId: t.String(),
  /** The language the broker set ("en", "es"); null: not set. As on GET /api/customer/{id}. */
  language: t.Nullable(t.String()),
  /** The customer's own choice in the portal, which wins over the broker's; null: none. */
  chosenLanguage: t.Nullable(t.String()),
});

const WebhookDocument = t.Object({
  id: t.String(),
  name: t.String(),
  status: t.UnionEnum(DOCUMENT_STATUSES),
  kind: t.UnionEnum(DOCUMENT_KINDS),
  /** ISO 8601, or null when none was set. */
  dueDate: t.Nullable(t.String()),
});
export type WebhookDocument = typeof WebhookDocument.static;
export type WebhookCustomer = typeof WebhookCustomer.static;

const AboutCustomer = t.Object({ customer: WebhookCustomer });
const AboutDocument = t.Object({ customer: WebhookCustomer, document: WebhookDocument });

export const webhookDataSchemas = {
  "customer.created": AboutCustomer,
  "customer.updated": AboutCustomer,
  "customer.deleted": t.Object({ customer: t.Object({ id: t.String(), name: t.String(), email: t.String() }) }),
  "document.requested": AboutDocument,
  "document.uploaded": AboutDocument,
  "document.approved": AboutDocument,
  "document.resubmit_requested": t.Object({ customer: WebhookCustomer, document: WebhookDocument, reason: t.Nullable(t.String()) }),
  "document.expiring": t.Object({ customer: WebhookCustomer, document: WebhookDocument, expiresOn: t.String({ format: "date" }) }),
  "share.sent": t.Object({ customer: WebhookCustomer, documents: t.Array(WebhookDocument) }),
  "signature.completed": t.Object({ customer: WebhookCustomer, document: WebhookDocument, signatureRequestId: t.String() }),
  [WEBHOOK_TEST_EVENT]: t.Object({ message: t.String() }),
} satisfies Record<WebhookEventType | typeof WEBHOOK_TEST_EVENT, TSchema>;

export type WebhookData = { [K in keyof typeof webhookDataSchemas]: (typeof webhookDataSchemas)[K]["static"] };

/** The body every delivery of `type` POSTs. */
export const webhookBody = (type: string, data: TSchema) => t.Object({ id: t.String(), type: t.Literal(type), createdAt: t.String({ format: "date-time" }), data });
