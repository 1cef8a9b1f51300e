// The customer's language as the broker sets it (issue 44): a select offering every language of
// src/shared/i18n/languages.ts (adding one there adds it here) or none. The broker's screens
// stay English; the languages are named in themselves, as a customer would look for them.
import { LANGUAGE_CODES, LANGUAGES, isLanguage, type Language } from "@shared/i18n/languages";
import { Select } from "../../components/ui/Select";
import { useCachedWorkspaceQuery } from "../workspaces/api";
import { useMemberMay } from "../workspaces/roles";

/** The select's key for "not set": the workspace's default applies, else the customer's browser. */
export const NOT_SET = "not-set";
export type LanguageKey = Language | typeof NOT_SET;

export const languageKey = (value: string | null | undefined): LanguageKey => (isLanguage(value) ? value : NOT_SET);
export const languageValue = (key: LanguageKey): Language | null => (key === NOT_SET ? null : key);

export const languageOptions = (notSetLabel: string) => [
  { id: NOT_SET as LanguageKey, label: notSetLabel },
  ...LANGUAGE_CODES.map((code) => ({ id: code as LanguageKey, label: LANGUAGES[code].name })),
];

/**
 * The workspace's default language as the select's key, for a new customer's select; "not set"
 * while loading, and for an assistant (who may not read the workspace's settings: the server then
 * applies the default all the same).
 */
export function useWorkspaceLanguage(): { key: LanguageKey } {
  const mayRead = useMemberMay("readWorkspace");
  const workspace = useCachedWorkspaceQuery({ enabled: mayRead });
  return { key: languageKey(workspace.data?.defaultLanguage) };
}

export function CustomerLanguageSelect({ value, onChange, isDisabled }: { value: LanguageKey; onChange: (key: LanguageKey) => void; isDisabled?: boolean }) {
  return (
    <Select
      label="Customer's language"
      selectedKey={value}
      onSelectionChange={onChange}
      isDisabled={isDisabled}
      options={languageOptions("Not set (the customer's browser decides)")}
      description="Their portal and emails are in this language; they can switch in the portal."
    />
  );
}
