// The customer's account panel names their loan type in the page's language: every loan type the
// broker can pick has a message in every catalog; one the lists do not know shows as written.
import { expect, test } from "bun:test";
import { CREATE_LOAN_TYPES, EDIT_LOAN_TYPES, NOT_SPECIFIED_LOAN_TYPE } from "../../src/shared/loan-types";
import { flattenCatalog } from "../../src/shared/i18n/catalog";
import { LANGUAGE_CODES, LANGUAGES } from "../../src/shared/i18n/languages";
import { translate } from "../../src/shared/i18n/translate";
import { loanTypeKey, loanTypeWords } from "../../web/features/portal/loan-type-words";
import type { Translate } from "../../web/lib/i18n/store";

const inLanguage = (language: "en" | "es"): Translate => (key, values) => translate(language, key, values);

test("every loan type a broker can pick has a message in every catalog", async () => {
  const ids = [...EDIT_LOAN_TYPES, ...CREATE_LOAN_TYPES].map((option) => option.id).filter((id) => id !== NOT_SPECIFIED_LOAN_TYPE);
  for (const language of LANGUAGE_CODES) {
    const messages = flattenCatalog((await LANGUAGES[language].catalog()).default);
    expect(ids.filter((id) => !(loanTypeKey(id) in messages))).toEqual([]);
  }
  // English is the broker's list's own label.
  for (const option of [...EDIT_LOAN_TYPES, ...CREATE_LOAN_TYPES]) expect(loanTypeWords(option.id, inLanguage("en"))).toBe(option.label);
});

test("in Spanish: the known ones translated, none set said so, an unknown one as written", () => {
  const es = inLanguage("es");
  expect(loanTypeWords("cash-out-refinance", es)).toBe("Refinanciamiento con retiro de efectivo");
  expect(loanTypeWords("fha", es)).toBe("FHA");
  expect(loanTypeWords(null, es)).toBe(translate("es", "dialogs.notSpecified"));
  expect(loanTypeWords(null, es)).not.toBe("Not specified");
  expect(loanTypeWords("bridge-loan", es)).toBe("Bridge loan");
});
