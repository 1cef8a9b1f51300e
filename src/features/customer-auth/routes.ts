import { Elysia } from "elysia";
import type { AppContext } from "../../context.ts";
import { clientAddress } from "../../lib/http.ts";
import { profileAfterSignIn } from "../portal/service.ts";
import { CheckEmailBody, ForgotPasswordBody, ResetPasswordBody, SignInBody, SignUpBody } from "./model.ts";
import { CUSTOMER_COOKIE, customerSessionToken } from "./plugin.ts";
import {
  checkEmail,
  FORGOT_PASSWORD_ANSWER,
  forgotPassword,
  resetPassword,
  signInCustomer,
  signOutCustomer,
  signUpCustomer,
} from "./service.ts";

export const customerAuthRoutes = (ctx: AppContext) => {
  const cookie = (token: string, expires: Date) => ({
    value: token,
    httpOnly: true,
    sameSite: "lax" as const,
    secure: ctx.config.secureCookies,
    path: "/",
    expires,
  });

  return new Elysia({ prefix: "/api/customer" })
    .post("/check-email", ({ body }) => checkEmail(ctx, body), { body: CheckEmailBody })
    .post(
      "/signup",
      async ({ body, cookie: jar, set }) => {
        const result = await signUpCustomer(ctx, body);
        if (result.codeSent) {
          // Accepted, not done: the account exists once the emailed code comes back.
          set.status = 202;
          return { message: result.message, codeRequired: true };
        }
        const { session } = result;
        jar[CUSTOMER_COOKIE]!.set(cookie(session.token, session.expiresAt));
        set.status = 201;
        return { customer: profileAfterSignIn(ctx, session.session, body.uploadLink) };
      },
      { body: SignUpBody },
    )
    .post(
      "/signin",
      async ({ body, cookie: jar, request, server }) => {
        const session = await signInCustomer(ctx, { ...body, address: clientAddress(ctx, request, server) });
        jar[CUSTOMER_COOKIE]!.set(cookie(session.token, session.expiresAt));
        return { customer: profileAfterSignIn(ctx, session.session, body.uploadLink) };
      },
      { body: SignInBody },
    )
    .post("/signout", ({ headers, cookie: jar }) => {
      const token = customerSessionToken(headers);
      if (token) signOutCustomer(ctx, token);
      jar[CUSTOMER_COOKIE]!.set({ ...cookie("", new Date(0)), maxAge: 0 });
      return { message: "Signed out" };
    })
    .post(
      "/forgot-password",
      ({ body }) => {
        forgotPassword(ctx, body);
        return { message: FORGOT_PASSWORD_ANSWER };
      },
      { body: ForgotPasswordBody },
    )
    .post(
      "/reset-password",
      async ({ body }) => {
        await resetPassword(ctx, body);
        return { message: "Your password has been reset. You can sign in now." };
      },
      { body: ResetPasswordBody },
    );
};
