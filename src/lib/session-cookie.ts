// Session cookies, broker's and customer's alike. Over https a cookie carries the __Host- prefix:
// browsers then accept it only when Secure, with Path=/ and no Domain, so neither a sibling
// subdomain nor a plain-http page can plant or overwrite a session (session fixation). Plain
// http (a trial on localhost) cannot use the prefix and keeps the bare name.
import type { AppContext } from "../context.ts";
import { readCookie } from "./http.ts";

interface CookieJar {
  [name: string]: { set(options: Record<string, unknown>): unknown } | undefined;
}

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
    /** The token of the cookie in force (only that name is read: a planted bare cookie counts for nothing over https). */
    read: (headers: Record<string, string | undefined>) => readCookie(headers, name),
    set: (jar: CookieJar, token: string, expires: Date) => jar[name]!.set(options(token, expires)),
    clear: (jar: CookieJar) => jar[name]!.set({ ...options("", new Date(0)), maxAge: 0 }),
  };
}

export const BROKER_COOKIE = "portal_session";
export const CUSTOMER_COOKIE = "portal_customer";
