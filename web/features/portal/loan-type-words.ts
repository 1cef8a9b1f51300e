// A loan type as the customer's account panel shows it, in the page's language: the known ones
// (src/shared/loan-types.ts) from the catalog, anything else as the broker's screens write it.
import type { MessageKey } from "@shared/i18n/catalog";
import { CREATE_LOAN_TYPES, EDIT_LOAN_TYPES, loanTypeLabel, NOT_SPECIFIED_LOAN_TYPE } from "@shared/loan-types";
import type { Translate } from "../../lib/i18n/store";

/** The catalog's key for a known loan type id ("cash-out-refinance" → "loanTypes.cashOutRefinance"). */
export const loanTypeKey = (id: string) => `loanTypes.${id.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase())}` as MessageKey;

export function loanTypeWords(id: string | null | undefined, t: Translate): string {
  if (!id || id === NOT_SPECIFIED_LOAN_TYPE) return t("dialogs.notSpecified");
  const known = [...EDIT_LOAN_TYPES, ...CREATE_LOAN_TYPES].some((option) => option.id === id);
  return known ? t(loanTypeKey(id)) : loanTypeLabel(id);
}
