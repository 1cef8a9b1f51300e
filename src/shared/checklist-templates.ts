// Checklist templates: a named list of documents to ask for, each with a description and the
// acceptance rules its upload is held to (src/shared/acceptance-rules.ts). The ready-made ones
// below cover the trades the landing page names; brokers keep their own (src/features/templates).
// Written once here so the server validates and the browser fills dialogs with the same rules.
import { STANDARD_ACCEPTANCE_RULES, type AcceptanceRules } from "./acceptance-rules.ts";
import { MAX_DOCUMENT_DESCRIPTION_LENGTH, MAX_DOCUMENT_NAME_LENGTH, STANDARD_DOCUMENTS, encodeCustomDocument } from "./documents.ts";

export interface TemplateDocument {
  name: string;
  description: string;
  /** The rules an upload must meet; null: the server's standard ones. */
  rules: AcceptanceRules | null;
}

export interface ChecklistTemplate {
  id: string;
  name: string;
  /** Which trade it serves ("Mortgage", "Insurance", ...), shown beside the name. */
  trade: string;
  description: string;
  documents: TemplateDocument[];
}

export const MAX_TEMPLATE_NAME_LENGTH = 80;
export const MAX_TEMPLATE_DESCRIPTION_LENGTH = 300;
export const MAX_TEMPLATE_TRADE_LENGTH = 40;
export const MAX_TEMPLATE_DOCUMENTS = 30;
/** A broker's own templates: enough for every case they handle, not a dumping ground. */
export const MAX_TEMPLATES_PER_BROKER = 50;

export const templateMessages = {
  nameRequired: "Please give the template a name.",
  nameTooLong: `Template names must be at most ${MAX_TEMPLATE_NAME_LENGTH} characters.`,
  nameTaken: "You already have a template with this name.",
  descriptionTooLong: `Template descriptions must be at most ${MAX_TEMPLATE_DESCRIPTION_LENGTH} characters.`,
  tradeTooLong: `The trade must be at most ${MAX_TEMPLATE_TRADE_LENGTH} characters.`,
  noDocuments: "A template needs at least one document.",
  tooManyDocuments: `A template holds at most ${MAX_TEMPLATE_DOCUMENTS} documents.`,
  tooManyTemplates: `You can keep at most ${MAX_TEMPLATES_PER_BROKER} templates. Delete one you no longer use first.`,
  documentNameBlank: "Document names cannot be blank.",
  documentNameTooLong: `Document names must be at most ${MAX_DOCUMENT_NAME_LENGTH} characters.`,
  documentNameColon: "Document names cannot contain a colon (:).",
  documentDescriptionTooLong: `Document descriptions must be at most ${MAX_DOCUMENT_DESCRIPTION_LENGTH} characters.`,
  documentRepeated: (name: string) => `${name} is listed more than once.`,
  notFound: "Template not found",
} as const;

const rules = (change: Partial<AcceptanceRules>): AcceptanceRules => ({ ...STANDARD_ACCEPTANCE_RULES, ...change });
/** Statements and forms: every page, as the issuer produced them. */
const pdfOnly = (minPages: number | null = null, maxPages: number | null = null) => rules({ kinds: ["pdf"], minPages, maxPages });
/** An ID card or licence: a clear photo or a one-to-two-page scan. */
const idCard = rules({ minPages: 1, maxPages: 2 });

const doc = (name: string, description: string, r: AcceptanceRules | null = null): TemplateDocument => ({ name, description, rules: r });

const photoId = doc("Photo ID", "Government-issued photo ID (driver's licence or passport), front and back, not expired", idCard);
const payStubs = doc("Paystub", "Your 2 most recent pay stubs, covering 30 days of income", pdfOnly(2));
const w2s = doc("W-2 Forms", "W-2 forms for the last 2 years from every employer", pdfOnly(2));
const bankStatements = doc("Bank Statement", "The last 2 months of statements for every account, all pages (including blank ones)", pdfOnly(2));
const taxReturns = doc("Tax Returns", "Federal tax returns for the last 2 years, all pages and schedules, signed", pdfOnly(2));

/** The ready-made templates (ids start with "ready-"; a broker's own are random ids). */
export const READY_MADE_TEMPLATES: readonly ChecklistTemplate[] = [
  {
    id: "ready-mortgage-purchase",
    name: "Mortgage purchase",
    trade: "Mortgage",
    description: "Buying a home with a conventional loan: income, assets, identity and the contract.",
    documents: [
      payStubs,
      w2s,
      bankStatements,
      photoId,
      doc("Purchase Agreement", "The fully signed purchase contract with every addendum", pdfOnly(1)),
      doc("Earnest Money Receipt", "Proof the earnest money deposit cleared (cancelled check or wire receipt)"),
    ],
  },
  {
    id: "ready-mortgage-refinance",
    name: "Mortgage refinance",
    trade: "Mortgage",
    description: "Refinancing an existing loan: income, the current mortgage, the property's insurance.",
    documents: [
      payStubs,
      w2s,
      bankStatements,
      photoId,
      doc("Mortgage Statement", "The latest statement of the mortgage being refinanced", pdfOnly(1)),
      doc("Insurance Declaration", "The homeowner's insurance declaration page for the property", pdfOnly(1, 5)),
      doc("Property Tax Bill", "The most recent property tax bill or statement", pdfOnly(1)),
    ],
  },
  {
    id: "ready-fha-va",
    name: "FHA / VA loan",
    trade: "Mortgage",
    description: "Government-backed loans: the purchase file plus the FHA or VA papers.",
    documents: [
      payStubs,
      w2s,
      bankStatements,
      taxReturns,
      photoId,
      doc("Social Security Card", "A copy of your Social Security card (photo or scan)", idCard),
      doc("Purchase Agreement", "The fully signed purchase contract with every addendum", pdfOnly(1)),
      doc("VA Certificate of Eligibility or DD-214", "VA loans only: your Certificate of Eligibility, or your DD-214 showing the character of service", pdfOnly(1)),
    ],
  },
  {
    id: "ready-insurance-claim",
    name: "Insurance claim",
    trade: "Insurance",
    description: "Filing a property or auto claim: the policy, proof of loss and what it cost.",
    documents: [
      doc("Insurance Declaration", "The declaration page of the policy the claim is under", pdfOnly(1, 5)),
      doc("Proof of Loss", "The signed proof-of-loss form", pdfOnly(1)),
      doc("Damage Photos", "Clear photos of the damage, one file per photo or all in one PDF", rules({ minImageShortSide: 1000, minImageLongSide: 1400 })),
      doc("Repair Estimates", "Written repair estimates or invoices from contractors", pdfOnly(1)),
      doc("Police or Incident Report", "The police, fire or incident report, if one was filed", pdfOnly(1)),
      photoId,
    ],
  },
  {
    id: "ready-legal-intake",
    name: "Legal intake",
    trade: "Legal",
    description: "Opening a new matter: who the client is, the signed engagement, and the papers so far.",
    documents: [
      photoId,
      doc("Signed Engagement Letter", "The engagement letter, signed on every page that asks for it", pdfOnly(1)),
      doc("Conflict Check Form", "The completed conflict-of-interest questionnaire", pdfOnly(1)),
      doc("Relevant Contracts", "Every contract or agreement the matter concerns, all pages", pdfOnly(1)),
      doc("Correspondence", "Letters, notices or emails received about the matter, as PDF"),
      doc("Court Filings", "Any summons, complaint or court papers already received, all pages", pdfOnly(1)),
    ],
  },
  {
    id: "ready-rental-application",
    name: "Rental application",
    trade: "Real estate",
    description: "Applying to rent a home: identity, income and rental history.",
    documents: [
      photoId,
      payStubs,
      doc("Employment Letter", "A letter from your employer confirming your position, salary and start date", pdfOnly(1, 2)),
      doc("Bank Statement", "The last 2 months of statements for your main account, all pages", pdfOnly(2)),
      doc("Landlord Reference", "A reference letter from your current or previous landlord", pdfOnly(1, 3)),
      doc("Credit Report", "A credit report from the last 30 days", pdfOnly(1)),
    ],
  },
];


/**
 * Which ready-made template suits a customer's loan type, or null when none does. FHA, VA and
 * USDA are government-backed (FHA/VA); refinances get the refinance list; other mortgage types
 * start from the purchase list.
 */
export function suggestTemplateId(loanType: string | null | undefined): string | null {
  const type = (loanType ?? "").trim().toLowerCase();
  if (!type || type === "not-specified") return null;
  if (["fha", "va", "usda"].includes(type)) return "ready-fha-va";
  if (type.includes("refinance")) return "ready-mortgage-refinance";
  if (["purchase", "conventional", "jumbo", "construction"].includes(type)) return "ready-mortgage-purchase";
  return null;
}

const isStandardName = (name: string) => STANDARD_DOCUMENTS.some((d) => d.name.toLowerCase() === name.toLowerCase());

/**
 * A template document as Request New Document sends it: a standard name when the catalogue has it
 * (with the template's description it would be a custom entry, so the catalogue's wins), else a
 * custom entry carrying the template's description.
 */
export function requestEntry(d: Pick<TemplateDocument, "name" | "description">): string {
  return isStandardName(d.name) ? STANDARD_DOCUMENTS.find((s) => s.name.toLowerCase() === d.name.toLowerCase())!.name : encodeCustomDocument(d.name, d.description);
}

/** What is wrong with a template's fields, or null; documents are trimmed first by the caller. */
export function templateProblem(input: { name: string; description: string; trade: string; documents: Pick<TemplateDocument, "name" | "description">[] }): string | null {
  if (!input.name) return templateMessages.nameRequired;
  if (input.name.length > MAX_TEMPLATE_NAME_LENGTH) return templateMessages.nameTooLong;
  if (input.description.length > MAX_TEMPLATE_DESCRIPTION_LENGTH) return templateMessages.descriptionTooLong;
  if (input.trade.length > MAX_TEMPLATE_TRADE_LENGTH) return templateMessages.tradeTooLong;
  if (input.documents.length === 0) return templateMessages.noDocuments;
  if (input.documents.length > MAX_TEMPLATE_DOCUMENTS) return templateMessages.tooManyDocuments;
  const seen = new Set<string>();
  for (const d of input.documents) {
    if (!d.name) return templateMessages.documentNameBlank;
    if (d.name.length > MAX_DOCUMENT_NAME_LENGTH) return templateMessages.documentNameTooLong;
    if (d.name.includes(":")) return templateMessages.documentNameColon;
    if (d.description.length > MAX_DOCUMENT_DESCRIPTION_LENGTH) return templateMessages.documentDescriptionTooLong;
    const key = d.name.toLowerCase();
    if (seen.has(key)) return templateMessages.documentRepeated(d.name);
    seen.add(key);
  }
  return null;
}
