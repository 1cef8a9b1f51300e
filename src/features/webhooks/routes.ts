// /api/webhooks (DESIGN 3b, plus rotate-secret and resend): a workspace's owner (or a solo
// broker) manages its endpoints, signed in (a session: `{ broker: true }` never takes an API key).
import { Elysia } from "elysia";
import { contextSeed, type AppContext } from "../../context.ts";
import { IdParams, Message } from "../../lib/model.ts";
import { webhookMessages } from "../../shared/webhooks.ts";
import type { Scope } from "../../shared/workspaces.ts";
import { access } from "../access/plugin.ts";
import { requireRole } from "../workspaces/permissions.ts";
import { createEndpoint, deleteEndpoint, listDeliveries, listEndpoints, resendDelivery, rotateSecret, sendTestEvent } from "./endpoints.ts";
import { CreatedWebhookDto, CreateWebhookBody, DeliveryParams, DeliveryQueued, RotatedSecretDto, WebhookDeliveryList, WebhookEndpointList } from "./model.ts";

/** Webhooks are the workspace's settings: its owners' (an assistant or a broker gets 403). */
const owner = (member: Scope) => {
  requireRole(member, "manageWorkspace");
  return member;
};

export const webhookRoutes = (ctx: AppContext) =>
  new Elysia({ name: "webhooks", seed: contextSeed(ctx), prefix: "/api/webhooks" })
    .use(access(ctx))
    .guard({ broker: true }, (app) =>
      app
        .post("", async ({ member, body, status }) => status(201, await createEndpoint(ctx, owner(member), body)), { body: CreateWebhookBody, response: { 201: CreatedWebhookDto } })
        .get("", ({ member }) => listEndpoints(ctx, owner(member)), { response: WebhookEndpointList })
        .delete("/:id", async ({ member, params }) => {
          await deleteEndpoint(ctx, owner(member), params.id);
          return { message: webhookMessages.deleted };
        }, { params: IdParams, response: Message })
        .post("/:id/rotate-secret", ({ member, params }) => rotateSecret(ctx, owner(member), params.id), { params: IdParams, response: RotatedSecretDto })
        .post("/:id/test", async ({ member, params, status }) => status(202, { message: webhookMessages.testQueued, deliveryId: await sendTestEvent(ctx, owner(member), params.id) }), {
          params: IdParams,
          response: { 202: DeliveryQueued },
        })
        .get("/:id/deliveries", ({ member, params }) => listDeliveries(ctx, owner(member), params.id), { params: IdParams, response: WebhookDeliveryList })
        .post("/:id/deliveries/:deliveryId/resend", async ({ member, params, status }) =>
          status(202, { message: webhookMessages.resendQueued, deliveryId: await resendDelivery(ctx, owner(member), { endpointId: params.id, deliveryId: params.deliveryId }) }), {
          params: DeliveryParams,
          response: { 202: DeliveryQueued },
        }),
    );
