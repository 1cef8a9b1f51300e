// "Describe the case" → a proposed checklist (issue 42 item 5). The rules in
// src/shared/case-checklist.ts answer from the workspace's templates and the standard documents;
// when the operator configured a model endpoint, it is asked first with the description and the
// names it may choose from (nothing about the customer), and its answer is held to those names.
// No usable answer (off, a timeout, an error, nothing known named): the rules'. Each question to
// the model costs the operator (a paid provider, or a GPU's seconds), so a member asks it at most
// MODEL_SUGGESTIONS_PER_MEMBER times in 10 minutes, counted in the database like the other
// expensive routes (billing/throttle.ts); the rules alone are not counted.
import type { AppContext } from "../../context.ts";
import { AppError, badRequest } from "../../lib/errors.ts";
import { perContext } from "../../lib/instance-state.ts";
import { askModel } from "../../lib/model-endpoint.ts";
import { FailureLimiter } from "../../lib/rate-limit.ts";
import {
  caseDescriptionProblem,
  caseMessages,
  checklistCatalogue,
  coBorrowerName,
  documentsFromAnswer,
  suggestFromCase,
  type CatalogueDocument,
} from "../../shared/case-checklist.ts";
import type { ChecklistSuggestion } from "./model.ts";
import { listTemplates } from "./service.ts";

/** Suggestions a member may have the model asked for in SUGGESTION_WINDOW_MS. */
export const MODEL_SUGGESTIONS_PER_MEMBER = 20;
const SUGGESTION_WINDOW_MS = 10 * 60 * 1000;

const modelAsks = perContext("checklist suggestion limits", "shared", "the counts are in the database (rate_limits); this holds only the limit's settings", (ctx: AppContext) =>
  new FailureLimiter(ctx, "checklist-suggestions-by-member", MODEL_SUGGESTIONS_PER_MEMBER, SUGGESTION_WINDOW_MS),
);

export async function suggestChecklist(ctx: AppContext, { brokerId, memberId, description }: { brokerId: string; memberId: string; description: string }): Promise<ChecklistSuggestion> {
  const problem = caseDescriptionProblem(description);
  if (problem) throw badRequest(problem);
  if (ctx.config.modelEndpoint) {
    const wait = await modelAsks(ctx).take(memberId);
    if (wait > 0) throw new AppError("too_many_requests", caseMessages.tooManySuggestions(wait), { retryAfter: wait });
  }
  const sentence = description.trim();
  const { own, readyMade } = await listTemplates(ctx, { brokerId });
  const catalogue = checklistCatalogue([...own, ...readyMade]);
  const answer = await askModel(ctx.config.modelEndpoint, modelQuestion(sentence, catalogue), ctx.log);
  const fromModel = documentsFromAnswer(answer, catalogue);
  if (fromModel.length) return { documents: fromModel, source: "model" };
  return { documents: suggestFromCase(sentence, catalogue), source: "rules" };
}

function modelQuestion(sentence: string, catalogue: CatalogueDocument[]) {
  return {
    system: [
      "You help a mortgage or insurance broker decide which documents to ask a customer for.",
      "Choose only from the document names listed; for a second borrower's personal documents append \" (co-borrower)\" to the name.",
      'Answer with JSON only: {"documents": [{"name": "<a listed name>", "because": "<the words of the case that call for it>"}]}.',
    ].join(" "),
    user: `Documents: ${catalogue.map((d) => d.name).join("; ")}\nExample of a co-borrower's copy: ${coBorrowerName("Photo ID")}\nCase: ${sentence}`,
  };
}
