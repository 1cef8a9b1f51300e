// The assignee each document carries (documents.assignee_id: its customer's, so that a member's
// documents are an index range in due order). Whoever changes a customer's assignee moves their
// documents here, in the same transaction; a new document takes it on insert (creation.ts).
import { and, eq } from "drizzle-orm";
import { documents } from "../../../db/tables.ts";
import type { Writer } from "../../lib/jobs.ts";

/** One customer's documents go with the customer to another member. */
export async function moveCustomerDocuments(tx: Writer, { customerId, assigneeId }: { customerId: string; assigneeId: string }): Promise<void> {
  await tx.update(documents).set({ assigneeId }).where(eq(documents.customerId, customerId));
}

/** Every document of one member's customers goes to another member (a handover of the whole pipeline). */
export async function moveAssignedDocuments(tx: Writer, { workspaceId, fromMemberId, toMemberId }: { workspaceId: string; fromMemberId: string; toMemberId: string }): Promise<void> {
  await tx
    .update(documents)
    .set({ assigneeId: toMemberId })
    .where(and(eq(documents.workspaceId, workspaceId), eq(documents.assigneeId, fromMemberId)));
}
