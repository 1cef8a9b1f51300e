import { Elysia } from "elysia";
import { contextSeed, type AppContext } from "../../context.ts";
import { Message } from "../../lib/model.ts";
import { access } from "../access/plugin.ts";
import {
  ActivateSubscriptionBody,
  BillingSettingsDto,
  CreateSubscriptionBody,
  CreateSubscriptionDto,
  SubscriptionDto,
  WebhookReceipt,
} from "./model.ts";
import { activateSubscription, cancelSubscription, createSubscription } from "./payments.ts";
import { billingSettings, subscriptionSummary } from "./service.ts";
import { receiveWebhook } from "./webhook.ts";
import { requireRole } from "../workspaces/permissions.ts";

export const billingRoutes = (ctx: AppContext) =>
  new Elysia({ name: "billing", seed: contextSeed(ctx), prefix: "/api" })
    .use(access(ctx))
    // Public: the landing page's prices and whether to load Stripe.js, before anyone signs in.
    .get("/billing/config", () => billingSettings(ctx), { response: BillingSettingsDto })
    // Unauthenticated by design: Stripe calls it; the signature on the raw body is the check.
    .post("/stripe/webhook", async ({ request }) => receiveWebhook(ctx, await request.text(), request.headers.get("stripe-signature")), {
      parse: "none",
      response: WebhookReceipt,
    })
    .guard({ broker: true }, (app) =>
      app
        // Polled every 30 s by every broker screen and counting the whole brokerage's documents:
        // cached until the database changes (src/lib/read-cache.ts), like the dashboard metrics.
        .get("/subscription", async ({ member, set }) => ctx.cache.response(set, `subscription:${member.workspaceId}`, SubscriptionDto, async () => subscriptionSummary(ctx, member.workspaceId)), {
          response: SubscriptionDto,
        })
        // Buying, activating and cancelling are the owner's (billing belongs to the workspace's
        // owner); every member reads the plan above, whose limits they work within.
        .post("/create-subscription", async ({ broker, member, body }) => {
          requireRole(member, "manageWorkspace");
          return createSubscription(ctx, { broker, workspaceId: member.workspaceId, plan: body.plan });
        }, {
          body: CreateSubscriptionBody,
          response: CreateSubscriptionDto,
        })
        .post("/activate-subscription", async ({ broker, member, body }) => {
          requireRole(member, "manageWorkspace");
          return activateSubscription(ctx, { workspaceId: member.workspaceId, paymentIntentId: body.paymentIntentId });
        }, {
          body: ActivateSubscriptionBody,
          response: SubscriptionDto,
        })
        .post("/cancel-subscription", async ({ broker, member }) => {
          requireRole(member, "manageWorkspace");
          return cancelSubscription(ctx, { workspaceId: member.workspaceId });
        }, { response: Message }),
    );
