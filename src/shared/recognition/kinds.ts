// The kinds of document recognition tells apart (issue 42): every standard document of SPEC
// section 3 and every kind the ready-made checklist templates ask for. A requested document is
// matched to a kind by its name, so "Paystub", "Pay stubs" and "W-2 Forms" each expect the kind a
// broker means; a name no kind claims (a custom document) expects none.

export const DOCUMENT_KINDS = [
  "paystub",
  "bank_statement",
  "tax_return",
  "w2",
  "form_1099",
  "photo_id",
  "social_security_card",
  "employment_letter",
  "credit_report",
  "asset_statement",
  "insurance_declaration",
  "appraisal",
  "purchase_agreement",
  "mortgage_statement",
  "property_tax_bill",
  "utility_bill",
  "va_eligibility",
  "lease",
] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** Each kind as the customer and the broker read it, in a sentence ("This looks like a bank statement"). */
export const KIND_LABELS: Record<DocumentKind, string> = {
  paystub: "paystub",
  bank_statement: "bank statement",
  tax_return: "tax return",
  w2: "W-2 form",
  form_1099: "1099 form",
  photo_id: "photo ID",
  social_security_card: "Social Security card",
  employment_letter: "employment letter",
  credit_report: "credit report",
  asset_statement: "investment or asset statement",
  insurance_declaration: "insurance declaration page",
  appraisal: "property appraisal",
  purchase_agreement: "purchase agreement",
  mortgage_statement: "mortgage statement",
  property_tax_bill: "property tax bill",
  utility_bill: "utility bill",
  va_eligibility: "VA Certificate of Eligibility or DD-214",
  lease: "lease",
};

/** "a paystub", "an employment letter" ("a utility bill": the labels' u is said "you"). */
export const withArticle = (label: string): string => (/^[aeio]/i.test(label) ? `an ${label}` : `a ${label}`);

/** A label at the start of a line ("Looks like: Paystub"). */
export const kindTitle = (kind: DocumentKind): string => {
  const label = KIND_LABELS[kind];
  return label.charAt(0).toUpperCase() + label.slice(1);
};

/**
 * Which kind a requested document's name asks for. Tried in order, first match wins: "W-2" before
 * "tax", "mortgage statement" before "statement", "bank" before "statement".
 */
const NAME_PATTERNS: readonly [RegExp, DocumentKind][] = [
  [/\bw-?2s?\b/, "w2"],
  [/\b1099/, "form_1099"],
  [/\bpay ?stubs?\b|\bpay ?slips?\b|\bsalary statements?\b|\bpay statements?\b|\bearnings statements?\b/, "paystub"],
  [/\bmortgage statements?\b/, "mortgage_statement"],
  [/\bproperty tax\b/, "property_tax_bill"],
  [/\bbank\b|\bchecking\b|\bsavings\b/, "bank_statement"],
  [/\btax returns?\b|\b1040\b/, "tax_return"],
  [/\bsocial security card\b/, "social_security_card"],
  [/\bphoto id\b|\bdriver'?s licen[cs]e\b|\bpassport\b|\bidentification\b|\bid card\b/, "photo_id"],
  [/\bemployment (letter|verification)\b|\bverification of employment\b|\bjob letter\b/, "employment_letter"],
  [/\bcredit report\b/, "credit_report"],
  [/\basset statements?\b|\binvestment statements?\b|\bbrokerage\b|\bretirement statements?\b|\b401\(?k\)?/, "asset_statement"],
  [/\binsurance declarations?\b|\bdeclarations? page\b|\bhomeowner'?s insurance\b/, "insurance_declaration"],
  [/\bapprais/, "appraisal"],
  [/\bpurchase (agreement|contract)\b|\bsales contract\b/, "purchase_agreement"],
  [/\butility bill\b|\bproof of address\b/, "utility_bill"],
  [/\bcertificate of eligibility\b|\bdd-?214\b/, "va_eligibility"],
  [/\blease\b|\brental agreement\b/, "lease"],
];

/** The kind a requested document's name asks for, or null (a custom document, or one we do not know). */
export function kindForRequest(name: string): DocumentKind | null {
  const text = name.toLowerCase().replace(/[\u2019]/g, "'");
  return NAME_PATTERNS.find(([pattern]) => pattern.test(text))?.[1] ?? null;
}
