// Session cookies, broker's and customer's alike, read and written through Elysia's cookie jar.
// Over https a cookie carries the __Host- prefix: browsers then accept it only when Secure, with
// Path=/ and no Domain, so neither a sibling subdomain nor a plain-http page can plant or
// overwrite a session (session fixation). Plain http (a trial on localhost) cannot use the prefix
// and keeps the bare name.
import { parse as parseCookies } from "cookie";
import type { AppContext } from "../context.ts";

/** The part of Elysia's `cookie` that sessions use. */
export interface CookieJar {
  [name: string]: { value?: unknown; set(options: Record<string, unknown>): unknown } | undefined;
}

/** What a request carries that can identify its sender (an HTTP request's or a socket's context). */
export interface Credentials {
  headers: Record<string, string | undefined>;
  cookie: CookieJar;
}

/** A token we issue is base64url (tokens.ts randomToken); any other value names no session. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,128}$/;
const asToken = (value: unknown): string | null => (typeof value === "string" && TOKEN_SHAPE.test(value) ? value : null);

export function sessionCookies(ctx: AppContext, baseName: string) {
  const name = ctx.config.secureCookies ? `__Host-${baseName}` : baseName;
  const options = (value: string, expires: Date) => ({
    value,
    httpOnly: true,
    sameSite: "lax" as const,
    secure: ctx.config.secureCookies,
    path: "/",
    expires,
  });
  return {
    name,
    /**
     * The token of the cookie in force (only that name is read: a planted bare cookie counts for
     * nothing over https). Elysia parses a value that looks like JSON; a token never does.
     */
    read: (jar: CookieJar): string | null => asToken(jar[name]?.value),
    /** The same, from a request's Cookie header, for hot paths that skip Elysia's jar. */
    readHeader: (header: string | null): string | null => (header ? asToken(parseCookies(header)[name]) : null),
    set: (jar: CookieJar, token: string, expires: Date) => jar[name]!.set(options(token, expires)),
    clear: (jar: CookieJar) => jar[name]!.set({ ...options("", new Date(0)), maxAge: 0 }),
  };
}

export const BROKER_COOKIE = "portal_session";
export const CUSTOMER_COOKIE = "portal_customer";
