// Signature requests (issue 41; DESIGN.md 3 and 3b): the fields a broker places on a PDF's pages,
// what each signer may fill in, and the request's statuses. Pure, shared by the server (which
// refuses a bad request and seals) and the web app (which places fields and guides the signer), so
// the two never disagree about what is valid. Every message is one a person can act on.
import { isValidEmail, normalizeEmail } from "./validation.ts";
import { isKnownTimeZone } from "./branding.ts";
import { localDay } from "./local-day.ts";

export const FIELD_TYPES = ["signature", "initials", "date", "name", "text", "checkbox"] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export const FIELD_LABELS: Record<FieldType, string> = {
  signature: "Signature",
  initials: "Initials",
  date: "Date signed",
  name: "Full name",
  text: "Text",
  checkbox: "Checkbox",
};

/**
 * One field on one page. Page is 1-based; x, y, width and height are fractions (0–1) of the page
 * as it is shown (its visible area, upright), measured from its top-left corner, so the browser
 * places them on pdf.js's rendering without knowing the PDF's boxes or rotation.
 */
export interface SignatureField {
  type: FieldType;
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
  /** Index into the request's signers. */
  signer: number;
  required: boolean;
}

/** What a signer types or ticks, by the field's index in the request: text for text and initials, true/false for a checkbox. */
export type FieldValues = Record<string, string | boolean>;

export const MAX_FIELDS = 200;
export const MAX_SIGNERS = 10;
/** A text field holds one line on a page, not a letter. */
export const MAX_TEXT_LENGTH = 200;
export const MAX_INITIALS_LENGTH = 5;
/** The smallest field, as a fraction of the page's side: about 3 mm on A4, still a box a finger can hit. */
export const MIN_FIELD_SIZE = 0.01;

/** Fields filled from who signs and when, not typed: they take no value. */
export const FILLED_BY_PORTAL: ReadonlySet<FieldType> = new Set(["signature", "date", "name"]);

// The sealed PDF draws values with the PDF standard fonts, which show Windows-1252 text only
// (Latin letters with their accents, common punctuation); other characters are refused here with
// a message instead of failing at the seal.
const CP1252_EXTRAS = "€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ";
export function unprintableCharacters(text: string): string[] {
  const bad = new Set<string>();
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    const printable = (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || CP1252_EXTRAS.includes(ch);
    if (!printable) bad.add(ch);
  }
  return [...bad];
}

const fieldName = (index: number, field: Pick<SignatureField, "type">) =>
  `Field ${index + 1} (${FIELD_LABELS[field.type] ?? "unknown"})`;

const isFraction = (n: unknown): n is number => typeof n === "number" && Number.isFinite(n) && n >= 0 && n <= 1;

/**
 * Why a request's fields cannot be placed, or null when they can. `pageCount` is the PDF's, once
 * it has been read (the browser knows it from pdf.js, the server from the file).
 */
export function fieldsProblem(fields: readonly SignatureField[], options: { signerCount: number; pageCount?: number; signerNames?: readonly string[] }): string | null {
  if (fields.length === 0) return "Place at least one field for a signer to fill.";
  if (fields.length > MAX_FIELDS) return `A request can have at most ${MAX_FIELDS} fields.`;
  if (options.signerCount < 1) return "Add at least one signer.";
  if (options.signerCount > MAX_SIGNERS) return `A request can have at most ${MAX_SIGNERS} signers.`;
  for (const [i, field] of fields.entries()) {
    const name = fieldName(i, field);
    if (!FIELD_TYPES.includes(field.type)) return `Field ${i + 1} has an unknown type. Use one of: ${FIELD_TYPES.join(", ")}.`;
    if (!Number.isInteger(field.page) || field.page < 1) return `${name} must be on a page numbered from 1.`;
    if (options.pageCount !== undefined && field.page > options.pageCount) {
      return `${name} is on page ${field.page}, but the document has ${options.pageCount} ${options.pageCount === 1 ? "page" : "pages"}.`;
    }
    if (![field.x, field.y, field.width, field.height].every(isFraction)) {
      return `${name} must be placed with x, y, width and height as fractions of the page from 0 to 1.`;
    }
    if (field.width < MIN_FIELD_SIZE || field.height < MIN_FIELD_SIZE) return `${name} is too small to fill in. Make it larger.`;
    // A small tolerance for the browser's rounding of a field dragged to the very edge.
    if (field.x + field.width > 1.0001 || field.y + field.height > 1.0001) return `${name} reaches outside its page. Move it inside the page.`;
    if (!Number.isInteger(field.signer) || field.signer < 0 || field.signer >= options.signerCount) {
      return `${name} belongs to signer ${Number.isInteger(field.signer) ? field.signer + 1 : "?"}, but the request has ${options.signerCount} ${options.signerCount === 1 ? "signer" : "signers"}.`;
    }
    if (typeof field.required !== "boolean") return `${name} must say whether it is required.`;
  }
  for (let signer = 0; signer < options.signerCount; signer++) {
    if (!fields.some((f) => f.signer === signer && f.type === "signature")) {
      // Named when the names are known: "signer 2" means little on a crowded page.
      const who = options.signerNames?.[signer]?.trim() || `Signer ${signer + 1}`;
      return `${who} has no signature field. Place one for every signer.`;
    }
  }
  return null;
}

/** What in a text keeps it out of the sealed PDF: a line break or tab, or characters its fonts cannot draw (null: nothing). */
export function printableFault(text: string): { kind: "oneLine" } | { kind: "unprintable"; chars: string } | null {
  if (/[\u0000-\u001f\u007f-\u009f]/.test(text)) return { kind: "oneLine" };
  const bad = unprintableCharacters(text);
  return bad.length > 0 ? { kind: "unprintable", chars: bad.slice(0, 5).join(" ") } : null;
}

/** Why `text` cannot be drawn into the sealed PDF, naming it as `what`, or null. */
function printableProblem(what: string, text: string): string | null {
  const fault = printableFault(text);
  if (!fault) return null;
  return fault.kind === "oneLine" ? `${what} must be one line of text, without line breaks or tabs.` : `${what} has characters the signed PDF cannot show: ${fault.chars}`;
}

/**
 * Why a signature template's fields cannot be kept, or null. A template names no people: its
 * fields refer to signer positions (signer 0 is position 1, the customer), and every position up to
 * the highest one named needs its signature field, so a request with that many signers can use it.
 */
export function templateFieldsProblem(fields: readonly SignatureField[], pageCount?: number): string | null {
  const positions = fields.reduce((n, f) => (Number.isInteger(f.signer) && f.signer >= 0 ? Math.max(n, f.signer + 1) : n), 0);
  return fieldsProblem(fields, { signerCount: Math.max(1, Math.min(positions, MAX_SIGNERS + 1)), pageCount });
}

/** How many signers a template's fields ask for (its highest signer position). */
export const templateSignerCount = (fields: readonly Pick<SignatureField, "signer">[]) => fields.reduce((n, f) => Math.max(n, f.signer + 1), 0);

export const MAX_TYPED_SIGNATURE_LENGTH = 100;

/**
 * "2026-11-28": the day a date field shows, on the signer's own calendar (their browser's time zone,
 * sent when they sign), so an evening signature in Los Angeles is not dated tomorrow. Without a
 * known zone, the UTC day. The signing screen shows it beforehand; the server keeps the day it
 * computed with the signature (a date field's value), and the sealed PDF prints that.
 */
export function signedDay(at: Date, timeZone?: string | null): string {
  return timeZone && isKnownTimeZone(timeZone) ? localDay(at, timeZone) : at.toISOString().slice(0, 10);
}

/**
 * A signer's stored values also hold, under their date fields, the day they signed on their own
 * calendar (fixed when they sign): split it off before the values are checked or filled in.
 */
export function splitSignedDay(fields: readonly SignatureField[], stored: FieldValues): { values: FieldValues; day: string | null } {
  const values: FieldValues = {};
  let day: string | null = null;
  for (const [key, value] of Object.entries(stored)) {
    if (fields[Number(key)]?.type === "date") day = typeof value === "string" ? value : day;
    else values[key] = value;
  }
  return { values, day };
}

/** What an initials field holds unless the signer types their own: the first letter of each name. */
export function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase())
    .join("")
    .slice(0, MAX_INITIALS_LENGTH);
}

/** A signer's name as the request gives it: it is printed in name fields and on the certificate page. */
export function signerNameProblem(name: string, signer: number): string | null {
  const what = `Signer ${signer + 1}'s name`;
  if (!name.trim()) return `${what} is required.`;
  if (name.length > MAX_TYPED_SIGNATURE_LENGTH) return `${what} can hold at most ${MAX_TYPED_SIGNATURE_LENGTH} characters.`;
  return printableProblem(what, name);
}

/** A signer as the request names them. */
export interface SignerInput {
  email: string;
  name: string;
}

/**
 * Why the request's signers cannot be used, or null: the first is the customer (their email),
 * every email valid and listed once, every name printable. The Request signature dialog asks it
 * before sending, the server again on receiving, in the same words.
 */
export function signersProblem(signers: readonly SignerInput[], customerEmail: string): string | null {
  if (signers.length === 0) return "Add at least one signer.";
  if (signers.length > MAX_SIGNERS) return `A request can have at most ${MAX_SIGNERS} signers.`;
  const seen = new Set<string>();
  for (const [i, signer] of signers.entries()) {
    const email = normalizeEmail(signer.email);
    if (!isValidEmail(email)) return `Signer ${i + 1}'s email is not a valid email address.`;
    if (i === 0 && email !== normalizeEmail(customerEmail)) return `The first signer is the customer: use ${customerEmail}.`;
    if (seen.has(email)) return `${email} is listed as a signer more than once.`;
    seen.add(email);
    const problem = signerNameProblem(signer.name, i);
    if (problem) return problem;
  }
  return null;
}

// ── Statuses ───────────────────────────────────────────────────────────────────────────────

/** seal_failed: every signer signed, but the seal failed for good; the broker may try it again. */
export const SIGNATURE_STATUSES = ["sent", "viewed", "partially_signed", "seal_failed", "completed", "declined", "voided"] as const;
export type SignatureStatus = (typeof SIGNATURE_STATUSES)[number];

export const SIGNATURE_STATUS_LABELS: Record<SignatureStatus, string> = {
  sent: "Sent",
  viewed: "Viewed",
  partially_signed: "Partially signed",
  seal_failed: "Sealing failed",
  completed: "Completed",
  declined: "Declined",
  voided: "Voided",
};

/** Nothing happens to these any more: no signing, no reminders, no voiding. */
export const FINISHED_SIGNATURE_STATUSES = ["completed", "declined", "voided"] as const satisfies readonly SignatureStatus[];

/** Ended unsigned (voided by the broker, or declined by a signer): what the portal lists as no longer to sign. */
export const WITHDRAWN_SIGNATURE_STATUSES = ["voided", "declined"] as const satisfies readonly SignatureStatus[];

export type SignatureEvent =
  | { type: "viewed" }
  | { type: "signed"; signedCount: number; signerCount: number }
  | { type: "declined" }
  | { type: "voided" };

/** Why a request that did not move was refused (the signer's answer says these as codes: signing-faults.ts). */
export const EVERYONE_SIGNED = "Every signer has already signed this document.";
export const finishedMessage = (status: SignatureStatus) => `This signature request is ${SIGNATURE_STATUS_LABELS[status].toLowerCase()}; it can no longer change.`;

export const isFinished = (status: SignatureStatus) => (FINISHED_SIGNATURE_STATUSES as readonly SignatureStatus[]).includes(status);

/**
 * The request's status after an event, or an error a person can read. `signedCount` counts the
 * signers who have signed, this one included. Viewing again changes nothing (a signer reopening
 * the link), so it is not an error.
 */
export function nextSignatureStatus(
  status: SignatureStatus,
  event: SignatureEvent,
): { status: SignatureStatus } | { error: string } {
  if (isFinished(status)) return { error: finishedMessage(status) };
  switch (event.type) {
    case "viewed":
      return { status: status === "sent" ? "viewed" : status };
    case "signed": {
      const { signedCount, signerCount } = event;
      if (!Number.isInteger(signedCount) || signedCount < 1 || signedCount > signerCount) {
        return { error: EVERYONE_SIGNED };
      }
      return { status: signedCount === signerCount ? "completed" : "partially_signed" };
    }
    case "declined":
      return { status: "declined" };
    case "voided":
      return { status: "voided" };
  }
}

// ── Signers ────────────────────────────────────────────────────────────────────────────────

/** One signer's part: waiting (pending), opened the document (viewed), signed, or declined. */
export const SIGNER_STATUSES = ["pending", "viewed", "signed", "declined"] as const;
export type SignerStatus = (typeof SIGNER_STATUSES)[number];

/** The consent a signer gives before signing; the time they gave it is printed on the certificate page. */
export const SIGNING_CONSENT_TEXT =
  "I agree to sign this document electronically. My electronic signature is as valid as my handwritten one, and I can ask for a paper copy.";

/** A drawn signature is a small PNG of strokes: larger is not a signature pad's output. */
export const MAX_DRAWN_SIGNATURE_BYTES = 256 * 1024;
/**
 * Its longest side in pixels: a phone's pad at 3× is ~1,200 px wide. Checked before the PNG is
 * decoded, since a few KB of PNG can unpack to gigabytes of pixels.
 */
export const MAX_DRAWN_SIGNATURE_SIDE = 3000;
export const MAX_DECLINE_REASON_LENGTH = 1000;
export const MAX_SIGNATURE_MESSAGE_LENGTH = 2000;

/** Whose turn it is in an ordered request: the first signer (by position) who has not signed. */
export function signerInTurn<S extends { position: number; status: SignerStatus }>(signers: readonly S[]): S | null {
  return [...signers].sort((a, b) => a.position - b.position).find((s) => s.status !== "signed") ?? null;
}

/**
 * Who is asked to sign now (the broker's "Send it again", a reminder): in an ordered request the
 * signer in turn (the later ones are asked when it comes); else everyone who has not signed.
 */
export function signersAskedNow<S extends { position: number; status: SignerStatus }>(ordered: boolean, signers: readonly S[]): S[] {
  if (!ordered) return signers.filter((s) => s.status !== "signed");
  const inTurn = signerInTurn(signers);
  return inTurn ? [inTurn] : [];
}

export const signatureMessages = {
  consentRequired: "Agree to sign electronically to continue.",
  notYourTurn: "The signers sign in order, and it is not your turn yet. You will get an email when it is.",
  alreadySigned: "You have already signed this document.",
  alreadyDeclined: "You declined to sign this document.",
  pastDue: "This signature request is past its due date. Ask your broker to send it again.",
  notPng: "The drawn signature must be a PNG image. Draw it again.",
  drawnTooLarge: `The drawn signature is too large (at most ${MAX_DRAWN_SIGNATURE_BYTES / 1024} KB and ${MAX_DRAWN_SIGNATURE_SIDE} pixels a side). Draw it again.`,
  declineReasonRequired: "Say why you decline, so your broker knows what to change.",
  notCompleted: "The signed PDF is ready once every signer has signed and it is sealed.",
  notPdf: "A signature request needs a PDF. Upload the document as a PDF.",
  badRequestJson: "The request part must be JSON: {name, signers, fields, …}.",
  noRequestPart: "Send the request's details as a part named request (JSON).",
  withdrawn: "This signature request was withdrawn by your broker.",
  sealFailed: "Everyone has signed, but sealing the signed PDF failed. Press Try again; if it fails again, the portal's log says why (for example, a signing certificate that cannot be opened).",
  notSealFailed: "Only a request whose sealing failed can be sealed again.",
  pastDueResend: "This signature request is past its due date. Move its due date first, then send it again.",
  nothingToResend: "Every signer has signed; there is no one to ask again.",
  noSource: "Choose the PDF to sign: upload it (a part named file), pick a file shared with this customer (sharedDocumentId) or a signature template (templateId).",
  twoSources: "Send one PDF to sign: an uploaded file, a shared file's id (sharedDocumentId) or a template's id (templateId), not more than one.",
  sharedFileNotFound: "Shared file not found. Pick a PDF shared with this customer.",
  templateNotFound: "Signature template not found. Pick one of this workspace's templates.",
  templateNoName: "Name the template: the form it holds, such as Engagement letter.",
  templateNoFields: "Send the template's fields as a part named fields (JSON: a list of {type, page, x, y, width, height, signer, required}).",
} as const;

/** A template's stored PDF found infected when a request is made from it (the broker's words). */
export const templateInfectedMessage = (signature: string) =>
  `This template's PDF contains a virus (${signature}) and was not sent. Nothing was sent to your customer; delete the template and save it again from a clean PDF.`;
