// Whose document it is: the holder's name as the document prints it, and whether it is the
// customer's. The match is tolerant of what differs between a form and a broker's record without
// being another person: case, accents (José = JOSE), middle names and initials, "Last, First"
// order, a passport's SURNAME-first order, titles and suffixes. It needs the surname and the
// first given name (or its initial) both present.

const TITLES: ReadonlySet<string> = new Set(["mr", "mrs", "ms", "miss", "dr", "mx", "jr", "sr", "ii", "iii", "iv"]);

/** A name's words in lower case without accents, "Last, First" turned round, titles dropped. */
export function nameWords(name: string): string[] {
  const plain = name.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  const comma = plain.indexOf(",");
  const ordered = comma > 0 ? `${plain.slice(comma + 1)} ${plain.slice(0, comma)}` : plain;
  return ordered
    .split(/[^a-z']+/)
    .map((w) => w.replace(/^'+|'+$/g, ""))
    .filter((w) => w.length > 0 && !TITLES.has(w));
}

const givenMatches = (given: string, words: string[]) =>
  words.some((w) => w === given || (w.length === 1 && given.startsWith(w)) || (given.length === 1 && w.startsWith(given)));

/**
 * Whether the holder's name is the customer's; null when either is missing (nothing to compare).
 * Either side may carry the longer name (a middle name, a second surname).
 */
export function namesMatch(holder: string | null, customer: string | null): boolean | null {
  const h = nameWords(holder ?? "");
  const c = nameWords(customer ?? "");
  if (h.length === 0 || c.length === 0) return null;
  if (c.length === 1 || h.length === 1) return c.some((w) => w.length > 1 && h.includes(w));
  const [shorter, longer] = c.length <= h.length ? [c, h] : [h, c];
  const surname = shorter[shorter.length - 1]!;
  return longer.includes(surname) && givenMatches(shorter[0]!, longer.filter((w) => w !== surname));
}

/** Labels after which a document prints its holder's name (on the same line or the next). */
const NAME_LABEL =
  /\b(?:employee(?:'s)? name|name of employee|employee'?s first name(?: and initial)?|employee(?=\s*:)|account (?:holder|owner|name)s?|customer name|named insured|name of insured|policyholder|taxpayer(?:'s)? name|recipient(?:'s)? name|borrowers?(?: name)?|applicant|member name|prepared for|name of veteran|this number has been established for|name(?=\s*:))\b\s*[:\-]?\s*(.*)$/i;
/** Lines that name someone else: the employer, the payer, the bank, a preparer, a spouse. */
const OTHER_PARTY = /employer|payer|company|bank|preparer|spouse|agent|lender|landlord|broker/i;
const PARTICLES: ReadonlySet<string> = new Set(["de", "del", "da", "di", "van", "von", "der", "den", "la", "le", "du", "dos", "das", "bin", "ibn"]);
/** Words of a form's labels, never of a name. */
const LABEL_WORDS = /\b(name|address|number|date|zip|code|street|city|state|social|security|initial|period|id|no|wages|tips|compensation|medicare|tax|pay|amount|total|balance)\b/i;

const NAME_VALUE = /^(?:(?:mr|mrs|ms|dr)\.?\s+)?([A-Za-zÀ-ÿ'’.-]+(?:,?\s[A-Za-zÀ-ÿ'’.-]+){1,3})/;

/** A label's value: two to four words of letters, stopping at a number or a wide gap. */
function nameValue(text: string): string | null {
  const first = text.split(/\s{2,}|\t|\d/)[0]!.trim();
  const m = NAME_VALUE.exec(first);
  if (!m) return null;
  const words = m[1]!.replace(/[.,]+$/, "");
  // Printed names are capitalised, each word (a particle such as "de" or "van" aside): OCR's
  // stray fragments ("Com om") are not.
  const capitalised = words.split(/[\s,]+/).every((w) => /^[A-ZÀ-Þ]/.test(w) || PARTICLES.has(w));
  return capitalised && !LABEL_WORDS.test(words) && words.replace(/[^A-Za-zÀ-ÿ]/g, "").length >= 4 ? words : null;
}

/**
 * A passport's machine-readable line: P<USASURNAME<<GIVEN<NAMES<<<<. OCR drops a "<" now and
 * then, so a name field with no "<<" is split at its first "<".
 */
function passportName(text: string): string | null {
  const field = /^P[<«][A-Z]{3}([A-Z][A-Z<]*?)(?:<{3,}|$)/m.exec(text.replace(/[ «]/g, (c) => (c === "«" ? "<" : "")))?.[1];
  if (!field) return null;
  const cut = field.includes("<<") ? field.indexOf("<<") : field.indexOf("<");
  if (cut < 0) return null;
  const surname = field.slice(0, cut).replace(/</g, " ").trim();
  const given = field.slice(cut).replace(/</g, " ").trim();
  return given && surname ? `${given} ${surname}` : null;
}

/** A driver's licence's numbered fields: "1 SURNAME" then "2 GIVEN NAMES" (AAMVA layout). */
function licenceName(text: string): string | null {
  const surname = /^\s*1\s+([A-Z][A-Z'’-]+)\s*$/m.exec(text)?.[1];
  const given = /^\s*2\s+([A-Z][A-Z'’ -]+?)\s*$/m.exec(text)?.[1];
  return surname && given ? `${given} ${surname}` : null;
}

/** A letter's subject: "This is to confirm that Jane Q. Doe has been employed ...". */
function letterName(text: string): string | null {
  const m = /\b(?:confirm|certify|verify) that\s+(?:(?:mr|mrs|ms|dr)\.?\s+)?([A-Z][A-Za-zÀ-ÿ'’-]+(?:\s(?:[A-Z]\.|[A-Z][A-Za-zÀ-ÿ'’-]+)){1,3})/.exec(text);
  return m?.[1] ?? null;
}

/** The holder's name as printed, or null when the document does not say it in a way we read. */
export function findHolderName(text: string): string | null {
  const fromId = passportName(text) ?? licenceName(text);
  if (fromId) return fromId;
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const m = NAME_LABEL.exec(lines[i]!);
    if (!m || OTHER_PARTY.test(lines[i]!)) continue;
    const value = nameValue(m[1]!) ?? nameValue(lines[i + 1] ?? "");
    if (value) return value;
  }
  return letterName(text);
}
