// `{ portal: true }` on a route with :uploadLink: resolves the one relationship the link opens
// (404 for an unknown link) and, when the request carries the session of the account that this
// relationship's email belongs to, that account. Only then is the customer "signed in" here and
// sees every broker's requests addressed to their email.
import { Elysia } from "elysia";
import type { AppContext } from "../../context.ts";
import { CUSTOMER_COOKIE, sessionCookies } from "../../lib/session-cookie.ts";
import { customerByLink, customersWithEmail, type CustomerRow } from "../customers/contact.ts";
import { sessionForToken, type CustomerSession } from "./service.ts";

export const customerCookie = (ctx: AppContext) => sessionCookies(ctx, CUSTOMER_COOKIE);

/** The customer session this request carries, if any. */
export function customerSession(ctx: AppContext, headers: Record<string, string | undefined>): CustomerSession | null {
  const token = customerCookie(ctx).read(headers);
  return token ? sessionForToken(ctx, token) : null;
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

export function portalAccessFor(ctx: AppContext, uploadLink: string, headers: Record<string, string | undefined>): PortalAccess {
  const customer = customerByLink(ctx, uploadLink);
  const found = customerSession(ctx, headers);
  const session = found && found.account.email === customer.email ? found : null;
  return { customer, session, customers: session ? customersWithEmail(ctx, customer.email) : [customer] };
}

export const portalAccess = (ctx: AppContext) =>
  new Elysia().macro({
    portal: {
      resolve({ params, headers }) {
        return { portal: portalAccessFor(ctx, String((params as Record<string, string>).uploadLink ?? ""), headers) };
      },
    },
  });
