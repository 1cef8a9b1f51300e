// `{ broker: true }` on a route: resolves the signed-in broker from the bearer token or the
// session cookie, or answers 401. Every broker endpoint uses it.
import { Elysia } from "elysia";
import type { AppContext } from "../../context.ts";
import { unauthorized } from "../../lib/errors.ts";
import { readCookie } from "../../lib/http.ts";
import { brokerForToken } from "./service.ts";

const PLAIN_COOKIE = "portal_session";
// Over https the cookie carries the __Host- prefix: browsers then accept it only when Secure,
// with Path=/ and no Domain, so neither a sibling subdomain nor a plain-http page can plant or
// overwrite a session (session fixation). Plain http (a trial on localhost) cannot use it.
const HOST_COOKIE = `__Host-${PLAIN_COOKIE}`;

/** The broker session cookie's name in force on this portal. */
export const sessionCookieName = (ctx: AppContext) => (ctx.config.secureCookies ? HOST_COOKIE : PLAIN_COOKIE);

const bearerToken = (headers: Record<string, string | undefined>) => {
  const auth = headers.authorization;
  return auth?.toLowerCase().startsWith("bearer ") ? auth.slice(7).trim() || null : null;
};

/** The session token a request carries, from `Authorization: Bearer` first, else the cookie in force. */
export function brokerSessionToken(ctx: AppContext, headers: Record<string, string | undefined>): string | null {
  return bearerToken(headers) ?? readCookie(headers, sessionCookieName(ctx));
}

/**
 * @deprecated Reads either cookie name because it cannot know which is in force; use
 * brokerSessionToken(ctx, headers). Kept for the live channel until it moves over.
 */
export function sessionToken(headers: Record<string, string | undefined>): string | null {
  return bearerToken(headers) ?? readCookie(headers, HOST_COOKIE) ?? readCookie(headers, PLAIN_COOKIE);
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
