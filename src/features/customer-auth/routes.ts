import { Elysia } from "elysia";
import { contextSeed, type AppContext } from "../../context.ts";
import { clientAddress } from "../../lib/http.ts";
import { Message } from "../../lib/model.ts";
import { profileAfterSignIn } from "./profile.ts";
import {
  CheckEmailBody,
  CheckEmailResponse,
  CustomerAuthResponse,
  CustomerSignUpResponse,
  ForgotPasswordBody,
  ResetPasswordBody,
  ResetTokenParams,
  ResetTokenValid,
  SignInBody,
  SignUpBody,
} from "./model.ts";
import { customerCookie } from "./session.ts";
import { checkEmail, signInCustomer, signOutCustomer, signUpCustomer } from "./service.ts";
import { checkResetToken, FORGOT_PASSWORD_ANSWER, forgotPassword, resetPassword } from "./password-reset.ts";

export const customerAuthRoutes = (ctx: AppContext) => {
  const cookie = customerCookie(ctx);
  /** A new session replaces the one this browser held: the old token stops working too. */
  const startSession = async (jar: Parameters<typeof cookie.read>[0], started: { token: string; expiresAt: Date }) => {
    const previous = cookie.read(jar);
    if (previous && previous !== started.token) await signOutCustomer(ctx, previous);
    cookie.set(jar, started.token, started.expiresAt);
  };

  return new Elysia({ name: "customer-auth", seed: contextSeed(ctx), prefix: "/api/customer" })
    .post("/check-email", async ({ body }) => checkEmail(ctx, body), { body: CheckEmailBody, response: CheckEmailResponse })
    .post(
      "/signup",
      async ({ body, cookie: jar, status }) => {
        const result = await signUpCustomer(ctx, body);
        // Accepted, not done: the account exists once the emailed code comes back.
        if (result.codeSent) return status(202, { message: result.message, codeRequired: true as const });
        const started = result.session;
        await startSession(jar, started);
        return status(201, { customer: await profileAfterSignIn(ctx, { session: started.session, uploadLink: body.uploadLink }) });
      },
      { body: SignUpBody, response: CustomerSignUpResponse },
    )
    .post(
      "/signin",
      async ({ body, cookie: jar, request, server }) => {
        const started = await signInCustomer(ctx, { ...body, address: clientAddress(ctx, request, server) });
        await startSession(jar, started);
        return { customer: await profileAfterSignIn(ctx, { session: started.session, uploadLink: body.uploadLink }) };
      },
      { body: SignInBody, response: CustomerAuthResponse },
    )
    .post("/signout", async ({ cookie: jar }) => {
      const token = cookie.read(jar);
      if (token) await signOutCustomer(ctx, token);
      cookie.clear(jar);
      return { message: "Signed out" };
    }, { response: Message })
    .post(
      "/forgot-password",
      async ({ body }) => {
        await forgotPassword(ctx, body);
        return { message: FORGOT_PASSWORD_ANSWER };
      },
      { body: ForgotPasswordBody, response: Message },
    )
    .get(
      "/reset-password/:token",
      async ({ params }) => {
        await checkResetToken(ctx, params.token);
        return { valid: true as const };
      },
      { params: ResetTokenParams, response: ResetTokenValid },
    )
    .post(
      "/reset-password",
      async ({ body }) => {
        await resetPassword(ctx, body);
        return { message: "Your password has been reset. You can sign in now." };
      },
      { body: ResetPasswordBody, response: Message },
    );
};
