// The verdict in one line on the broker's document row: "Looks like: Paystub, pay date 14 Nov,
// name matches". The broker filters "Needs a look" on the verdict itself (warn, refuse).
import type { DateRole } from "./dates.ts";
import { dayShortMonth } from "./date-words.ts";
import { kindTitle } from "./kinds.ts";
import type { Recognition } from "./verdict.ts";

/** The dates worth a word on the row, in the order they are looked for. */
const SHOWN: readonly [DateRole, string][] = [
  ["pay_date", "pay date"],
  ["statement_end", "ends"],
  ["period_end", "period ends"],
  ["expiry", "expires"],
];

export function describeRecognition(r: Pick<Recognition, "kind" | "dates" | "nameMatches">, now: Date): string {
  if (!r.kind) return "Could not tell what this is";
  const parts = [`Looks like: ${kindTitle(r.kind)}`];
  const taxYear = r.dates.find((d) => d.role === "tax_year");
  const shown = SHOWN.map(([role, words]) => [r.dates.filter((d) => d.role === role).sort((a, b) => b.date.localeCompare(a.date))[0], words] as const).find(([d]) => d);
  if (taxYear && ["tax_return", "w2", "form_1099"].includes(r.kind)) parts.push(`tax year ${taxYear.date.slice(0, 4)}`);
  else if (shown) parts.push(`${shown[1]} ${dayShortMonth(shown[0]!.date, now)}`);
  if (r.nameMatches === true) parts.push("name matches");
  if (r.nameMatches === false) parts.push("in another name");
  return parts.join(", ");
}

/**
 * A document the broker should look at before approving: its file is under review and was read
 * as the wrong kind, too old, or in another name (the customer was told, and sent it anyway).
 */
export const needsALook = (doc: { status: string; recognition?: Pick<Recognition, "verdict"> | null }): boolean =>
  doc.status === "uploaded" && (doc.recognition?.verdict === "warn" || doc.recognition?.verdict === "refuse");
