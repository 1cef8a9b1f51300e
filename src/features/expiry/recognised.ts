// A photo ID's expiry date, read from the file (issue 42), becomes the document's expiry without
// the broker typing it: once the document is approved (only an approved document carries one), and
// only when it has none yet (a date the broker set or changed is theirs). Called by the approval
// and by the recognition job, whichever comes last (handed down by src/app.ts and src/jobs.ts).
import { documentExpiries } from "../../../db/tables.ts";
import type { AppContext } from "../../context.ts";
import type { Unit } from "../../lib/unit-of-work.ts";
import type { DocumentRow } from "../documents/service.ts";

export async function adoptRecognisedExpiry(_ctx: AppContext, unit: Unit, doc: DocumentRow): Promise<void> {
  const recognition = doc.checkReport?.recognition;
  if (doc.status !== "approved" || recognition?.kind !== "photo_id") return;
  const expiresOn = recognition.dates.filter((d) => d.role === "expiry").map((d) => d.date).sort().at(-1);
  if (!expiresOn) return;
  await unit.tx
    .insert(documentExpiries)
    .values({ documentId: doc.id, workspaceId: doc.workspaceId, customerId: doc.customerId, expiresOn, renewalRequestedAt: null })
    .onConflictDoNothing({ target: documentExpiries.documentId });
}
