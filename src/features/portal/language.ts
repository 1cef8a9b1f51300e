// The portal's language: which one this request's page and data are in
// (workspaces/customer-language.ts holds the rule), and the customer's own switch.
import type { AppContext } from "../../context.ts";
import { inTransaction } from "../../lib/unit-of-work.ts";
import type { Language } from "../../shared/i18n/languages.ts";
import { browserLanguage } from "../../shared/i18n/which-language.ts";
import { isSignedIn, type PortalAccess } from "../customer-auth/session.ts";
import { rememberAccountLanguage } from "../customer-auth/language.ts";
import { aboutCustomer, rememberChosenLanguage } from "../customers/lookups.ts";
import { customerLanguage, requestedLanguage } from "../workspaces/customer-language.ts";

/** The language this request's portal is shown in; Accept-Language counts only when nothing is set. */
export const portalLanguage = (ctx: AppContext, access: PortalAccess, request: Request): Promise<Language> =>
  customerLanguage(ctx.db, access.customer, request.headers.get("accept-language"));

/**
 * What this request's Accept-Language would choose, were nothing set: the one thing the portal's
 * language depends on that is not in the database. The cached view is keyed by it, and works the
 * language out inside (portalLanguage), so a hit reads nothing, not even the workspace's default.
 */
export const headerLanguage = (request: Request): Language => browserLanguage(request.headers.get("accept-language"));

/**
 * The customer's own choice (PUT /api/upload/{link}/language). A guest's is kept on the link's
 * relationship only; a signed-in customer's on their account and every relationship it opens, so
 * their next emails, from any of their brokers, are in it. 400 for a language we do not have,
 * before anything changes.
 */
export async function chooseLanguage(ctx: AppContext, input: { portal: PortalAccess; language: string }): Promise<{ language: Language }> {
  const language = requestedLanguage(input.language);
  const { portal } = input;
  const relationships = isSignedIn(portal) ? portal.customers : [portal.customer];
  await inTransaction(ctx, async ({ tx, publish }) => {
    await rememberChosenLanguage(tx, { customerIds: relationships.map((c) => c.id), language });
    if (portal.session) await rememberAccountLanguage(tx, { accountId: portal.session.account.id, language });
    // The broker's screens show the customer's choice.
    for (const customer of relationships) publish({ type: "customer_updated", ...aboutCustomer(customer) });
  });
  return { language };
}
