// A broker's own checklist templates: create, list, change, delete. Names are unique per broker
// (ignoring case), sizes are capped, and another broker's template is as missing as one never
// made. The ready-made templates are read from src/shared/checklist-templates.ts.
import { and, asc, count, eq } from "drizzle-orm";
import { checklistTemplates } from "../../../db/tables.ts";
import type { AppContext } from "../../context.ts";
import { AppError, badRequest, notFound } from "../../lib/errors.ts";
import { newId } from "../../lib/tokens.ts";
import { inTransaction } from "../../lib/unit-of-work.ts";
import { rulesProblem } from "../../shared/acceptance-rules.ts";
import {
  MAX_TEMPLATES_PER_BROKER,
  READY_MADE_TEMPLATES,
  templateMessages,
  templateProblem,
  type ChecklistTemplate,
  type TemplateDocument,
} from "../../shared/checklist-templates.ts";
import { cleanName } from "../../shared/validation.ts";
import type { TemplateDto, TemplateInput, TemplateList } from "./model.ts";

type TemplateRow = typeof checklistTemplates.$inferSelect;

const readyMadeDto = (template: ChecklistTemplate): TemplateDto => ({ ...template, documents: [...template.documents], readyMade: true, updatedAt: null });

const toDto = (row: TemplateRow): TemplateDto => ({
  id: row.id,
  name: row.name,
  trade: row.trade,
  description: row.description,
  readyMade: false,
  documents: row.documents,
  updatedAt: row.updatedAt.toISOString(),
});

/** The input trimmed and checked; throws 400 with what to fix. */
function cleanInput(input: TemplateInput) {
  const documents: TemplateDocument[] = (input.documents ?? []).map((d) => ({ name: cleanName(d.name), description: (d.description ?? "").trim(), rules: d.rules ?? null }));
  const clean = { name: cleanName(input.name), trade: (input.trade ?? "").trim(), description: (input.description ?? "").trim(), documents };
  const problem = templateProblem(clean) ?? documents.map((d) => d.rules && rulesProblem(d.rules)).find(Boolean);
  if (problem) throw badRequest(problem);
  return clean;
}

export async function listTemplates(ctx: AppContext, { brokerId }: { brokerId: string }): Promise<TemplateList> {
  const own = await ctx.db.select().from(checklistTemplates).where(eq(checklistTemplates.workspaceId, brokerId)).orderBy(asc(checklistTemplates.nameKey));
  return { readyMade: READY_MADE_TEMPLATES.map(readyMadeDto), own: own.map(toDto) };
}

const nameTaken = () => new AppError("conflict", templateMessages.nameTaken);

export async function createTemplate(ctx: AppContext, { brokerId, input }: { brokerId: string; input: TemplateInput }): Promise<TemplateDto> {
  const clean = cleanInput(input);
  return inTransaction(ctx, async ({ tx, now }) => {
    const { n } = (await tx.select({ n: count() }).from(checklistTemplates).where(eq(checklistTemplates.workspaceId, brokerId)))[0]!;
    if (n >= MAX_TEMPLATES_PER_BROKER) throw new AppError("conflict", templateMessages.tooManyTemplates);
    const nameKey = clean.name.toLowerCase();
    const clash = (await tx.select({ id: checklistTemplates.id }).from(checklistTemplates).where(and(eq(checklistTemplates.workspaceId, brokerId), eq(checklistTemplates.nameKey, nameKey))))[0];
    if (clash) throw nameTaken();
    const row = (await tx.insert(checklistTemplates).values({ id: newId(), workspaceId: brokerId, nameKey, ...clean, updatedAt: now }).returning())[0]!;
    return toDto(row);
  });
}

async function findOwned(ctx: AppContext, brokerId: string, id: string): Promise<TemplateRow> {
  const row = (await ctx.db.select().from(checklistTemplates).where(and(eq(checklistTemplates.id, id), eq(checklistTemplates.workspaceId, brokerId))))[0];
  if (!row) throw notFound(templateMessages.notFound);
  return row;
}

export async function updateTemplate(ctx: AppContext, { brokerId, id, input }: { brokerId: string; id: string; input: TemplateInput }): Promise<TemplateDto> {
  await findOwned(ctx, brokerId, id);
  const clean = cleanInput(input);
  return inTransaction(ctx, async ({ tx, now }) => {
    const nameKey = clean.name.toLowerCase();
    const clash = (await tx.select({ id: checklistTemplates.id }).from(checklistTemplates).where(and(eq(checklistTemplates.workspaceId, brokerId), eq(checklistTemplates.nameKey, nameKey))))[0];
    if (clash && clash.id !== id) throw nameTaken();
    const row = (await tx
      .update(checklistTemplates)
      .set({ nameKey, ...clean, updatedAt: now })
      .where(and(eq(checklistTemplates.id, id), eq(checklistTemplates.workspaceId, brokerId)))
      .returning())[0];
    if (!row) throw notFound(templateMessages.notFound);
    return toDto(row);
  });
}

export async function deleteTemplate(ctx: AppContext, { brokerId, id }: { brokerId: string; id: string }): Promise<void> {
  await findOwned(ctx, brokerId, id);
  await inTransaction(ctx, async ({ tx }) => await tx.delete(checklistTemplates).where(and(eq(checklistTemplates.id, id), eq(checklistTemplates.workspaceId, brokerId))));
}
