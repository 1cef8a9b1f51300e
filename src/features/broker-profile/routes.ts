import { Elysia } from "elysia";
import { contextSeed, type AppContext } from "../../context.ts";
import { NotJson } from "../../lib/model.ts";
import { access } from "../access/plugin.ts";
import { BrokerProfileDto, LogoParams, UpdateProfileBody } from "./model.ts";
import { brokerProfile, logoResponse, removeBrokerLogo, updateBrokerProfile, uploadBrokerLogo } from "./service.ts";

export const brokerProfileRoutes = (ctx: AppContext) =>
  new Elysia({ name: "broker-profile", seed: contextSeed(ctx), prefix: "/api" })
    .use(access(ctx))
    .guard({ broker: true }, (app) =>
      app
        .get("/profile", async ({ broker, member }) => brokerProfile(ctx, { broker, member }), { response: BrokerProfileDto })
        .put("/profile", async ({ broker, member, body }) => updateBrokerProfile(ctx, { broker, member, input: body }), { body: UpdateProfileBody, response: BrokerProfileDto })
        // The workspace's logo (owners only). The multipart body is streamed by the service
        // (parse: "none"), never buffered by Elysia.
        .post("/profile/logo", async ({ broker, member, request }) => uploadBrokerLogo(ctx, { broker, member, request }), { parse: "none", response: BrokerProfileDto })
        .delete("/profile/logo", async ({ broker, member }) => removeBrokerLogo(ctx, { broker, member }), { response: BrokerProfileDto }),
    )
    // Public: a customer's portal and their mail client load it without signing in.
    .get("/logos/:key", async ({ params }) => logoResponse(ctx, params.key), { params: LogoParams, response: NotJson });
