// What a requested document must be to be accepted, written once: the server judges every upload
// by these rules, the portal lists them before the customer picks a file, and every refusal names
// the rule that failed and what to send instead. A broker may change them per document; a
// document without its own rules uses the standard ones.
import type { RecognitionRules } from "./recognition/rules.ts";
import type { Recognition } from "./recognition/verdict.ts";
import type { SaidError } from "./customer-errors.ts";

export const FILE_KINDS = ["pdf", "image"] as const;
export type FileKind = (typeof FILE_KINDS)[number];

export interface AcceptanceRules {
  /** What kinds of file the request takes. */
  kinds: FileKind[];
  /** A PDF must have at least this many pages (null: any). */
  minPages: number | null;
  /** A PDF may have at most this many pages (null: any). */
  maxPages: number | null;
  /** A photo or image must be at least this large, in pixels, held either way round. */
  minImageShortSide: number;
  minImageLongSide: number;
  /** A PDF that needs a password to open is refused (a broker could not open it either). */
  noPassword: boolean;
  /** What the document's content must be (issue 42); absent: the defaults for its name (recognitionRulesFor). */
  recognition?: RecognitionRules;
}

/**
 * About 100 dots per inch over an A4 page (210 x 297 mm = 827 x 1169 px): the least at which
 * ordinary print on a photographed or scanned page stays legible. A server may change it
 * (MIN_IMAGE_PIXELS).
 */
export const LEGIBLE_A4_PIXELS = { short: 800, long: 1100 } as const;

export const STANDARD_ACCEPTANCE_RULES: AcceptanceRules = {
  kinds: ["pdf", "image"],
  minPages: null,
  maxPages: null,
  minImageShortSide: LEGIBLE_A4_PIXELS.short,
  minImageLongSide: LEGIBLE_A4_PIXELS.long,
  noPassword: true,
};

export const MAX_RULE_PAGES = 10_000;
/** The largest photo the server turns or converts in memory (4 bytes a pixel, twice while turning). */
export const MAX_IMAGE_MEGAPIXELS = 50;
export const MAX_RULE_PIXELS = 20_000;

/** The kind of a file by its (sniffed) type. */
export function kindOf(mimeType: string): FileKind | null {
  if (mimeType === "application/pdf") return "pdf";
  if (mimeType.startsWith("image/")) return "image";
  return null;
}

/** A broker's rules checked for sense; the message says what to fix, or null when they are fine. */
export function rulesProblem(rules: AcceptanceRules): string | null {
  if (rules.kinds.length === 0) return "Allow at least one kind of file (PDF or photo).";
  if (rules.minPages !== null && rules.maxPages !== null && rules.minPages > rules.maxPages) {
    return "The minimum number of pages cannot be more than the maximum.";
  }
  return null;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

const kindWords: Record<FileKind, string> = { pdf: "PDF", image: "photo or image (JPG, PNG or iPhone HEIC)" };

/**
 * Each rule as the portal lists it before upload; with `forKind`, only those a file of that kind
 * was held to (a PDF's report does not list the photo's pixel rule as met).
 */
export function describeRules(rules: AcceptanceRules, forKind?: FileKind): string[] {
  const lines = [`File: ${rules.kinds.map((k) => kindWords[k]).join(" or ")}`];
  const applies = (kind: FileKind) => rules.kinds.includes(kind) && (forKind === undefined || forKind === kind);
  if (applies("pdf")) {
    if (rules.minPages !== null && rules.maxPages !== null && rules.minPages === rules.maxPages) {
      lines.push(`PDF: exactly ${plural(rules.minPages, "page")}`);
    } else {
      if (rules.minPages !== null) lines.push(`PDF: at least ${plural(rules.minPages, "page")}`);
      if (rules.maxPages !== null) lines.push(`PDF: at most ${plural(rules.maxPages, "page")}`);
    }
    if (rules.noPassword) lines.push("PDF: not password-protected");
  }
  if (applies("image")) {
    lines.push(`Photo: at least ${rules.minImageShortSide} × ${rules.minImageLongSide} pixels, so the text is legible`);
  }
  return lines;
}

/** Why a file was refused: the rule, as data the server returns and the portal shows. */
export type Refusal =
  | { rule: "kind"; kind: FileKind | null }
  | { rule: "readable_pdf" }
  | { rule: "readable_image" }
  | { rule: "password" }
  | { rule: "min_pages"; pages: number }
  | { rule: "max_pages"; pages: number }
  | { rule: "min_resolution"; width: number; height: number }
  | { rule: "max_pixels"; width: number; height: number }
  | { rule: "virus"; signature: string }
  | { rule: "scanner_unavailable" };

/** Which rule failed and what to send instead, in the customer's words. */
export function refusalMessage(refusal: Refusal, rules: AcceptanceRules): string {
  switch (refusal.rule) {
    case "kind":
      return `This request takes only a ${rules.kinds.map((k) => kindWords[k]).join(" or ")}. Please send the document as ${rules.kinds.includes("pdf") ? "a PDF" : "a photo"}.`;
    case "readable_pdf":
      return "This file cannot be opened as a PDF: it is damaged or not a real PDF. Please save or scan the document again and send the new PDF.";
    case "readable_image":
      return "This image cannot be read: it is damaged or not a real photo. Please take the photo again or send a PDF.";
    case "password":
      return "This PDF is protected with a password, so your broker could not open it either. Please send a copy without a password (open it and save or print it as a new PDF).";
    case "min_pages":
      return `This PDF has ${plural(refusal.pages, "page")}, but this request needs at least ${plural(rules.minPages ?? 0, "page")}. Please send all pages of the document in one PDF.`;
    case "max_pages":
      return `This PDF has ${plural(refusal.pages, "page")}, but this request takes at most ${plural(rules.maxPages ?? 0, "page")}. Please send only the pages asked for.`;
    case "min_resolution":
      return `This image is ${refusal.width} × ${refusal.height} pixels, too small to read: this request needs at least ${rules.minImageShortSide} × ${rules.minImageLongSide}. Please take the photo closer, in good light, or send a scan or PDF instead.`;
    case "max_pixels":
      return `This image is ${refusal.width} × ${refusal.height} pixels, more than we can process (at most ${MAX_IMAGE_MEGAPIXELS} megapixels). Please send a smaller photo or a PDF.`;
    case "virus":
      return `This file contains a virus (${refusal.signature}) and was not accepted. Please send a clean copy; your broker has been told.`;
    case "scanner_unavailable":
      return "Files cannot be checked for viruses right now, so nothing was uploaded. Please try again shortly.";
  }
}

/**
 * The same refusal as the catalog message the portal says it with (the `checks` section) and its
 * values; the English catalog's words are refusalMessage's (tests/api/i18n-server-texts.test.ts).
 */
export function refusalSaid(refusal: Refusal, rules: AcceptanceRules): SaidError {
  switch (refusal.rule) {
    case "kind":
      return { code: rules.kinds.length > 1 ? "refusals.kindAnyOnly" : rules.kinds.includes("pdf") ? "checks.kindPdfOnly" : "checks.kindImageOnly" };
    case "readable_pdf":
      return { code: "refusals.unreadablePdf" };
    case "readable_image":
      return { code: "refusals.unreadableImage" };
    case "password":
      return { code: "refusals.passwordProtected" };
    case "min_pages":
      return { code: "refusals.tooFewPages", values: { pages: refusal.pages, min: rules.minPages ?? 0 } };
    case "max_pages":
      return { code: "refusals.tooManyPages", values: { pages: refusal.pages, max: rules.maxPages ?? 0 } };
    case "min_resolution":
      return { code: "refusals.imageTooSmall", values: { width: refusal.width, height: refusal.height, short: rules.minImageShortSide, long: rules.minImageLongSide } };
    case "max_pixels":
      return { code: "refusals.imageTooLarge", values: { width: refusal.width, height: refusal.height, megapixels: MAX_IMAGE_MEGAPIXELS } };
    case "virus":
      return { code: "refusals.virus", values: { signature: refusal.signature } };
    case "scanner_unavailable":
      return { code: "refusals.scannerUnavailable" };
  }
}

/** What was checked on an accepted upload, kept with the file and shown to the broker beside it. */
export interface CheckReport {
  kind: FileKind;
  pageCount: number | null;
  /** The PDF limits printing or copying (accepted, worth knowing). */
  restricted: boolean;
  /** The PDF needs a password (only accepted when the rules allow it). */
  passwordProtected: boolean;
  width: number | null;
  height: number | null;
  orientationApplied: boolean;
  locationRemoved: boolean;
  metadataRemoved: boolean;
  convertedFrom: string | null;
  virusScan: "clean" | "not_configured";
  /** The rules the file was held to, as listed to the customer. */
  rules: string[];
  /** What its content was read as (issue 42), once read; absent while it is being read. */
  recognition?: Recognition;
  /** The customer's note when they sent the file anyway after being told what it looks like. */
  customerNote?: string | null;
}

/** The report in one line each, for the broker. */
export function describeChecks(report: CheckReport): string[] {
  const lines: string[] = [];
  if (report.kind === "pdf") {
    if (report.passwordProtected) lines.push("PDF needs a password to open (allowed for this request)");
    else lines.push(`PDF opened: ${plural(report.pageCount ?? 0, "page")}`);
    if (report.restricted) lines.push("PDF limits printing or copying");
  } else {
    lines.push(`Image: ${report.width} × ${report.height} pixels`);
    if (report.convertedFrom) lines.push("Converted from iPhone HEIC to JPEG");
    if (report.orientationApplied) lines.push("Turned upright");
    if (report.locationRemoved) lines.push("Location data removed");
    else if (report.metadataRemoved) lines.push("Camera metadata removed");
  }
  lines.push(report.virusScan === "clean" ? "Virus scan: clean" : "Virus scan: not set up");
  lines.push(...report.rules.map((rule) => `Rule met: ${rule}`));
  return lines;
}
