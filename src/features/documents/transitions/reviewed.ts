// Approved, and re-submit requested: the broker's judgement of an uploaded file.
import { eq, sql } from "drizzle-orm";
import { timeParam } from "../../../../db/dialect.ts";
import { documents } from "../../../../db/tables.ts";
import type { AppContext } from "../../../context.ts";
import { given, preparedWrite } from "../../../lib/prepared.ts";
import type { Unit } from "../../../lib/unit-of-work.ts";
import { brokerActor, type AuditActor } from "../../audit/actor.ts";
import type { PublicUser } from "../../auth/model.ts";
import { aboutCustomer, customerContact } from "../../customers/lookups.ts";
import { notFound } from "../../../lib/errors.ts";
import type { DocumentRow } from "../service.ts";
import { addToReviewEmail } from "./review-email.ts";
import { customerNotice } from "../../../shared/i18n/customer-notice.ts";

// A review's update, prepared once; values bound as given (lib/prepared.ts).
const reviewed = preparedWrite((tx) =>
  tx
    .update(documents)
    .set({ status: given("status"), verifiedAt: given("verifiedAt"), adminComments: given("adminComments"), rejectionReason: given("rejectionReason") })
    .where(eq(documents.id, sql.placeholder("documentId")))
    .returning()
    .prepare(),
);

interface Review {
  doc: DocumentRow;
  broker: PublicUser;
  /** The broker's comments to the customer; null for none. */
  comments: string | null;
  /** Who did it; the broker by default. */
  actor?: AuditActor;
}

/** What one review outcome says: the trail's action and detail, the team's and the customer's words. */
interface Outcome {
  action: "approved" | "resubmit_requested";
  detail: string | null;
  team: { title: string; message: (customerName: string) => string };
  customer: ReturnType<typeof customerNotice>;
}

/**
 * Publishes the review as `document_verified`, with its facts: the trail's entry, the customer's
 * team told (but the member who reviewed) and the customer told.
 */
async function publishReview(ctx: AppContext, unit: Unit, input: Review, updated: DocumentRow, outcome: Outcome): Promise<void> {
  const { doc, broker } = input;
  const customer = await customerContact(ctx, doc.customerId, unit.tx);
  if (!customer) throw notFound("Customer not found");
  const metadata = { customerId: doc.customerId, documentId: doc.id };
  unit.publish({
    type: "document_verified",
    ...aboutCustomer(customer),
    documentId: doc.id,
    status: updated.status,
    facts: {
      audit: [{ brokerId: doc.workspaceId, customerId: doc.customerId, action: outcome.action, actor: input.actor ?? brokerActor(ctx, { broker }), document: doc, detail: outcome.detail }],
      notify: [
        { to: "team", customer, exceptMemberId: broker.id, type: "document_verified", title: outcome.team.title, message: outcome.team.message(customer.name), metadata },
        { to: "customer", customerId: doc.customerId, brokerId: doc.workspaceId, ...outcome.customer },
      ],
    },
  });
}

/** Approved: the customer is emailed (review-email.ts) and notified, and so are the customer's team but the member who approved. */
export async function approve(ctx: AppContext, unit: Unit, input: Review): Promise<DocumentRow> {
  const { doc, comments } = input;
  const updated = (await reviewed(unit.tx).execute({ documentId: doc.id, status: "approved", verifiedAt: timeParam(unit.now), adminComments: comments, rejectionReason: null }))[0]!;
  await addToReviewEmail(ctx, unit.tx, { doc, outcome: { documentName: doc.name, outcome: "approved" } });
  await publishReview(ctx, unit, input, updated, {
    action: "approved",
    detail: comments,
    team: { title: "Document approved", message: (customerName) => `${doc.name} from ${customerName} was approved.` },
    customer: customerNotice("approved", { documentName: doc.name }, { documentId: doc.id }),
  });
  return updated;
}

/**
 * Re-submit requested (stored as need_to_resubmit with the reason): the customer is emailed the
 * reason and notified, and so are the customer's team but the member who asked.
 */
export async function requestResubmit(ctx: AppContext, unit: Unit, input: Review & { reason: string }): Promise<DocumentRow> {
  const { doc, comments, reason } = input;
  const updated = (await reviewed(unit.tx).execute({ documentId: doc.id, status: "need_to_resubmit", verifiedAt: null, adminComments: comments, rejectionReason: reason }))[0]!;
  await addToReviewEmail(ctx, unit.tx, { doc, outcome: { documentName: doc.name, outcome: "resubmit", reason } });
  await publishReview(ctx, unit, input, updated, {
    action: "resubmit_requested",
    detail: reason,
    team: { title: "Re-submit requested", message: (customerName) => `${customerName} was asked to re-submit ${doc.name}.` },
    customer: customerNotice("resubmit", { documentName: doc.name, reason }, { documentId: doc.id }),
  });
  return updated;
}
