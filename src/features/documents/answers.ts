// A request's acceptance rules (set by its broker) and the customer's "I don't have this" answer
// (a reason instead of a file), which the broker accepts or declines, keeping the request open.
import { eq } from "drizzle-orm";
import { documents } from "../../../db/tables.ts";
import type { AppContext } from "../../context.ts";
import { AppError, badRequest } from "../../lib/errors.ts";
import { saidError } from "../../lib/said-error.ts";
import { inTransaction } from "../../lib/unit-of-work.ts";
import { rulesProblem, type AcceptanceRules } from "../../shared/acceptance-rules.ts";
import { canCustomerUpload, isRequirement, takesUpload } from "../../shared/documents.ts";
import type { AuditActor } from "../audit/actor.ts";
import { findCustomerDocument, findOwnedDocument, type DocumentRow } from "./service.ts";
import { answerWithoutFile, decideWithoutFileAnswer, noLongerAwaited, notUploadable } from "./transitions/index.ts";
import type { Scope } from "../../shared/workspaces.ts";

export const MAX_UNAVAILABLE_REASON = 1000;

/** Sets (or, with null, removes) a requested document's own acceptance rules. */
export async function setAcceptanceRules(ctx: AppContext, input: { member: Scope; documentId: string; rules: AcceptanceRules | null }): Promise<DocumentRow> {
  const doc = await findOwnedDocument(ctx, input.member, input.documentId);
  if (!isRequirement(doc.status)) throw new AppError("conflict", "Shared documents take no uploads, so they have no acceptance rules.");
  const problem = input.rules && rulesProblem(input.rules);
  if (problem) throw badRequest(problem);
  return inTransaction(ctx, async ({ tx }) => (await tx.update(documents).set({ acceptanceRules: input.rules }).where(eq(documents.id, doc.id)).returning())[0]!);
}

/** The customer answers a request they cannot fulfil with a reason; the broker is told (transitions/without-file.ts). */
export async function answerUnavailable(ctx: AppContext, input: { customerIds: string[]; documentId: string; reason: string; actor: AuditActor }): Promise<DocumentRow> {
  const reason = input.reason.trim();
  if (!reason) throw saidError("bad_request", "dialogs.whyNotRequired");
  if (reason.length > MAX_UNAVAILABLE_REASON) throw saidError("bad_request", "errors.reasonTooLong", { max: MAX_UNAVAILABLE_REASON });
  const doc = await findCustomerDocument(ctx, input.customerIds, input.documentId);
  if (!takesUpload(doc)) throw doc.kind === "signature" ? notUploadable(doc) : noLongerAwaited();
  return inTransaction(ctx, (unit) => answerWithoutFile(ctx, unit, { doc, reason, actor: input.actor }));
}

/** The broker's decision on an "I don't have this" answer: accept it, or keep the request open (transitions/without-file.ts). */
export async function decideUnavailable(
  ctx: AppContext,
  input: { member: Scope; documentId: string; decision: "accept" | "keep_open"; actor: AuditActor },
): Promise<DocumentRow> {
  const doc = await findOwnedDocument(ctx, input.member, input.documentId);
  if (!doc.unavailableReason || !canCustomerUpload(doc.status)) throw new AppError("conflict", "There is no \"I don't have this\" answer to decide on.");
  return inTransaction(ctx, (unit) => decideWithoutFileAnswer(ctx, unit, { doc, decision: input.decision, actor: input.actor }));
}
