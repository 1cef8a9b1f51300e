import { Elysia } from "elysia";
import { contextSeed, type AppContext } from "../../context.ts";
import type { ResponseSet } from "../../lib/read-cache.ts";
import { access } from "../access/plugin.ts";
import { DashboardDocumentRows, DashboardMetrics } from "./model.ts";
import { dashboardMetrics, dashboardRows } from "./service.ts";
import type { DashboardList } from "../documents/lists.ts";
import type { Scope } from "../../shared/workspaces.ts";

export const dashboardRoutes = (ctx: AppContext) => {
  // Keyed by the member: what they see depends on who they are.
  const list = async (set: ResponseSet, member: Scope, which: DashboardList) =>
    ctx.cache.response(set, `${which}-documents:${member.memberId}`, DashboardDocumentRows, async () => dashboardRows(ctx, { member, list: which }));
  return new Elysia({ name: "dashboard", seed: contextSeed(ctx), prefix: "/api" })
    .use(access(ctx))
    .guard({ broker: true }, (app) =>
      app
        // Cached JSON as a ready Response (src/lib/read-cache.ts), checked against the schema
        // when computed.
        .get("/dashboard/metrics", async ({ member, set }) => ctx.cache.response(set, `metrics:${member.memberId}`, DashboardMetrics, async () => dashboardMetrics(ctx, member)), {
          response: DashboardMetrics,
        })
        // The lists (up to DASHBOARD_LIST_LIMIT rows each) are cached the same way: the bench
        // measured ~1 ms of query, validation and JSON per request for a full list.
        .get("/pending-documents", ({ member, set }) => list(set, member, "pending"), { response: DashboardDocumentRows })
        .get("/completed-documents", ({ member, set }) => list(set, member, "completed"), { response: DashboardDocumentRows })
        .get("/shared-documents", ({ member, set }) => list(set, member, "shared"), { response: DashboardDocumentRows }),
    );
};
