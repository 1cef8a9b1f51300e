// `{ broker: true }` on a route: resolves the signed-in broker from the bearer token or the
// session cookie, or answers 401. Every broker endpoint uses it.
import { Elysia } from "elysia";
import type { AppContext } from "../../context.ts";
import { unauthorized } from "../../lib/errors.ts";
import { readCookie } from "../../lib/http.ts";
import { brokerForToken } from "./service.ts";

export const SESSION_COOKIE = "portal_session";

/** The session token a request carries, from `Authorization: Bearer` first, else the cookie. */
export function sessionToken(headers: Record<string, string | undefined>): string | null {
  const auth = headers.authorization;
  if (auth?.toLowerCase().startsWith("bearer ")) return auth.slice(7).trim() || null;
  return readCookie(headers, SESSION_COOKIE);
}

export const brokerAuth = (ctx: AppContext) =>
  new Elysia().macro({
    broker: {
      resolve({ headers }) {
        const token = sessionToken(headers);
        if (!token) throw unauthorized("Authentication required");
        const broker = brokerForToken(ctx, token);
        if (!broker) throw unauthorized("Your session has expired. Please sign in again.");
        return { broker };
      },
    },
  });
