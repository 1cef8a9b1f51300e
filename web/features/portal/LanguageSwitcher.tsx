import { useId } from "react";
import { ChevronDown } from "lucide-react";
import { LANGUAGE_CODES, LANGUAGES, isLanguage } from "@shared/i18n/languages";
import { useLanguage, useT } from "../../lib/i18n/use-t";
import { saveLanguageChoice } from "./language";

/**
 * English / Español in the portal's header. A native select, like the broker filter: a phone opens
 * its own picker, each language named in itself (and marked with its `lang`). On a phone the
 * select is see-through over its short code ("ES"), so the header keeps room for its title at
 * 390 px. The page switches in place (only the chosen catalog is downloaded) and the server
 * remembers the choice. No globe icon: the first load has no bytes to spare for one.
 */
/** `link`: the upload link the choice is kept on; without one (another signer's page) the switch is the page's only. */
export function LanguageSwitcher({ link }: { link?: string }) {
  const t = useT();
  const { language, setLanguage } = useLanguage();
  const id = useId();
  return (
    <div className="relative flex min-h-11 items-center gap-1 rounded-lg px-2 text-sm font-medium text-slate-700 focus-within:ring-2 focus-within:ring-brand-500 hover:bg-slate-100">
      <label htmlFor={id} className="sr-only">
        {t("languageSwitcher.label")}
      </label>
      {/* Languages are named in themselves, never translated (translate="no"). */}
      <span aria-hidden="true" translate="no" className="uppercase sm:hidden">
        {language}
      </span>
      <span aria-hidden="true" translate="no" className="hidden sm:inline">
        {LANGUAGES[language].name}
      </span>
      <ChevronDown aria-hidden="true" className="size-4 text-slate-500" />
      <select
        id={id}
        value={language}
        onChange={(event) => {
          const chosen = event.target.value;
          if (!isLanguage(chosen)) return;
          void setLanguage(chosen);
          if (link) void saveLanguageChoice(link, chosen);
        }}
        className="absolute inset-0 cursor-pointer opacity-0"
      >
        {LANGUAGE_CODES.map((code) => (
          <option key={code} value={code} lang={code} translate="no">
            {LANGUAGES[code].name}
          </option>
        ))}
      </select>
    </div>
  );
}
