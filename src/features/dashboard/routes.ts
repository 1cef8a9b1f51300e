import { Elysia } from "elysia";
import type { AppContext } from "../../context.ts";
import { jsonResponse } from "../../lib/read-cache.ts";
import { brokerAuth } from "../auth/plugin.ts";
import { dashboardMetrics, dashboardRows } from "./service.ts";

export const dashboardRoutes = (ctx: AppContext) =>
  new Elysia({ prefix: "/api" })
    .use(brokerAuth(ctx))
    .guard({ broker: true }, (app) =>
      app
        .get("/dashboard/metrics", ({ broker }) =>
          jsonResponse(ctx.cache.json(`metrics:${broker.id}`, () => dashboardMetrics(ctx, broker.id))),
        )
        .get("/pending-documents", ({ broker }) => dashboardRows(ctx, broker.id, "pending"))
        .get("/completed-documents", ({ broker }) => dashboardRows(ctx, broker.id, "completed"))
        .get("/shared-documents", ({ broker }) => dashboardRows(ctx, broker.id, "shared")),
    );
