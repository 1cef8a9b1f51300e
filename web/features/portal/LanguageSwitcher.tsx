import { useId } from "react";
import { ChevronDown, Languages } from "lucide-react";
import { LANGUAGE_CODES, LANGUAGES, isLanguage } from "@shared/i18n/languages";
import { useLanguage, useT } from "../../lib/i18n/use-t";
import { saveLanguageChoice } from "./language";

/**
 * English / Español in the portal's header. A native select, like the broker filter: a phone opens
 * its own picker. Each language is named in itself, and marked with its `lang` for screen readers.
 * The page switches in place (only the chosen language's catalog is downloaded) and the server
 * remembers the choice.
 */
export function LanguageSwitcher({ link }: { link: string }) {
  const t = useT();
  const { language, setLanguage } = useLanguage();
  const id = useId();
  return (
    <div className="relative flex items-center">
      <label htmlFor={id} className="sr-only">
        {t("languageSwitcher.label")}
      </label>
      <Languages aria-hidden="true" className="pointer-events-none absolute left-2 size-4 text-slate-500" />
      <select
        id={id}
        value={language}
        onChange={(event) => {
          const chosen = event.target.value;
          if (!isLanguage(chosen)) return;
          void setLanguage(chosen);
          void saveLanguageChoice(link, chosen);
        }}
        className="min-h-11 cursor-pointer appearance-none rounded-lg border border-transparent bg-transparent pr-7 pl-7 text-sm font-medium text-slate-700 outline-none hover:bg-slate-100 focus-visible:border-brand-500 focus-visible:ring-2 focus-visible:ring-brand-200"
      >
        {LANGUAGE_CODES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGES[code].name}
          </option>
        ))}
      </select>
      <ChevronDown aria-hidden="true" className="pointer-events-none absolute right-2 size-4 text-slate-500" />
    </div>
  );
}
