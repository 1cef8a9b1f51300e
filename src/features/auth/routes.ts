import { Elysia } from "elysia";
import { contextSeed, type AppContext } from "../../context.ts";
import { clientAddress } from "../../lib/http.ts";
import { Message } from "../../lib/model.ts";
import { access } from "../access/plugin.ts";
import { AuthResponse, PublicUser, SignInBody, SignUpBody, SignUpResponse } from "./model.ts";
import { brokerCookie, brokerSessionToken } from "./session.ts";
import { signInBroker, signOutBroker, signUpBroker } from "./service.ts";

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
      async ({ body, cookie, request, server }) => {
        const address = clientAddress(ctx, request, server);
        const { user, token, expiresAt } = await signInBroker(ctx, { ...body, address });
        session.set(cookie, token, expiresAt);
        return { user, token };
      },
      { body: SignInBody, response: AuthResponse },
    )
    .post("/signout", ({ headers, cookie }) => {
      const token = brokerSessionToken(ctx, { headers, cookie });
      if (token) signOutBroker(ctx, token);
      session.clear(cookie);
      return { message: "Signed out" };
    }, { response: Message })
    .get("/user", ({ broker }) => broker, { broker: true, response: PublicUser });
};
