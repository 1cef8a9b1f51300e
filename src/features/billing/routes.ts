import { Elysia } from "elysia";
import type { AppContext } from "../../context.ts";
import { brokerAuth } from "../auth/plugin.ts";
import { SubscriptionDto } from "./model.ts";
import { subscriptionSummary } from "./service.ts";

export const billingRoutes = (ctx: AppContext) =>
  new Elysia({ prefix: "/api" })
    .use(brokerAuth(ctx))
    .get("/subscription", ({ broker }) => subscriptionSummary(ctx, broker.id), { broker: true, response: SubscriptionDto });
