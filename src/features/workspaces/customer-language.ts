// The language a workspace's customer is written to (src/shared/i18n/which-language.ts), for
// every feature that emails a customer: it sits here, beside the workspace's default it reads,
// low enough for all of them to import.
import { eq, sql } from "drizzle-orm";
import { workspaces } from "../../../db/tables.ts";
import type { Reader } from "../../../db/client.ts";
import { badRequest } from "../../lib/errors.ts";
import { prepared } from "../../lib/prepared.ts";
import { isLanguage, type Language } from "../../shared/i18n/languages.ts";
import { CHOSEN_LANGUAGE_ERROR, LANGUAGE_ERROR, languageThatApplies } from "../../shared/i18n/which-language.ts";

/** A language a request names (the customer's switch): one of ours; anything else is a 400, before anything changes. */
export function requestedLanguage(value: string): Language {
  if (!isLanguage(value)) throw badRequest(CHOSEN_LANGUAGE_ERROR);
  return value;
}

/** The same where null unsets it (the broker's settings). */
export function checkedLanguage(value: string | null): Language | null {
  if (value !== null && !isLanguage(value)) throw badRequest(LANGUAGE_ERROR);
  return value;
}

const defaultLanguageQuery = prepared((db) =>
  db.select({ language: workspaces.defaultLanguage }).from(workspaces).where(eq(workspaces.id, sql.placeholder("workspaceId"))).prepare(),
);

/** The workspace's default language, or null while its owner has set none. */
export async function workspaceLanguage(db: Reader, workspaceId: string): Promise<string | null> {
  return (await defaultLanguageQuery(db).execute({ workspaceId }))[0]?.language ?? null;
}

/** What a customer row says of their language. */
export interface CustomerLanguages {
  workspaceId: string;
  language: string | null;
  chosenLanguage: string | null;
}

/**
 * The language of an email to this customer: theirs, the broker's, the workspace's, else English
 * (an email has no Accept-Language). `acceptLanguage`: the portal's request header, for its page
 * and its data.
 */
export async function customerLanguage(db: Reader, customer: CustomerLanguages, acceptLanguage?: string | null): Promise<Language> {
  // Read only when it can decide: a stored language no longer in the list counts as not set.
  const workspace = isLanguage(customer.chosenLanguage) || isLanguage(customer.language) ? null : await workspaceLanguage(db, customer.workspaceId);
  return languageThatApplies({ chosen: customer.chosenLanguage, broker: customer.language, workspace }, acceptLanguage);
}
