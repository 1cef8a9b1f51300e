import { Elysia } from "elysia";
import { contextSeed, type AppContext } from "../../context.ts";
import { clientAddress } from "../../lib/http.ts";
import { Message } from "../../lib/model.ts";
import { access } from "../access/plugin.ts";
import { AuthResponse, PublicUser, SignInBody, SignUpBody, SignUpResponse } from "./model.ts";
import { brokerCookie, brokerSessionToken } from "./session.ts";
import { signInBroker, signOutBroker, signUpBroker } from "./service.ts";
import { SecondFactorChallenge } from "../two-factor/model.ts";

export const authRoutes = (ctx: AppContext) => {
  const session = brokerCookie(ctx);

  return new Elysia({ name: "auth", seed: contextSeed(ctx), prefix: "/api/auth" })
    .use(access(ctx))
    .post(
      "/signup",
      async ({ body, cookie, request, server, status }) => {
        const result = await signUpBroker(ctx, { ...body, address: clientAddress(ctx, request, server) });
        if (result.codeRequired) return status(202, { message: result.message, codeRequired: true as const });
        session.set(cookie, result.token, result.expiresAt);
        return status(201, { user: result.user, token: result.token });
      },
      { body: SignUpBody, response: SignUpResponse },
    )
    .post(
      "/signin",
      async ({ body, cookie, request, server, status }) => {
        const address = clientAddress(ctx, request, server);
        const result = await signInBroker(ctx, { ...body, address });
        if ("twoFactorRequired" in result) return status(202, result); // two-factor/routes.ts finishes it
        session.set(cookie, result.token, result.expiresAt);
        return { user: result.user, token: result.token };
      },
      { body: SignInBody, response: { 200: AuthResponse, 202: SecondFactorChallenge } },
    )
    .post("/signout", ({ headers, cookie }) => {
      const token = brokerSessionToken(ctx, { headers, cookie });
      if (token) signOutBroker(ctx, token);
      session.clear(cookie);
      return { message: "Signed out" };
    }, { response: Message })
    .get("/user", ({ broker }) => broker, { broker: true, response: PublicUser });
};
