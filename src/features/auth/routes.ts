import { Elysia } from "elysia";
import { contextSeed, type AppContext } from "../../context.ts";
import { clientAddress } from "../../lib/http.ts";
import { Message } from "../../lib/model.ts";
import { hashToken } from "../../lib/tokens.ts";
import { access } from "../access/plugin.ts";
import {
  accountMessages,
  changeBrokerPassword,
  confirmEmailChange,
  forgotBrokerPassword,
  requestEmailChange,
  checkBrokerResetToken,
  resetBrokerPasswordWithToken,
} from "./account.ts";
import {
  AuthResponse,
  CodeRequired as CodeRequiredDto,
  ChangeEmailBody,
  ChangePasswordBody,
  ChangePasswordResponse,
  ConfirmEmailBody,
  ForgotPasswordBody,
  JoinBody,
  PublicUser,
  SignedInBroker,
  ResetPasswordBody,
  ResetTokenParams,
  ResetTokenValid,
  SecondFactorChallenge,
  SignInBody,
  SignUpBody,
  SignUpResponse,
} from "./model.ts";
import { brokerCookie, brokerSessionToken } from "./session.ts";
import { signInBroker, signOutBroker, signUpBroker } from "./service.ts";
import { joinWorkspace } from "./join.ts";

/**
 * What sign-in asks of features above auth, handed in by src/app.ts so that auth imports neither
 * (docs/architecture.md, "Layers").
 */
export interface SignInHooks {
  /** two-factor's secondFactorChallenge: once the password is right, a challenge in place of a session, or null. */
  secondFactor: (ctx: AppContext, userId: string) => Promise<SecondFactorChallenge | null>;
  /** broker-profile's rememberTimeZone: the browser's time zone, for the broker's emails. */
  rememberTimeZone: (ctx: AppContext, brokerId: string, zone: string | undefined) => Promise<void>;
}

export const authRoutes = (ctx: AppContext, { secondFactor, rememberTimeZone }: SignInHooks) => {
  const session = brokerCookie(ctx);

  return new Elysia({ name: "auth", seed: contextSeed(ctx), prefix: "/api/auth" })
    .use(access(ctx))
    .post(
      "/signup",
      async ({ body, cookie, request, server, status }) => {
        const result = await signUpBroker(ctx, { ...body, address: clientAddress(ctx, request, server) });
        if (result.codeRequired) return status(202, { message: result.message, codeRequired: true as const });
        await rememberTimeZone(ctx, result.user.id, body.timeZone);
        session.set(cookie, result.token, result.expiresAt);
        return status(201, { user: result.user, token: result.token });
      },
      { body: SignUpBody, response: SignUpResponse },
    )
    .post(
      "/signin",
      async ({ body, cookie, request, server, status }) => {
        const address = clientAddress(ctx, request, server);
        const result = await signInBroker(ctx, { ...body, address }, secondFactor);
        if ("twoFactorRequired" in result) return status(202, result); // two-factor/routes.ts finishes it
        await rememberTimeZone(ctx, result.user.id, body.timeZone);
        session.set(cookie, result.token, result.expiresAt);
        return { user: result.user, token: result.token };
      },
      { body: SignInBody, response: { 200: AuthResponse, 202: SecondFactorChallenge } },
    )
    .post("/signout", async ({ headers, cookie }) => {
      const token = brokerSessionToken(ctx, { headers, cookie });
      if (token) await signOutBroker(ctx, token);
      session.clear(cookie);
      return { message: "Signed out" };
    }, { response: Message })
    .get("/user", ({ broker, member }) => ({ ...broker, workspaceId: member.workspaceId, role: member.role }), { broker: true, response: SignedInBroker })
    .post(
      "/forgot-password",
      async ({ body, request, server }) => {
        await forgotBrokerPassword(ctx, { email: body.email, address: clientAddress(ctx, request, server) });
        return { message: accountMessages.forgotAnswer };
      },
      { body: ForgotPasswordBody, response: Message },
    )
    .get(
      "/reset-password/:token",
      async ({ params }) => {
        await checkBrokerResetToken(ctx, params.token);
        return { valid: true as const };
      },
      { params: ResetTokenParams, response: ResetTokenValid },
    )
    .post(
      "/reset-password",
      async ({ body }) => {
        await resetBrokerPasswordWithToken(ctx, body);
        return { message: accountMessages.resetDone };
      },
      { body: ResetPasswordBody, response: Message },
    )
    .post(
      "/change-password",
      async ({ broker, body, headers, cookie, request, server }) => {
        const sessionId = hashToken(brokerSessionToken(ctx, { headers, cookie })!);
        const { sessionsEnded } = await changeBrokerPassword(ctx, { ...body, brokerId: broker.id, sessionId, address: clientAddress(ctx, request, server) });
        return { message: accountMessages.passwordChanged, sessionsEnded };
      },
      { broker: true, body: ChangePasswordBody, response: ChangePasswordResponse },
    )
    .post(
      "/change-email",
      async ({ broker, body, request, server, status }) => {
        const message = await requestEmailChange(ctx, { ...body, brokerId: broker.id, address: clientAddress(ctx, request, server) });
        return status(202, { message, codeRequired: true as const });
      },
      { broker: true, body: ChangeEmailBody, response: { 202: CodeRequiredDto } },
    )
    .post("/change-email/confirm", async ({ broker, body, headers, cookie }) => confirmEmailChange(ctx, { brokerId: broker.id, sessionId: hashToken(brokerSessionToken(ctx, { headers, cookie })!), code: body.code }), {
      broker: true,
      body: ConfirmEmailBody,
      response: PublicUser,
    });
};

/**
 * POST /api/workspace/join: accepting an invitation makes the account (or brings back a removed
 * member's, auth/join.ts) and signs it in, as sign-up does; a returning account with two-factor on
 * gets sign-in's challenge instead (202, finished by POST /api/two-factor/verify).
 */
export const joinRoutes = (ctx: AppContext, { secondFactor }: Pick<SignInHooks, "secondFactor">) => {
  const session = brokerCookie(ctx);
  return new Elysia({ name: "workspace-join", seed: contextSeed(ctx), prefix: "/api/workspace" }).post(
    "/join",
    async ({ body, cookie, request, server, status }) => {
      const result = await joinWorkspace(ctx, { ...body, address: clientAddress(ctx, request, server) }, secondFactor);
      if ("twoFactorRequired" in result) return status(202, result);
      session.set(cookie, result.token, result.expiresAt);
      return status(201, { user: result.user, token: result.token });
    },
    { body: JoinBody, response: { 201: AuthResponse, 202: SecondFactorChallenge } },
  );
};
