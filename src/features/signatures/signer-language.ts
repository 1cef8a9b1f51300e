// The language a signer is written to and shown the signing page in: the request's customer's
// (src/shared/i18n/which-language.ts). Another signer (a co-borrower, a guarantor) is not the
// customer: what the broker set for the customer and the workspace's default apply to them too
// (the broker's knowledge of the file and of their customers), but the customer's own switch in the
// portal does not: it is one person's choice for their own screen, and says nothing of another's.
// With nothing set: the signer's own browser on the page, English in an email.
import { and, eq, ne } from "drizzle-orm";
import { signatureRequests, signatureSigners } from "../../../db/tables.ts";
import type { Reader } from "../../../db/client.ts";
import type { AppContext } from "../../context.ts";
import { hashToken } from "../../lib/tokens.ts";
import { customerContact } from "../customers/lookups.ts";
import type { Language } from "../../shared/i18n/languages.ts";
import { customerLanguage, type CustomerLanguages } from "../workspaces/customer-language.ts";

export function signerLanguage(db: Reader, signer: { customerId: string | null }, customer: CustomerLanguages, acceptLanguage?: string | null): Promise<Language> {
  return customerLanguage(db, signer.customerId ? customer : { ...customer, chosenLanguage: null }, acceptLanguage);
}

/**
 * The language of /sign/{token}'s page, or null for a token that opens nothing, a voided
 * request's included (the page then speaks the browser's: a voided link tells nothing of its file).
 */
export async function signPageLanguage(ctx: AppContext, token: string, acceptLanguage: string | null): Promise<Language | null> {
  const signer = (
    await ctx.db
      .select({ customerId: signatureSigners.customerId, requestCustomerId: signatureRequests.customerId })
      .from(signatureSigners)
      .innerJoin(signatureRequests, eq(signatureRequests.id, signatureSigners.requestId))
      .where(and(eq(signatureSigners.tokenHash, hashToken(token)), ne(signatureRequests.status, "voided")))
  )[0];
  const customer = signer ? await customerContact(ctx, signer.requestCustomerId) : null;
  return signer && customer ? signerLanguage(ctx.db, signer, customer, acceptLanguage) : null;
}
