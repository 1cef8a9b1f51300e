// /api/api-keys (DESIGN 3b): the workspace owner's keys. With a session only ({ broker: true }):
// a key never manages keys.
import { Elysia } from "elysia";
import { contextSeed, type AppContext } from "../../context.ts";
import { IdParams, Message } from "../../lib/model.ts";
import { access } from "../access/plugin.ts";
import { ApiKeyList, CreateApiKeyBody, CreatedApiKeyDto } from "./model.ts";
import { createApiKey, listApiKeys, revokeApiKey } from "./service.ts";

export const apiKeyRoutes = (ctx: AppContext) =>
  new Elysia({ name: "api-keys", seed: contextSeed(ctx), prefix: "/api/api-keys" })
    .use(access(ctx))
    .guard({ broker: true }, (app) =>
      app
        .post("", async ({ member, body, status }) => status(201, await createApiKey(ctx, member, body)), { body: CreateApiKeyBody, response: { 201: CreatedApiKeyDto } })
        .get("", ({ member }) => listApiKeys(ctx, member), { response: ApiKeyList })
        .delete("/:id", async ({ member, params }) => {
          await revokeApiKey(ctx, member, params.id);
          return { message: "API key revoked" };
        }, { params: IdParams, response: Message }),
    );
