import { Elysia } from "elysia";
import { contextSeed, type AppContext } from "../../context.ts";
import { jsonResponse } from "../../lib/read-cache.ts";
import { access } from "../access/plugin.ts";
import { SubscriptionDto } from "./model.ts";
import { subscriptionSummary } from "./service.ts";

export const billingRoutes = (ctx: AppContext) =>
  new Elysia({ name: "billing", seed: contextSeed(ctx), prefix: "/api" })
    .use(access(ctx))
    // Polled every 30 s by every broker screen and counting the whole brokerage's documents:
    // cached until the database changes (src/lib/read-cache.ts), like the dashboard metrics.
    .get("/subscription", ({ broker }) => jsonResponse(ctx.cache.json(`subscription:${broker.id}`, () => subscriptionSummary(ctx, broker.id))), {
      broker: true,
      response: SubscriptionDto,
    });
