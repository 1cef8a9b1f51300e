import { Elysia } from "elysia";
import { contextSeed, type AppContext } from "../../context.ts";
import { IdParams, Message } from "../../lib/model.ts";
import { access } from "../access/plugin.ts";
import { ChecklistSuggestion, SuggestBody, TemplateBody, TemplateDto, TemplateList } from "./model.ts";
import { suggestChecklist } from "./suggest.ts";
import { createTemplate, deleteTemplate, listTemplates, updateTemplate } from "./service.ts";

export const templateRoutes = (ctx: AppContext) =>
  new Elysia({ name: "templates", seed: contextSeed(ctx), prefix: "/api/templates" })
    .use(access(ctx))
    // The workspace's checklists: every member uses and edits the same ones.
    .get("", async ({ member }) => listTemplates(ctx, { brokerId: member.workspaceId }), { broker: "read", response: TemplateList })
    .post("", async ({ member, body, status }) => status(201, await createTemplate(ctx, { brokerId: member.workspaceId, input: body })), {
      broker: "write",
      body: TemplateBody,
      response: { 201: TemplateDto },
    })
    // A proposed checklist from a case in a sentence; nothing is stored (so a read key may ask).
    .post("/suggest", async ({ member, body }) => suggestChecklist(ctx, { brokerId: member.workspaceId, memberId: member.memberId, description: body.description }), {
      broker: "read",
      body: SuggestBody,
      response: ChecklistSuggestion,
    })
    .put("/:id", async ({ member, params, body }) => updateTemplate(ctx, { brokerId: member.workspaceId, id: params.id, input: body }), {
      broker: "write",
      params: IdParams,
      body: TemplateBody,
      response: TemplateDto,
    })
    .delete(
      "/:id",
      async ({ member, params }) => {
        await deleteTemplate(ctx, { brokerId: member.workspaceId, id: params.id });
        return { message: "Template deleted" };
      },
      { broker: "write", params: IdParams, response: Message },
    );
