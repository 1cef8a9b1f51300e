import { Elysia } from "elysia";
import { contextSeed, type AppContext } from "../../context.ts";
import { access } from "../access/plugin.ts";
import { SubscriptionDto } from "./model.ts";
import { subscriptionSummary } from "./service.ts";

export const billingRoutes = (ctx: AppContext) =>
  new Elysia({ name: "billing", seed: contextSeed(ctx), prefix: "/api" })
    .use(access(ctx))
    .get("/subscription", ({ broker }) => subscriptionSummary(ctx, broker.id), { broker: true, response: SubscriptionDto });
