// A customer account's language: the holder's own choice in the portal, kept on the account so it
// follows them to every link they sign in on (customers.chosen_language keeps it per link).
import { and, eq, isNull } from "drizzle-orm";
import { customerAccounts } from "../../../db/tables.ts";
import type { Writer } from "../../lib/jobs.ts";
import { rememberChosenLanguage, type CustomerRow } from "../customers/lookups.ts";

export async function rememberAccountLanguage(db: Writer, input: { accountId: string; language: string }): Promise<void> {
  await db.update(customerAccounts).set({ language: input.language }).where(eq(customerAccounts.id, input.accountId));
}

/**
 * Signing in through a link joins the two choices, neither overriding the other: the account's
 * carries to the link if the link has none, and a choice made on the link as a guest becomes the
 * account's if it had none.
 */
export async function joinLanguageChoices(db: Writer, account: { id: string; language: string | null }, through: CustomerRow): Promise<void> {
  if (account.language) await rememberChosenLanguage(db, { customerIds: [through.id], language: account.language, onlyIfUnset: true });
  else if (through.chosenLanguage) {
    await db.update(customerAccounts).set({ language: through.chosenLanguage }).where(and(eq(customerAccounts.id, account.id), isNull(customerAccounts.language)));
  }
}
