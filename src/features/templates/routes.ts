import { Elysia } from "elysia";
import { contextSeed, type AppContext } from "../../context.ts";
import { IdParams, Message } from "../../lib/model.ts";
import { access } from "../access/plugin.ts";
import { TemplateBody, TemplateDto, TemplateList } from "./model.ts";
import { createTemplate, deleteTemplate, listTemplates, updateTemplate } from "./service.ts";

export const templateRoutes = (ctx: AppContext) =>
  new Elysia({ name: "templates", seed: contextSeed(ctx), prefix: "/api/templates" })
    .use(access(ctx))
    .guard({ broker: true }, (app) =>
      app
        .get("", async ({ broker }) => listTemplates(ctx, { brokerId: broker.id }), { response: TemplateList })
        .post("", async ({ broker, body, status }) => status(201, await createTemplate(ctx, { brokerId: broker.id, input: body })), {
          body: TemplateBody,
          response: { 201: TemplateDto },
        })
        .put("/:id", async ({ broker, params, body }) => updateTemplate(ctx, { brokerId: broker.id, id: params.id, input: body }), {
          params: IdParams,
          body: TemplateBody,
          response: TemplateDto,
        })
        .delete(
          "/:id",
          async ({ broker, params }) => {
            await deleteTemplate(ctx, { brokerId: broker.id, id: params.id });
            return { message: "Template deleted" };
          },
          { params: IdParams, response: Message },
        ),
    );
