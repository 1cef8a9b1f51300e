import { Elysia } from "elysia";
import { contextSeed, type AppContext } from "../../context.ts";
import { IdParams, NotJson } from "../../lib/model.ts";
import { access } from "../access/plugin.ts";
import { brokerActor } from "../audit/actor.ts";
import { ExportCustomersBody, ExportCustomersQuery, ExportQuery, ExportSettingsDto, UpdateExportSettingsBody } from "./model.ts";
import { exportCustomers, exportSettingsOf, updateExportSettings } from "./service.ts";

// Brokers only: guests and customers get 401. The ZIP is a streamed Response (NotJson).
export const exportRoutes = (ctx: AppContext) =>
  new Elysia({ name: "export", seed: contextSeed(ctx), prefix: "/api" })
    .use(access(ctx))
    .get("/customers/:id/export", async ({ broker, apiKey, member, params, query, request, server }) =>
        exportCustomers(ctx, { broker, member, customerIds: [params.id], scope: query.scope ?? "approved", folders: false, actor: brokerActor(ctx, { broker, apiKey, request, server }) }), {
      broker: "read",
      params: IdParams,
      query: ExportQuery,
      response: NotJson,
    })
    // Many customers as a link (ids comma-separated): the browser downloads it straight to disk.
    .get(
      "/customers/export",
      async ({ broker, apiKey, member, query, request, server }) =>
        exportCustomers(ctx, { broker, member, customerIds: query.ids.split(",").filter(Boolean), scope: query.scope ?? "approved", folders: true, actor: brokerActor(ctx, { broker, apiKey, request, server }) }),
      { broker: "read", query: ExportCustomersQuery, response: NotJson },
    )
    // Many customers: a POST (the id list may be long); one ZIP with a folder per customer.
    .post("/customers/export", async ({ broker, apiKey, member, body, request, server }) =>
      exportCustomers(ctx, { broker, member, customerIds: body.customerIds, scope: body.scope ?? "approved", folders: true, actor: brokerActor(ctx, { broker, apiKey, request, server }) }), {
      broker: "read",
      body: ExportCustomersBody,
      response: NotJson,
    })
    .get("/export/settings", async ({ member }) => exportSettingsOf(ctx, member), { broker: "read", response: ExportSettingsDto })
    .put("/export/settings", async ({ member, body }) => updateExportSettings(ctx, { member, fileNamePattern: body.fileNamePattern }), {
      broker: "write",
      body: UpdateExportSettingsBody,
      response: ExportSettingsDto,
    });
