import { Elysia } from "elysia";
import { contextSeed, type AppContext } from "../../context.ts";
import type { ResponseSet } from "../../lib/read-cache.ts";
import { access } from "../access/plugin.ts";
import { DashboardDocumentRows, DashboardMetrics, DashboardQuery } from "./model.ts";
import { dashboardMetrics, dashboardRows } from "./service.ts";
import type { DashboardList } from "../documents/lists.ts";
import type { Scope } from "../../shared/workspaces.ts";

export const dashboardRoutes = (ctx: AppContext) => {
  // Keyed by the member and the assignee asked for: what they see depends on who they are.
  const list = async (set: ResponseSet, member: Scope, which: DashboardList, { assignee }: DashboardQuery) =>
    ctx.cache.response(set, `${which}-documents:${member.memberId}:${assignee ?? ""}`, DashboardDocumentRows, async () => dashboardRows(ctx, { member, assignee, list: which }));
  return new Elysia({ name: "dashboard", seed: contextSeed(ctx), prefix: "/api" })
    .use(access(ctx))
    // Cached JSON as a ready Response (src/lib/read-cache.ts), checked against the schema
    // when computed.
    // ?assignee=me|{memberId}: one member's share of it (the dashboard's "Mine / Team").
    .get(
      "/dashboard/metrics",
      async ({ member, query, set }) =>
        ctx.cache.response(set, `metrics:${member.memberId}:${query.assignee ?? ""}`, DashboardMetrics, async () => dashboardMetrics(ctx, { member, assignee: query.assignee })),
      { broker: "read", query: DashboardQuery, response: DashboardMetrics },
    )
    // The lists (up to DASHBOARD_LIST_LIMIT rows each) are cached the same way: the bench
    // measured ~1 ms of query, validation and JSON per request for a full list.
    .get("/pending-documents", ({ member, query, set }) => list(set, member, "pending", query), { broker: "read", query: DashboardQuery, response: DashboardDocumentRows })
    .get("/completed-documents", ({ member, query, set }) => list(set, member, "completed", query), { broker: "read", query: DashboardQuery, response: DashboardDocumentRows })
    .get("/shared-documents", ({ member, query, set }) => list(set, member, "shared", query), { broker: "read", query: DashboardQuery, response: DashboardDocumentRows });
};
