import { t } from "elysia";
import {
  MAX_TEMPLATE_DESCRIPTION_LENGTH,
  MAX_TEMPLATE_DOCUMENTS,
  MAX_TEMPLATE_NAME_LENGTH,
  MAX_TEMPLATE_TRADE_LENGTH,
} from "../../shared/checklist-templates.ts";
import { MAX_DOCUMENT_DESCRIPTION_LENGTH, MAX_DOCUMENT_NAME_LENGTH } from "../../shared/documents.ts";
import { MAX_CASE_DESCRIPTION } from "../../shared/case-checklist.ts";
import { AcceptanceRulesSchema } from "../document-checks/model.ts";

// Lengths here are generous outer bounds (so a huge body is refused by the schema); the
// service checks the real limits after trimming, with the messages in src/shared/checklist-templates.ts.
const slack = 50;

export const TemplateDocumentSchema = t.Object({
  name: t.String({ maxLength: MAX_DOCUMENT_NAME_LENGTH + slack, error: `Document names must be text of at most ${MAX_DOCUMENT_NAME_LENGTH} characters` }),
  description: t.Optional(
    t.String({ maxLength: MAX_DOCUMENT_DESCRIPTION_LENGTH + slack, error: `Document descriptions must be text of at most ${MAX_DOCUMENT_DESCRIPTION_LENGTH} characters` }),
  ),
  rules: t.Optional(t.Nullable(AcceptanceRulesSchema)),
});

export const TemplateBody = t.Object({
  name: t.String({ maxLength: MAX_TEMPLATE_NAME_LENGTH + slack, error: `The template name must be text of at most ${MAX_TEMPLATE_NAME_LENGTH} characters` }),
  trade: t.Optional(t.String({ maxLength: MAX_TEMPLATE_TRADE_LENGTH + slack, error: `The trade must be text of at most ${MAX_TEMPLATE_TRADE_LENGTH} characters` })),
  description: t.Optional(
    t.String({ maxLength: MAX_TEMPLATE_DESCRIPTION_LENGTH + slack, error: `The description must be text of at most ${MAX_TEMPLATE_DESCRIPTION_LENGTH} characters` }),
  ),
  // Optional to the schema only: Elysia recurses through a body of deeply nested arrays when a
  // required property is an array of objects (a 500 after seconds, tests/hostile/fuzz.test.ts);
  // the service refuses a template without documents with its own message.
  documents: t.Optional(
    t.Array(TemplateDocumentSchema, {
      maxItems: MAX_TEMPLATE_DOCUMENTS,
      error: `documents must be a list of at most ${MAX_TEMPLATE_DOCUMENTS} documents, each {name, description, rules}`,
    }),
  ),
});
export type TemplateInput = typeof TemplateBody.static;

export const TemplateDto = t.Object({
  id: t.String(),
  name: t.String(),
  trade: t.String(),
  description: t.String(),
  /** Ready-made templates come with the portal and cannot be changed (duplicate one instead). */
  readyMade: t.Boolean(),
  documents: t.Array(t.Object({ name: t.String(), description: t.String(), rules: t.Nullable(AcceptanceRulesSchema) })),
  updatedAt: t.Nullable(t.String()),
});
export type TemplateDto = typeof TemplateDto.static;

/** GET /api/templates: the ready-made ones first, then the broker's own by name. */
export const TemplateList = t.Object({ readyMade: t.Array(TemplateDto), own: t.Array(TemplateDto) });
export type TemplateList = typeof TemplateList.static;

/** POST /api/templates/suggest: the case in a sentence (the service trims it and holds it to MAX_CASE_DESCRIPTION). */
export const SuggestBody = t.Object({
  description: t.String({ maxLength: MAX_CASE_DESCRIPTION + slack, error: `Please describe the case in at most ${MAX_CASE_DESCRIPTION} characters of text.` }),
});

export const ChecklistSuggestion = t.Object({
  /** The proposed documents, each with the words of the description that led to it (empty: asked in every such case). */
  documents: t.Array(t.Object({ name: t.String(), description: t.String(), rules: t.Nullable(AcceptanceRulesSchema), because: t.Array(t.String()) })),
  /** Who proposed them: the rules, or the operator's model endpoint (only when one is configured and answered). */
  source: t.Union([t.Literal("rules"), t.Literal("model")]),
});
export type ChecklistSuggestion = typeof ChecklistSuggestion.static;
