// Which customer account a request is signed in to (its session cookie), and what an upload link
// opens for that request: the one relationship the link names (404 for an unknown link) and,
// when the session's account owns this relationship's email, every relationship of that email.
// The `portal` macro (access/plugin.ts), sign-out and the live channel all ask here.
import type { AppContext } from "../../context.ts";
import { CUSTOMER_COOKIE, sessionCookies, type Credentials } from "../../lib/session-cookie.ts";
import { customerByLink, customersWithEmail, type CustomerRow } from "../customers/lookups.ts";
import { hashToken } from "../../lib/tokens.ts";
import { isLive, sessionForToken, sessionRecord, type CustomerSession } from "./service.ts";

export const customerCookie = (ctx: AppContext) => sessionCookies(ctx, CUSTOMER_COOKIE);

/** The customer session this request carries, if any. */
export async function customerSession(ctx: AppContext, request: Pick<Credentials, "cookie">): Promise<CustomerSession | null> {
  const token = customerCookie(ctx).read(request.cookie);
  return token ? await sessionForToken(ctx, token) : null;
}

export interface PortalAccess {
  /** The relationship the link opens. */
  customer: CustomerRow;
  /** Set only when the session's account owns this relationship's email. */
  session: CustomerSession | null;
  /** What this request may see: the link's relationship, or every one of the signed-in account. */
  customers: CustomerRow[];
}

export const isSignedIn = (access: PortalAccess) => access.session !== null;

/**
 * What the link opens for the holder of this (possibly absent) session. Asked on every portal
 * request: kept in ctx.lookups per link and signed-in email until the database changes.
 */
export async function portalAccessFor(ctx: AppContext, uploadLink: string, found: CustomerSession | null): Promise<PortalAccess> {
  const email = found?.account.email ?? null;
  const opened = await ctx.lookups.value(`portal-access:${uploadLink}:${email ?? ""}`, async () => {
    const customer = await customerByLink(ctx, uploadLink);
    const owned = email === customer.email;
    return { customer, owned, customers: owned ? await customersWithEmail(ctx, customer.email) : [customer] };
  });
  return { customer: opened.customer, session: opened.owned ? found : null, customers: opened.customers };
}

/**
 * What the link opens for this request's session cookie, read from the Cookie header (the
 * `portal` macro: every portal request asks). One lookup per link and session, not the session's
 * then the link's; and Elysia's cookie jar (a Proxy, an object per cookie) is skipped. An
 * expired session opens what a guest's request does.
 */
export async function portalAccessOf(ctx: AppContext, uploadLink: string, request: Request): Promise<PortalAccess> {
  const token = customerCookie(ctx).readHeader(request.headers.get("cookie"));
  if (!token) return portalAccessFor(ctx, uploadLink, null);
  const sessionId = hashToken(token);
  const opened = await ctx.lookups.value(`portal:${uploadLink}:${sessionId}`, async () => {
    const record = await sessionRecord(ctx, sessionId);
    return { record, access: await portalAccessFor(ctx, uploadLink, record?.session ?? null) };
  });
  return opened.record === null || isLive(ctx, opened.record) ? opened.access : portalAccessFor(ctx, uploadLink, null);
}
