// "Describe the case" → a proposed checklist (issue 42 item 5). The rules in
// src/shared/case-checklist.ts answer from the workspace's templates and the standard documents;
// when the operator configured a model endpoint, it is asked first with the description and the
// names it may choose from (nothing about the customer), and its answer is held to those names.
// No usable answer (off, a timeout, an error, nothing known named): the rules'.
import type { AppContext } from "../../context.ts";
import { badRequest } from "../../lib/errors.ts";
import { askModel } from "../../lib/model-endpoint.ts";
import {
  caseDescriptionProblem,
  checklistCatalogue,
  coBorrowerName,
  documentsFromAnswer,
  suggestFromCase,
  type CatalogueDocument,
} from "../../shared/case-checklist.ts";
import type { ChecklistSuggestion } from "./model.ts";
import { listTemplates } from "./service.ts";

export async function suggestChecklist(ctx: AppContext, { brokerId, description }: { brokerId: string; description: string }): Promise<ChecklistSuggestion> {
  const problem = caseDescriptionProblem(description);
  if (problem) throw badRequest(problem);
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
