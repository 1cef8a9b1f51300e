// The dates a document carries and what each one is: a statement's period, a paystub's pay date,
// a tax form's year, an ID's expiry (and its holder's birth date, which is never the document's
// age). A date's role comes from the label printed before it on its line, or on the line above
// when the value stands alone (IDs and forms print the label over the box). Numeric dates are
// read month first (US documents) unless the first number cannot be a month.
// Text is normaliseText's spelling (lower case).

export const DATE_ROLES = ["statement_start", "statement_end", "period_start", "period_end", "pay_date", "tax_year", "expiry", "issued", "birth", "hired", "other"] as const;
export type DateRole = (typeof DATE_ROLES)[number];

export interface FoundDate {
  role: DateRole;
  /** YYYY-MM-DD; a tax year is its last day, 31 December. */
  date: string;
}

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const MONTH = "(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?";
const DATE = new RegExp(
  [
    "\\b(\\d{4})-(\\d{1,2})-(\\d{1,2})\\b", // 2025-03-03
    "\\b(\\d{1,2})[/.-](\\d{1,2})[/.-](\\d{4}|\\d{2})\\b", // 03/03/2025, 3.3.25
    `\\b${MONTH} (\\d{1,2})(?:st|nd|rd|th)?,? (\\d{4})\\b`, // March 3, 2025
    `\\b(\\d{1,2})(?:st|nd|rd|th)? ?${MONTH},? ?(\\d{4}|\\d{2})\\b`, // 3 March 2025, 01AUG2018
    `\\b${MONTH},? (\\d{4})\\b`, // August 2021 (a month's pay or statement): its last day
  ].join("|"),
  "g",
);

const HAS_DATE = new RegExp(DATE.source);

/** "57" is 1957 (a birth date), "30" 2030 (an expiry): two-digit years pivot at 50. */
const year4 = (y: string) => (y.length === 2 ? (Number(y) <= 50 ? 2000 : 1900) + Number(y) : Number(y));
const monthOf = (name: string) => MONTHS.indexOf(name.slice(0, 3)) + 1;

function iso(year: number, month: number, day: number): string | null {
  if (year < 1900 || year > 2200 || month < 1 || month > 12 || day < 1) return null;
  const at = new Date(Date.UTC(year, month - 1, day));
  if (at.getUTCMonth() !== month - 1) return null; // 31 February
  return at.toISOString().slice(0, 10);
}

function dateOf(m: RegExpExecArray): string | null {
  const g = m.slice(1);
  if (g[0]) return iso(Number(g[0]), Number(g[1]), Number(g[2]));
  if (g[3]) {
    const [a, b] = [Number(g[3]), Number(g[4])];
    // Month first, unless the first number cannot be a month (13/03/2025 is 13 March).
    return a > 12 ? iso(year4(g[5]!), b, a) : iso(year4(g[5]!), a, b);
  }
  if (g[6]) return iso(Number(g[8]), monthOf(g[6]), Number(g[7]));
  if (g[9]) return iso(year4(g[11]!), monthOf(g[10]!), Number(g[9]));
  const month = monthOf(g[12]!);
  return iso(Number(g[13]), month, new Date(Date.UTC(Number(g[13]), month, 0)).getUTCDate());
}

/** A label and the role of the date (or, before a range, of its two ends) it names. */
const LABELS: readonly [RegExp, DateRole, DateRole?][] = [
  [/\b(dob|date of birth|birth ?date|born)\b/, "birth"],
  [/\b(date of (joining|hire)|hire date|hired|start date|employed since)\b/, "hired"],
  [/\b(exp|expires|expiry|expiration|date of expiry|valid (until|thru|through))\b/, "expiry"],
  [/\b(iss|issued|date of issue|issue date)\b/, "issued"],
  [/\b(pay|check|advice|deposit|payment) date\b|\bpaid on\b/, "pay_date"],
  [/\bpay period\b|\bperiod (beginning|start)/, "period_start", "period_end"],
  [/\bperiod end(ing)?\b|\bpay end\b/, "period_end"],
  [/\bstatement (period|from)\b|\bfor the period\b|\bperiod covered\b|\baccount activity\b/, "statement_start", "statement_end"],
  [/\bstatement (date|end(ing)?|closing)\b|\bclosing date\b|\bending balance (on|as of)\b|\bas of\b/, "statement_end"],
];

/** The label nearest before the date wins: "pay period ... pay date 11/14/2025" is a pay date. */
function labelled(before: string): DateRole | null {
  let best: { at: number; role: DateRole } | null = null;
  for (const [pattern, role] of LABELS) {
    for (const m of before.matchAll(new RegExp(pattern.source, "g"))) {
      if (!best || m.index >= best.at) best = { at: m.index, role };
    }
  }
  return best?.role ?? null;
}

const RANGE_JOIN = /^\s*(-|to|through|thru|until)\s*$/;
const TAX_YEAR = /\b(?:tax year|form w-?2|wage and tax statement|form\s1040(?:-sr)?|individual income tax return|1099-[a-z]+|form 1099)\D{0,60}?\b((?:19|20) ?\d\d)\b|\b((?:19|20)\d\d) (?:form )?(?:w-?2|1040|1099)\b/g;

/** Every date in the text, with its role, in the order printed (a tax year last). */
export function findDates(text: string): FoundDate[] {
  const found: FoundDate[] = [];
  const lines = text.split("\n");
  lines.forEach((line, i) => {
    const matches = [...line.matchAll(DATE)].map((m) => ({ at: m.index, end: m.index + m[0].length, date: dateOf(m) }));
    let from = 0;
    for (let k = 0; k < matches.length; k++) {
      const m = matches[k]!;
      if (!m.date) continue;
      const next = matches[k + 1];
      const isRange = !!next?.date && RANGE_JOIN.test(line.slice(m.end, next.at));
      let before = line.slice(from, m.at);
      // A value alone on its line: its label is the line above (a form's box). So is a line's
      // first value with no words before it, under a line of labels without dates of its own
      // (a table's header: "Statement period   Account No." over "2025-01-01 to 2025-02-28   123-678").
      const alone = matches.length === 1 && !/[a-z0-9]/.test(line.slice(0, m.at) + line.slice(m.end));
      const underHeader = k === 0 && !/[a-z]/.test(line.slice(0, m.at)) && !HAS_DATE.test(lines[i - 1] ?? "");
      if ((alone || underHeader) && i > 0) before = lines[i - 1]!;
      const role = labelled(before) ?? "other";
      const pair = LABELS.find(([, r]) => r === role)?.[2];
      if (isRange) {
        found.push({ role, date: m.date });
        found.push({ role: pair ?? role, date: next!.date! });
        k++;
        from = next!.end;
      } else {
        found.push({ role: pair && role !== "other" ? pair : role, date: m.date });
        from = m.end;
      }
    }
  });
  // pdf.js may hand a form's year in two pieces ("20 21").
  const taxYear = [...text.matchAll(TAX_YEAR)].map((m) => Number((m[1] ?? m[2])!.replace(" ", "")))[0];
  if (taxYear) found.push({ role: "tax_year", date: `${taxYear}-12-31` });
  return found;
}
