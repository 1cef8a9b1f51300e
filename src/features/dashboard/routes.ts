import { Elysia } from "elysia";
import { contextSeed, type AppContext } from "../../context.ts";
import { jsonResponse } from "../../lib/read-cache.ts";
import { access } from "../access/plugin.ts";
import { DashboardDocumentRows, DashboardMetrics } from "./model.ts";
import { dashboardMetrics, dashboardRows } from "./service.ts";
import type { DashboardList } from "../documents/lists.ts";

export const dashboardRoutes = (ctx: AppContext) => {
  const list = async (brokerId: string, which: DashboardList) =>
    jsonResponse(await ctx.cache.json(`${which}-documents:${brokerId}`, async () => dashboardRows(ctx, { brokerId, list: which })));
  return new Elysia({ name: "dashboard", seed: contextSeed(ctx), prefix: "/api" })
    .use(access(ctx))
    .guard({ broker: true }, (app) =>
      app
        // Cached JSON as a ready Response: Elysia does not validate it against the schema, which
        // only declares the shape (dashboardMetrics is typed from it).
        .get("/dashboard/metrics", async ({ broker }) => jsonResponse(await ctx.cache.json(`metrics:${broker.id}`, async () => dashboardMetrics(ctx, broker.id))), {
          response: DashboardMetrics,
        })
        // The lists (up to DASHBOARD_LIST_LIMIT rows each) are cached the same way: the bench
        // measured ~1 ms of query, validation and JSON per request for a full list.
        .get("/pending-documents", ({ broker }) => list(broker.id, "pending"), { response: DashboardDocumentRows })
        .get("/completed-documents", ({ broker }) => list(broker.id, "completed"), { response: DashboardDocumentRows })
        .get("/shared-documents", ({ broker }) => list(broker.id, "shared"), { response: DashboardDocumentRows }),
    );
};
