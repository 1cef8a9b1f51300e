import { Elysia } from "elysia";
import { contextSeed, type AppContext } from "../../context.ts";
import { clientAddress } from "../../lib/http.ts";
import { Message } from "../../lib/model.ts";
import { access } from "../access/plugin.ts";
import { brokerById } from "../auth/brokers.ts";
import { brokerCookie } from "../auth/session.ts";
import { createSession } from "../auth/service.ts";
import { CodeBody, RecoveryCodes, TwoFactorSetup, TwoFactorStatus, VerifyBody, VerifyResponse } from "./model.ts";
import {
  beginTwoFactorSetup,
  completeSecondFactor,
  confirmTwoFactorSetup,
  disableTwoFactor,
  regenerateRecoveryCodes,
  twoFactorStatus,
} from "./service.ts";

export const twoFactorRoutes = (ctx: AppContext) => {
  const session = brokerCookie(ctx);
  return new Elysia({ name: "two-factor", seed: contextSeed(ctx), prefix: "/api/two-factor" })
    .use(access(ctx))
    .get("", async ({ broker }) => twoFactorStatus(ctx, broker.id), { broker: true, response: TwoFactorStatus })
    .post("/setup", async ({ broker }) => beginTwoFactorSetup(ctx, { userId: broker.id, email: broker.email }), {
      broker: true,
      response: TwoFactorSetup,
    })
    .post(
      "/confirm",
      async ({ broker, body, request, server }) => confirmTwoFactorSetup(ctx, { userId: broker.id, code: body.code, address: clientAddress(ctx, request, server) }),
      { broker: true, body: CodeBody, response: RecoveryCodes },
    )
    .post(
      "/recovery-codes",
      async ({ broker, body, request, server }) => regenerateRecoveryCodes(ctx, { userId: broker.id, code: body.code, address: clientAddress(ctx, request, server) }),
      { broker: true, body: CodeBody, response: RecoveryCodes },
    )
    .post(
      "/disable",
      async ({ broker, body, request, server }) => {
        await disableTwoFactor(ctx, { userId: broker.id, code: body.code, address: clientAddress(ctx, request, server) });
        return { message: "Two-factor authentication is off" };
      },
      { broker: true, body: CodeBody, response: Message },
    )
    // Sign-in's second step: no session yet, only the challenge POST /api/auth/signin handed out.
    .post(
      "/verify",
      async ({ body, cookie, request, server }) => {
        const { userId } = await completeSecondFactor(ctx, { ...body, address: clientAddress(ctx, request, server) });
        const { token, expiresAt } = await createSession(ctx, userId);
        session.set(cookie, token, expiresAt);
        return { user: (await brokerById(ctx, userId))!, token };
      },
      { body: VerifyBody, response: VerifyResponse },
    );
};
