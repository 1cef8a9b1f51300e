import { Elysia } from "elysia";
import type { AppContext } from "../../context.ts";
import { clientAddress } from "../../lib/http.ts";
import { SignInBody, SignUpBody } from "./model.ts";
import { brokerAuth, brokerCookie, brokerSessionToken } from "./plugin.ts";
import { signInBroker, signOutBroker, signUpBroker } from "./service.ts";

export const authRoutes = (ctx: AppContext) => {
  const session = brokerCookie(ctx);

  return new Elysia({ prefix: "/api/auth" })
    .use(brokerAuth(ctx))
    .post(
      "/signup",
      async ({ body, cookie, set, request, server }) => {
        const result = await signUpBroker(ctx, { ...body, address: clientAddress(ctx, request, server) });
        if (result.codeRequired) {
          set.status = 202;
          return { message: result.message, codeRequired: true };
        }
        session.set(cookie, result.token, result.expiresAt);
        set.status = 201;
        return { user: result.user, token: result.token };
      },
      { body: SignUpBody },
    )
    .post(
      "/signin",
      async ({ body, cookie, request, server }) => {
        const address = clientAddress(ctx, request, server);
        const { user, token, expiresAt } = await signInBroker(ctx, { ...body, address });
        session.set(cookie, token, expiresAt);
        return { user, token };
      },
      { body: SignInBody },
    )
    .post("/signout", ({ headers, cookie }) => {
      const token = brokerSessionToken(ctx, headers);
      if (token) signOutBroker(ctx, token);
      session.clear(cookie);
      return { message: "Signed out" };
    })
    .get("/user", ({ broker }) => broker, { broker: true });
};
