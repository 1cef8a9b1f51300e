// Which broker a request comes from: the bearer token, else the session cookie in force. The
// `broker` macro (access/plugin.ts), sign-out and the live channel all ask here.
import type { AppContext } from "../../context.ts";
import { BROKER_COOKIE, sessionCookies, type Credentials } from "../../lib/session-cookie.ts";
import { hashToken } from "../../lib/tokens.ts";
import type { PublicUser } from "./model.ts";
import { brokerForToken } from "./service.ts";

/** The token of an `Authorization: Bearer …` header (a session's, or an API key: the access plugin tells them apart). */
export const bearerToken = (auth: string | null | undefined) => (auth?.toLowerCase().startsWith("bearer ") ? auth.slice(7).trim() || null : null);

export const brokerCookie = (ctx: AppContext) => sessionCookies(ctx, BROKER_COOKIE);

/** The session token a request carries, from `Authorization: Bearer` first, else the cookie in force. */
export function brokerSessionToken(ctx: AppContext, request: Credentials): string | null {
  return bearerToken(request.headers.authorization) ?? brokerCookie(ctx).read(request.cookie);
}

/**
 * The same, read from the request's own headers: every broker request asks, and a route whose
 * hooks never name Elysia's `headers` or `cookie` is spared building both (an object of every
 * header, and a cookie jar of Proxies).
 */
export function brokerSessionTokenOf(ctx: AppContext, request: Request): string | null {
  return bearerToken(request.headers.get("authorization")) ?? brokerCookie(ctx).readHeader(request.headers.get("cookie"));
}

export interface BrokerSession {
  broker: PublicUser;
  /** The stored id (hash) of the session, which signing out names. */
  sessionId: string;
}

/** The broker signed in on this request, or null without a token or with an unknown or expired one. */
export async function brokerSession(ctx: AppContext, request: Credentials): Promise<BrokerSession | null> {
  const token = brokerSessionToken(ctx, request);
  const broker = token ? await brokerForToken(ctx, token) : null;
  return broker && { broker, sessionId: hashToken(token!) };
}
