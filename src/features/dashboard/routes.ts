import { Elysia } from "elysia";
import { contextSeed, type AppContext } from "../../context.ts";
import type { ResponseSet } from "../../lib/read-cache.ts";
import { access } from "../access/plugin.ts";
import { DashboardDocumentRows, DashboardMetrics } from "./model.ts";
import { dashboardMetrics, dashboardRows } from "./service.ts";
import type { DashboardList } from "../documents/lists.ts";

export const dashboardRoutes = (ctx: AppContext) => {
  const list = async (set: ResponseSet, brokerId: string, which: DashboardList) =>
    ctx.cache.response(set, `${which}-documents:${brokerId}`, DashboardDocumentRows, async () => dashboardRows(ctx, { brokerId, list: which }));
  return new Elysia({ name: "dashboard", seed: contextSeed(ctx), prefix: "/api" })
    .use(access(ctx))
    .guard({ broker: true }, (app) =>
      app
        // Cached JSON as a ready Response (src/lib/read-cache.ts), checked against the schema
        // when computed.
        .get("/dashboard/metrics", async ({ broker, set }) => ctx.cache.response(set, `metrics:${broker.id}`, DashboardMetrics, async () => dashboardMetrics(ctx, broker.id)), {
          response: DashboardMetrics,
        })
        // The lists (up to DASHBOARD_LIST_LIMIT rows each) are cached the same way: the bench
        // measured ~1 ms of query, validation and JSON per request for a full list.
        .get("/pending-documents", ({ broker, set }) => list(set, broker.id, "pending"), { response: DashboardDocumentRows })
        .get("/completed-documents", ({ broker, set }) => list(set, broker.id, "completed"), { response: DashboardDocumentRows })
        .get("/shared-documents", ({ broker, set }) => list(set, broker.id, "shared"), { response: DashboardDocumentRows }),
    );
};
