// Answered without a file ("I don't have this"), and the broker's decision on that answer:
// accepted (approved without a file) or kept open (a file is still needed).
import { and, eq } from "drizzle-orm";
import { documents } from "../../../../db/tables.ts";
import type { AppContext } from "../../../context.ts";
import { saidError } from "../../../lib/said-error.ts";
import type { Unit } from "../../../lib/unit-of-work.ts";
import { AWAITING_UPLOAD } from "../../../shared/documents.ts";
import type { AuditActor } from "../../audit/actor.ts";
import { aboutCustomerById } from "../../customers/lookups.ts";
import { statusIn, type DocumentRow } from "../service.ts";
import { publishCustomerAnswer } from "./uploaded.ts";
import { customerNotice } from "../../../shared/i18n/customer-notice.ts";

/** The customer answered a request that awaits nothing from them any more (a file or the broker's decision came first). */
export const noLongerAwaited = () => saidError("conflict", "errors.noLongerAwaited");

/**
 * The customer answers a request with a reason instead of a file; the status stays (the request
 * is still open) and the broker is told. Re-checked here: a file that arrived meanwhile wins.
 */
export async function answerWithoutFile(ctx: AppContext, unit: Unit, input: { doc: DocumentRow; reason: string; actor: AuditActor }): Promise<DocumentRow> {
  const { doc, reason } = input;
  const updated = (await unit.tx
    .update(documents)
    .set({ unavailableReason: reason, unavailableAt: unit.now, stillNeededAt: null })
    .where(and(eq(documents.id, doc.id), statusIn(AWAITING_UPLOAD)))
    .returning())[0];
  if (!updated) throw noLongerAwaited();
  await publishCustomerAnswer(ctx, unit, {
    doc,
    audit: { action: "unavailable_answered", actor: input.actor, detail: reason },
    team: { type: "document_unavailable", title: "Customer doesn't have a document", message: (customerName) => `${customerName} doesn't have ${doc.name}: ${reason}` },
  });
  return updated;
}

/**
 * The broker's decision on an "I don't have this" answer: accept it (the request is settled:
 * approved without a file, the reason kept as its record) or keep the request open (the answer is
 * cleared, and the customer told a file is still needed: by a notification, and on the document's
 * card through the link, where guests see it too).
 */
export async function decideWithoutFileAnswer(
  ctx: AppContext,
  unit: Unit,
  input: { doc: DocumentRow; decision: "accept" | "keep_open"; actor: AuditActor },
): Promise<DocumentRow> {
  const { doc } = input;
  const accepted = input.decision === "accept";
  const updated = (await unit.tx
    .update(documents)
    .set(
      accepted
        ? { status: "approved", verifiedAt: unit.now, adminComments: `Accepted without a file: ${doc.unavailableReason}` }
        : { unavailableReason: null, unavailableAt: null, stillNeededAt: unit.now },
    )
    .where(eq(documents.id, doc.id))
    .returning())[0]!;
  unit.publish({
    type: "document_verified",
    ...(await aboutCustomerById(unit.tx, doc.customerId)),
    documentId: doc.id,
    status: updated.status,
    facts: {
      audit: [
        {
          brokerId: doc.workspaceId,
          customerId: doc.customerId,
          action: accepted ? "unavailable_accepted" : "unavailable_kept_open",
          actor: input.actor,
          document: doc,
          detail: doc.unavailableReason,
        },
      ],
      notify: [
        {
          to: "customer",
          customerId: doc.customerId,
          brokerId: doc.workspaceId,
          ...customerNotice(accepted ? "answerAccepted" : "stillNeeded", { documentName: doc.name }, { documentId: doc.id }),
        },
      ],
    },
  });
  return updated;
}
