// `{ portal: true }` on a route with :uploadLink: resolves the link's customer (404 for an
// unknown link) and whether the request carries that customer's signed-in session.
import { Elysia } from "elysia";
import type { AppContext } from "../../context.ts";
import { readCookie } from "../../lib/http.ts";
import { customerByLink, customerForSession, type CustomerRow } from "./service.ts";

export const CUSTOMER_COOKIE = "portal_customer";

export const customerSessionToken = (headers: Record<string, string | undefined>) => readCookie(headers, CUSTOMER_COOKIE);

/** The customer signed in on this request, if any. */
export function signedInCustomer(ctx: AppContext, headers: Record<string, string | undefined>): CustomerRow | null {
  const token = customerSessionToken(headers);
  return token ? customerForSession(ctx, token) : null;
}

export interface PortalAccess {
  customer: CustomerRow;
  /** True only when the session belongs to this link's customer. */
  signedIn: boolean;
}

export const portalAccess = (ctx: AppContext) =>
  new Elysia().macro({
    portal: {
      resolve({ params, headers }) {
        const customer = customerByLink(ctx, String((params as Record<string, string>).uploadLink ?? ""));
        const session = signedInCustomer(ctx, headers);
        return { portal: { customer, signedIn: session?.id === customer.id } satisfies PortalAccess };
      },
    },
  });
