// A proposed checklist from a case described in a sentence (issue 42 item 5): "self-employed
// borrower buying a condo with a co-borrower" → the documents to ask for, each with the words that
// led to it. Pure rules (phrases → documents), so the broker's dialog and the server agree, and the
// answer is the same without any model. The documents come from a catalogue the caller builds from
// the standard documents (SPEC 3) and the checklist templates (checklistCatalogue): a rule naming a
// document the catalogue lacks proposes nothing.
import type { AcceptanceRules } from "./acceptance-rules.ts";
import { STANDARD_DOCUMENTS } from "./documents.ts";
import type { TemplateDocument } from "./checklist-templates.ts";

export const MAX_CASE_DESCRIPTION = 500;

export const caseMessages = {
  empty: "Please describe the case in a sentence.",
  tooLong: `Please keep the case description to at most ${MAX_CASE_DESCRIPTION} characters.`,
  /** A member past their allowance of suggestions the model is asked for (templates/suggest.ts). */
  tooManySuggestions: (seconds: number) => {
    const minutes = Math.max(1, Math.ceil(seconds / 60));
    return `Too many checklist suggestions. Please try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
  },
} as const;

/** The case description as the rules read it, or the message saying why it cannot be read. */
export function caseDescriptionProblem(description: string): string | null {
  const text = description.trim();
  if (!text) return caseMessages.empty;
  if (text.length > MAX_CASE_DESCRIPTION) return caseMessages.tooLong;
  return null;
}

export interface SuggestedDocument {
  name: string;
  description: string;
  /** The rules its upload is held to (null: the standard ones). */
  rules: AcceptanceRules | null;
  /** The words of the description that led to it, as typed; empty: asked in every case. */
  because: string[];
}

/** A document the rules may propose: one per name, ignoring case. */
export type CatalogueDocument = Pick<TemplateDocument, "name" | "description" | "rules">;

const key = (name: string) => name.trim().toLowerCase();

/**
 * Every document a suggestion may name: the broker's own templates' first (their descriptions and
 * rules are the broker's choice), then the ready-made templates', then the standard catalogue's.
 */
export function checklistCatalogue(templates: readonly { documents: readonly CatalogueDocument[] }[]): CatalogueDocument[] {
  const byName = new Map<string, CatalogueDocument>();
  for (const d of [...templates.flatMap((t) => t.documents), ...STANDARD_DOCUMENTS.map((s) => ({ ...s, rules: null }))]) {
    if (!byName.has(key(d.name))) byName.set(key(d.name), d);
  }
  return [...byName.values()];
}

// ---- What the sentence says -------------------------------------------------------------------

type Fact =
  | "loan"
  | "purchase"
  | "refinance"
  | "condo"
  | "self_employed"
  | "salaried"
  | "retired"
  | "co_borrower"
  | "investments"
  | "gift"
  | "fha"
  | "va"
  | "rental"
  | "claim"
  | "legal";

/** Phrases per fact, longest first where one contains another ("self-employed" before "employed"). */
const PHRASES: readonly [Fact, RegExp][] = [
  ["self_employed", /\bself[- ]?employ(?:ed|ment)\b|\b(?:business owner|owns (?:a|her|his|their) (?:own )?business|sole (?:proprietor|trader)|freelanc\w*|independent contractor|gig worker|1099 (?:income|worker|contractor|earner))\b/g],
  ["salaried", /\b(?:employed|employee|salaried|salary|w-?2 (?:income|employee|earner)|wage earner|on payroll|full[- ]time job|part[- ]time job|works (?:at|for) )/g],
  ["retired", /\b(?:retired|retiree|pension(?:er)?|social security income)\b/g],
  ["co_borrower", /\b(?:co-?borrowers?|co-?applicants?|co-?signers?|joint (?:application|applicants?|borrowers?)|with (?:(?:his|her|their|a|my) )?(?:spouse|wife|husband|partner)|(?:a |the )?couple)\b/g],
  ["refinance", /\b(?:refinanc\w*|refi|cash[- ]out|remortgag\w*)\b/g],
  ["purchase", /\b(?:buy(?:s|ing)?|bought|purchas\w*|first[- ]time (?:home ?)?buyer)\b/g],
  ["condo", /\b(?:condo(?:minium)?s?|townhouse|hoa)\b/g],
  ["investments", /\b(?:investments?|stocks?|brokerage|401\(?k\)?|ira|retirement account|savings account|assets?)\b/g],
  ["gift", /\b(?:gift(?:ed)? (?:funds|money)|gift letter|gift from|down ?payment gift|gifted)\b/g],
  ["fha", /\bfha\b/g],
  ["va", /\b(?:va loan|va|veterans?|military|service ?member)\b/g],
  ["rental", /\b(?:rent(?:s|ing|al)? (?:an? |the )?(?:apartment|flat|home|house|unit)|tenant|lease application|renter)\b/g],
  ["claim", /\b(?:insurance claim|claim|damage[ds]?|accident|flood|fire|theft|stolen)\b/g],
  ["legal", /\b(?:lawsuit|legal matter|litigation|court case|sued|suing|divorce)\b/g],
  ["loan", /\b(?:mortgage|loan|borrowers?|home ?loan|lender|pre-?approval|jumbo|conventional|usda)\b/g],
];

/** A word that turns the phrase right after it around ("not self-employed", "without a co-borrower"). */
const NEGATION = /\b(?:not|no|never|isn't|aren't|wasn't|doesn't|don't|without|neither|nor)\s+(?:(?:a|an|the|any|currently|yet|longer|really|actually|being|having|using|need|needs|for)\s+)*$|\bnon-$/;
/** A negation does not reach across these ("not buying but refinancing": the refinance stands). */
const CLAUSE_BREAK = /\b(?:but|and|while|though|although|yet)\b/;

interface Hit {
  fact: Fact;
  /** The words as typed. */
  words: string;
  negated: boolean;
}

function readHits(sentence: string): Hit[] {
  const lower = sentence.toLowerCase();
  // Matched spans are blanked, so "self-employed" is not read again as "employed".
  let rest = lower;
  const hits: Hit[] = [];
  for (const [fact, pattern] of PHRASES) {
    for (const match of rest.matchAll(pattern)) {
      const start = match.index;
      const before = lower.slice(Math.max(0, start - 40), start);
      const clause = before.split(CLAUSE_BREAK).pop() ?? "";
      // A denial's words include the negation: the broker is shown "not self-employed".
      const negation = NEGATION.exec(clause)?.[0].length ?? 0;
      hits.push({ fact, words: sentence.slice(start - negation, start + match[0].length).trim(), negated: negation > 0 });
    }
    rest = rest.replace(pattern, (m) => " ".repeat(m.length));
  }
  return hits;
}

export interface CaseFacts {
  /** Per fact the words that said so; a fact said only with a negation is absent. */
  said: Partial<Record<Fact, string[]>>;
  /** Facts denied ("not self-employed"), with the words. */
  denied: Partial<Record<Fact, string[]>>;
}

export function readCase(sentence: string): CaseFacts {
  const said: CaseFacts["said"] = {};
  const denied: CaseFacts["denied"] = {};
  for (const hit of readHits(sentence)) {
    const into = hit.negated ? denied : said;
    (into[hit.fact] ??= []).push(hit.words);
  }
  // Said once and denied once ("not a co-borrower case... with her spouse"): the saying wins.
  return { said, denied };
}

// ---- Facts → documents ------------------------------------------------------------------------

/** The documents that follow from each fact, by catalogue name. */
const DOCUMENTS_OF: Record<Fact, readonly string[]> = {
  loan: ["Photo ID", "Bank Statement", "Credit Report"],
  purchase: ["Purchase Agreement", "Earnest Money Receipt", "Property Appraisal", "Insurance Declaration"],
  refinance: ["Mortgage Statement", "Property Tax Bill", "Property Appraisal", "Insurance Declaration"],
  condo: ["Insurance Declaration"],
  self_employed: ["Tax Returns", "Bank Statement", "Asset Statements"],
  salaried: ["Paystub", "W-2 Forms", "Employment Letter"],
  retired: ["Tax Returns", "Bank Statement", "Asset Statements"],
  co_borrower: [],
  investments: ["Asset Statements"],
  gift: ["Gift Letter"],
  fha: ["Social Security Card"],
  va: ["VA Certificate of Eligibility or DD-214"],
  rental: ["Photo ID", "Paystub", "Employment Letter", "Landlord Reference", "Credit Report"],
  claim: ["Insurance Declaration", "Proof of Loss", "Damage Photos", "Repair Estimates", "Police or Incident Report", "Photo ID"],
  legal: ["Photo ID", "Signed Engagement Letter", "Conflict Check Form", "Relevant Contracts", "Correspondence", "Court Filings"],
};

/** Documents about a person, not the property or the deal: a co-borrower brings their own. */
const PERSONAL: ReadonlySet<string> = new Set(["photo id", "paystub", "w-2 forms", "employment letter", "tax returns", "credit report", "social security card"]);

/** The co-borrower's copy of a personal document. */
export const coBorrowerName = (name: string) => `${name} (co-borrower)`;

const BORROWING: readonly Fact[] = ["loan", "purchase", "refinance", "condo", "fha", "va", "self_employed", "salaried", "retired", "co_borrower", "gift"];

/**
 * The proposed checklist for `sentence`, from `catalogue` (checklistCatalogue). Every loan case
 * asks who the borrower is and what they hold; how they earn follows what the sentence says, and a
 * salaried borrower is assumed when it says nothing (or denies self-employment); a co-borrower
 * doubles the personal documents.
 */
export function suggestFromCase(sentence: string, catalogue: readonly CatalogueDocument[]): SuggestedDocument[] {
  const { said, denied } = readCase(sentence);
  const facts = new Map<Fact, string[]>(Object.entries(said) as [Fact, string[]][]);
  const borrowing = BORROWING.some((f) => facts.has(f)) || (denied.self_employed?.length ?? 0) > 0;
  if (borrowing && !facts.has("loan")) facts.set("loan", []);
  // How the borrower earns: what the sentence says; "not self-employed" means a salary; nothing
  // said about it, a salary is the common case (the broker unticks what does not apply).
  if (borrowing && !facts.has("self_employed") && !facts.has("retired") && !facts.has("salaried")) facts.set("salaried", denied.self_employed ?? []);
  if (facts.has("self_employed") && denied.salaried && !facts.has("salaried")) facts.delete("salaried");
  const coBorrower = facts.has("co_borrower");

  const found = new Map<string, SuggestedDocument>();
  const byName = new Map(catalogue.map((d) => [key(d.name), d]));
  const propose = (name: string, because: string[]) => {
    const doc = byName.get(key(name));
    if (!doc) return;
    const known = found.get(key(doc.name));
    if (known) known.because = [...new Set([...known.because, ...because])];
    else found.set(key(doc.name), { name: doc.name, description: doc.description, rules: doc.rules ?? null, because: [...because] });
  };
  for (const [fact, words] of facts) for (const name of DOCUMENTS_OF[fact]) propose(name, words);

  const ordered = orderLikeCatalogue([...found.values()], catalogue);
  if (!coBorrower) return ordered;
  const doubled = ordered
    .filter((d) => PERSONAL.has(key(d.name)))
    .map((d) => ({ ...d, name: coBorrowerName(d.name), description: `${d.description} (for the co-borrower)`, because: [...new Set([...facts.get("co_borrower")!, ...d.because])] }));
  return [...ordered, ...doubled];
}

/** The standard catalogue's order first (Paystub, Bank Statement, …), then the templates'. */
function orderLikeCatalogue(docs: SuggestedDocument[], catalogue: readonly CatalogueDocument[]): SuggestedDocument[] {
  const standard = STANDARD_DOCUMENTS.map((d) => key(d.name));
  const rank = (name: string) => {
    const s = standard.indexOf(key(name));
    return s >= 0 ? s : standard.length + catalogue.findIndex((d) => key(d.name) === key(name));
  };
  return docs.sort((a, b) => rank(a.name) - rank(b.name));
}

/**
 * A model's answer held to the catalogue: names it knows (or a co-borrower's copy of a personal
 * one), each once; anything else is dropped. Its reasons are kept only as short strings.
 */
export function documentsFromAnswer(answer: unknown, catalogue: readonly CatalogueDocument[]): SuggestedDocument[] {
  const list = (answer as { documents?: unknown } | null)?.documents;
  if (!Array.isArray(list)) return [];
  const byName = new Map(catalogue.map((d) => [key(d.name), d]));
  const found = new Map<string, SuggestedDocument>();
  for (const item of list.slice(0, 60)) {
    const name = typeof item === "string" ? item : (item as { name?: unknown } | null)?.name;
    if (typeof name !== "string") continue;
    const because = (item as { because?: unknown })?.because;
    const reasons = (Array.isArray(because) ? because : [because]).filter((r): r is string => typeof r === "string" && r.trim() !== "").map((r) => r.trim().slice(0, 80)).slice(0, 3);
    const co = /^(.*)\s+\(co-borrower\)$/i.exec(name.trim());
    const base = byName.get(key(co ? co[1]! : name));
    if (!base || (co && !PERSONAL.has(key(base.name)))) continue;
    const doc: SuggestedDocument = co
      ? { name: coBorrowerName(base.name), description: `${base.description} (for the co-borrower)`, rules: base.rules ?? null, because: reasons }
      : { name: base.name, description: base.description, rules: base.rules ?? null, because: reasons };
    if (!found.has(key(doc.name))) found.set(key(doc.name), doc);
  }
  return [...found.values()];
}
