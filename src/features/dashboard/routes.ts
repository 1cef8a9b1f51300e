import { Elysia } from "elysia";
import { contextSeed, type AppContext } from "../../context.ts";
import { jsonResponse } from "../../lib/read-cache.ts";
import { access } from "../access/plugin.ts";
import { DashboardDocumentRows, DashboardMetrics } from "./model.ts";
import { dashboardMetrics, dashboardRows } from "./service.ts";

export const dashboardRoutes = (ctx: AppContext) =>
  new Elysia({ name: "dashboard", seed: contextSeed(ctx), prefix: "/api" })
    .use(access(ctx))
    .guard({ broker: true }, (app) =>
      app
        // Cached JSON as a ready Response: Elysia does not validate it against the schema, which
        // only declares the shape (dashboardMetrics is typed from it).
        .get("/dashboard/metrics", ({ broker }) => jsonResponse(ctx.cache.json(`metrics:${broker.id}`, () => dashboardMetrics(ctx, broker.id))), {
          response: DashboardMetrics,
        })
        .get("/pending-documents", ({ broker }) => dashboardRows(ctx, { brokerId: broker.id, list: "pending" }), { response: DashboardDocumentRows })
        .get("/completed-documents", ({ broker }) => dashboardRows(ctx, { brokerId: broker.id, list: "completed" }), { response: DashboardDocumentRows })
        .get("/shared-documents", ({ broker }) => dashboardRows(ctx, { brokerId: broker.id, list: "shared" }), { response: DashboardDocumentRows }),
    );
