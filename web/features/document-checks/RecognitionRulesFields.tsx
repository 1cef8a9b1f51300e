// What a request expects of a file's content (issue 42), edited where its acceptance rules are: the
// kind of document, how old it may be, whether it must be in the customer's name, and whether a
// mismatch only warns the customer (who may send it anyway, with a note) or refuses the file.
import { useState } from "react";
import { DOCUMENT_KINDS, kindTitle, type DocumentKind } from "@shared/recognition/kinds";
import { recognitionRulesFor, MAX_AGE_DAYS_LIMIT, type RecognitionRules } from "@shared/recognition/rules";
import { Checkbox } from "../../components/ui/Checkbox";
import { Select } from "../../components/ui/Select";
import { TextField } from "../../components/ui/TextField";

const ANY = "any";
const KIND_OPTIONS = [{ id: ANY, label: "Any (not checked)" }, ...DOCUMENT_KINDS.map((kind) => ({ id: kind, label: kindTitle(kind) }))];
const MISMATCH_OPTIONS = [
  { id: "warn" as const, label: "Warn the customer (they may send it anyway)" },
  { id: "refuse" as const, label: "Refuse the file" },
];

/** The rules as the broker left them, or null when they are the defaults for the document's name (stored as none of its own). */
export const ownRecognitionRules = (documentName: string, rules: RecognitionRules): RecognitionRules | null =>
  JSON.stringify(rules) === JSON.stringify(recognitionRulesFor(documentName)) ? null : rules;

/** What is wrong with the rules typed, or null. */
export function recognitionRulesProblem(rules: RecognitionRules): string | null {
  const age = rules.maxAgeDays;
  if (age !== null && (!Number.isInteger(age) || age < 1 || age > MAX_AGE_DAYS_LIMIT)) {
    return `The maximum age must be a whole number of days from 1 to ${MAX_AGE_DAYS_LIMIT}, or empty for any.`;
  }
  return null;
}

const ageFrom = (text: string): number | null => (text.trim() === "" ? null : Number(text));
const keywordsFrom = (text: string): string[] =>
  text
    .split(",")
    .map((word) => word.trim())
    .filter(Boolean);

export function RecognitionRulesFields({ label, rules, onChange }: { label: string; rules: RecognitionRules; onChange: (rules: RecognitionRules) => void }) {
  // As typed (a comma on its way to the next word, a number half written); the rules hold what they mean.
  const [ageText, setAgeText] = useState(rules.maxAgeDays?.toString() ?? "");
  const [keywordText, setKeywordText] = useState(rules.keywords.join(", "));
  // Rules changed from outside (a template document renamed: its defaults follow) are shown as they are.
  const shownAge = Object.is(ageFrom(ageText), rules.maxAgeDays) ? ageText : (rules.maxAgeDays?.toString() ?? "");
  const shownKeywords = keywordsFrom(keywordText).join() === rules.keywords.join() ? keywordText : rules.keywords.join(", ");
  return (
    <fieldset aria-label={label} className="flex flex-col gap-2">
      <legend className="text-sm font-medium text-slate-700">What the document must be</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <Select
          label="Expected document"
          selectedKey={rules.expectedKind ?? ANY}
          options={KIND_OPTIONS}
          onSelectionChange={(key) => onChange({ ...rules, expectedKind: key === ANY ? null : (key as DocumentKind) })}
        />
        <TextField
          label="Maximum age (days)"
          inputMode="numeric"
          description="Empty: any"
          value={shownAge}
          onChange={(text) => {
            setAgeText(text);
            onChange({ ...rules, maxAgeDays: ageFrom(text) });
          }}
        />
      </div>
      {rules.expectedKind === null ? (
        <TextField
          label="Words it must mention"
          description="Separated by commas; empty: none"
          value={shownKeywords}
          onChange={(text) => {
            setKeywordText(text);
            onChange({ ...rules, keywords: keywordsFrom(text) });
          }}
        />
      ) : null}
      <Checkbox isSelected={rules.nameMustMatch} onChange={(on) => onChange({ ...rules, nameMustMatch: on })}>
        Must be in the customer's name
      </Checkbox>
      <Select
        label="When the file does not match"
        selectedKey={rules.onMismatch}
        options={MISMATCH_OPTIONS}
        onSelectionChange={(key) => onChange({ ...rules, onMismatch: key })}
      />
    </fieldset>
  );
}
