// `{ broker: true }` on a route: resolves the signed-in broker from the bearer token or the
// session cookie, or answers 401. Every broker endpoint uses it.
import { Elysia } from "elysia";
import type { AppContext } from "../../context.ts";
import { unauthorized } from "../../lib/errors.ts";
import { BROKER_COOKIE, sessionCookies } from "../../lib/session-cookie.ts";
import { brokerForToken } from "./service.ts";

const bearerToken = (headers: Record<string, string | undefined>) => {
  const auth = headers.authorization;
  return auth?.toLowerCase().startsWith("bearer ") ? auth.slice(7).trim() || null : null;
};

export const brokerCookie = (ctx: AppContext) => sessionCookies(ctx, BROKER_COOKIE);

/** The session token a request carries, from `Authorization: Bearer` first, else the cookie in force. */
export function brokerSessionToken(ctx: AppContext, headers: Record<string, string | undefined>): string | null {
  return bearerToken(headers) ?? brokerCookie(ctx).read(headers);
}

export const brokerAuth = (ctx: AppContext) =>
  new Elysia().macro({
    broker: {
      resolve({ headers }) {
        const token = brokerSessionToken(ctx, headers);
        if (!token) throw unauthorized("Authentication required");
        const broker = brokerForToken(ctx, token);
        if (!broker) throw unauthorized("Your session has expired. Please sign in again.");
        return { broker };
      },
    },
  });
