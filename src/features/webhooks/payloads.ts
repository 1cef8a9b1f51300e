// The webhook events a unit's event is (src/lib/unit.ts), and their `data` (events.ts), read
// in the publishing transaction: what the CRM hears is what that transaction wrote. Only the
// event's own customer and that customer's documents are read, so a payload never carries another
// workspace's data.
import type { AppContext } from "../../context.ts";
import type { Writer } from "../../lib/jobs.ts";
import type { UnitEvent } from "../../lib/unit.ts";
import type { WebhookEventType } from "../../shared/webhooks.ts";
import { customerContact } from "../customers/lookups.ts";
import { customerDocumentsIn, type DocumentRow } from "../documents/service.ts";
import type { WebhookCustomer, WebhookData, WebhookDocument } from "./events.ts";

/** Which webhook type a unit's event is, if any (known before anything is read: most events have no subscriber). */
export function webhookTypeOf(event: UnitEvent): WebhookEventType | null {
  switch (event.type) {
    case "customer_created":
      return "customer.created";
    case "customer_updated":
      return "customer.updated";
    case "customer_deleted":
      return "customer.deleted";
    case "documents_requested":
      return "document.requested";
    case "document_uploaded":
      return "document.uploaded";
    case "document_verified":
      return event.status === "approved" ? "document.approved" : event.status === "need_to_resubmit" ? "document.resubmit_requested" : null;
    case "document_expiring":
      return "document.expiring";
    case "share_sent":
      return "share.sent";
    case "signature_completed":
      return "signature.completed";
    default:
      return null;
  }
}

type Payload = { [K in WebhookEventType]: { type: K; data: WebhookData[K] } }[WebhookEventType];

const documentData = (doc: DocumentRow): WebhookDocument => ({
  id: doc.id,
  name: doc.name,
  status: doc.status,
  kind: doc.kind,
  dueDate: doc.dueDate?.toISOString() ?? null,
});

/** The webhook events `event` becomes, with their data: one per document for a request of several. */
export async function webhookPayloads(ctx: AppContext, tx: Writer, event: UnitEvent, type: WebhookEventType): Promise<Payload[]> {
  if (event.type === "customer_deleted") {
    // The row is gone: who it was comes with the event, as a fact (customers/service.ts).
    const contact = event.facts?.contact ?? { name: "", email: "" };
    return [{ type: "customer.deleted", data: { customer: { id: event.customerId, ...contact } } }];
  }
  if (!("customerId" in event) || !("workspaceId" in event)) return [];
  const found = await customerContact(ctx, event.customerId, tx);
  if (!found || found.workspaceId !== event.workspaceId) return [];
  const customer: WebhookCustomer = { id: found.id, name: found.name, email: found.email, assigneeId: found.assigneeId, language: found.language, chosenLanguage: found.chosenLanguage };
  switch (event.type) {
    case "customer_created":
    case "customer_updated":
      return [{ type: type as "customer.created" | "customer.updated", data: { customer } }];
    case "documents_requested":
      return (await customerDocumentsIn(tx, customer.id, event.documentIds)).map((doc) => ({ type: "document.requested", data: { customer, document: documentData(doc) } }));
    case "share_sent": {
      const documents = await customerDocumentsIn(tx, customer.id, event.documentIds);
      return documents.length ? [{ type: "share.sent", data: { customer, documents: documents.map(documentData) } }] : [];
    }
    case "document_uploaded":
    case "document_verified":
    case "document_expiring":
    case "signature_completed": {
      const [doc] = await customerDocumentsIn(tx, customer.id, [event.documentId]);
      if (!doc) return [];
      const document = documentData(doc);
      if (event.type === "document_expiring") return [{ type: "document.expiring", data: { customer, document, expiresOn: event.expiresOn } }];
      if (event.type === "signature_completed") return [{ type: "signature.completed", data: { customer, document, signatureRequestId: event.signatureRequestId } }];
      if (type === "document.resubmit_requested") return [{ type, data: { customer, document, reason: doc.rejectionReason } }];
      return [{ type: type as "document.uploaded" | "document.approved", data: { customer, document } }];
    }
    default:
      return [];
  }
}
