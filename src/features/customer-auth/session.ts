// Which customer account a request is signed in to (its session cookie), and what an upload link
// opens for that request: the one relationship the link names (404 for an unknown link) and,
// when the session's account owns this relationship's email, every relationship of that email.
// The `portal` macro (access/plugin.ts), sign-out and the live channel all ask here.
import type { AppContext } from "../../context.ts";
import { CUSTOMER_COOKIE, sessionCookies, type Credentials } from "../../lib/session-cookie.ts";
import { customerByLink, customersWithEmail, type CustomerRow } from "../customers/contact.ts";
import { sessionForToken, type CustomerSession } from "./service.ts";

export const customerCookie = (ctx: AppContext) => sessionCookies(ctx, CUSTOMER_COOKIE);

/** The customer session this request carries, if any. */
export async function customerSession(ctx: AppContext, request: Pick<Credentials, "cookie">): Promise<CustomerSession | null> {
  const token = customerCookie(ctx).read(request.cookie);
  return token ? await sessionForToken(ctx, token) : null;
}

/**
 * The same, read from the Cookie header with the parser Elysia uses: every portal request asks,
 * and skipping Elysia's cookie jar (a Proxy, an object per cookie) made cached portal reads 7–8 %
 * faster.
 */
export async function customerSessionOf(ctx: AppContext, request: Request): Promise<CustomerSession | null> {
  const token = customerCookie(ctx).readHeader(request.headers.get("cookie"));
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
