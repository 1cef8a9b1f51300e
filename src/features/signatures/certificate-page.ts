// The certificate page(s) appended to a sealed PDF: what was signed (the document's name and
// hashes), who signed it and how (each signer's name, email, IP address, browser, consent, view and
// sign times) and the audit entries that record it. Plain text, so pdftotext and a screen reader
// read it as well as a person does.
import { rgb, StandardFonts, type PDFDocument, type PDFFont, type PDFPage } from "pdf-lib";
import { unprintableCharacters } from "../../shared/signatures.ts";

export interface CertificateSigner {
  name: string;
  email: string;
  ip: string | null;
  userAgent: string | null;
  consentedAt: Date;
  viewedAt: Date | null;
  signedAt: Date;
}

export interface CertificateContent {
  documentName: string;
  originalSha256: string;
  contentSha256: string;
  sealedAt: Date;
  sealedBy: string;
  signers: readonly CertificateSigner[];
  auditEntryIds: readonly string[];
  /**
   * The broker's time zone (the customer's assignee's, certificateZone below), in which every time
   * on the page is written and which the page names; UTC when not known.
   */
  timeZone?: string | null;
}

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 50;
const GREY = rgb(0.35, 0.35, 0.35);

/**
 * "2026-11-28 06:03:07 America/Los_Angeles (UTC-08:00)": one unambiguous form for every time on
 * the page, in the broker's zone, named, with its offset so the instant is never in doubt; "… UTC"
 * without a zone (or with one this runtime does not know).
 */
export function certificateTime(at: Date | null, timeZone?: string | null): string {
  if (!at) return "not recorded";
  const zone = knownZone(timeZone);
  if (!zone) return `${at.toISOString().slice(0, 19).replace("T", " ")} UTC`;
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", { timeZone: zone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit", timeZoneName: "longOffset" })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  // "GMT-08:00", or "GMT" at offset zero.
  const offset = parts.timeZoneName === "GMT" ? "UTC+00:00" : String(parts.timeZoneName).replace("GMT", "UTC");
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second} ${zone} (${offset})`;
}

/** The zone if this runtime knows it and it is not UTC itself (then the plain UTC form is clearer). */
function knownZone(timeZone: string | null | undefined): string | null {
  if (!timeZone || timeZone === "UTC" || timeZone === "Etc/UTC") return null;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return timeZone;
  } catch {
    return null;
  }
}

// The standard fonts show Windows-1252 only; a browser's user agent or a stored name may hold other
// characters, which are shown as "?" here rather than stopping the seal (the values the signer
// typed are held to printable text before they get this far).
const printable = (text: string) => {
  let out = text;
  for (const ch of unprintableCharacters(text)) out = out.split(ch).join("?");
  return out;
};

class Writer {
  private page!: PDFPage;
  private y = 0;
  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: { regular: PDFFont; bold: PDFFont; mono: PDFFont },
  ) {
    this.newPage();
  }

  private newPage() {
    this.page = this.doc.addPage([A4.width, A4.height]);
    this.y = A4.height - MARGIN;
  }

  /** Writes `text` wrapped to the page's width, starting a new page when this one is full. */
  line(text: string, options: { size?: number; bold?: boolean; mono?: boolean; grey?: boolean; indent?: number; gapBefore?: number } = {}) {
    const size = options.size ?? 10;
    const font = options.mono ? this.fonts.mono : options.bold ? this.fonts.bold : this.fonts.regular;
    const indent = options.indent ?? 0;
    const width = A4.width - 2 * MARGIN - indent;
    this.y -= options.gapBefore ?? 0;
    for (const piece of wrap(printable(text), font, size, width)) {
      if (this.y - size < MARGIN) this.newPage();
      this.y -= size * 1.35;
      this.page.drawText(piece, { x: MARGIN + indent, y: this.y, size, font, color: options.grey ? GREY : rgb(0, 0, 0) });
    }
  }

  /** A label and its value, the value wrapped under the label's indent. */
  field(label: string, value: string, options: { mono?: boolean } = {}) {
    this.line(`${label}:`, { size: 9, grey: true, gapBefore: 2 });
    this.line(value, { size: 10, indent: 12, mono: options.mono });
  }

  /** The page the signature's widget goes on: the last one written. */
  get lastPage(): PDFPage {
    return this.page;
  }
}

/** Greedy word wrap; a word wider than the line (a hash, a long user agent) is cut. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let current = "";
  const fits = (s: string) => font.widthOfTextAtSize(s, size) <= width;
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = current ? `${current} ${word}` : word;
    if (fits(candidate)) {
      current = candidate;
      continue;
    }
    if (current) lines.push(current);
    current = word;
    while (!fits(current)) {
      let cut = current.length - 1;
      while (cut > 1 && !fits(current.slice(0, cut))) cut--;
      lines.push(current.slice(0, cut));
      current = current.slice(cut);
    }
  }
  if (current || lines.length === 0) lines.push(current);
  return lines;
}

/** Appends the certificate page(s); returns the last, where the signature's widget is placed. */
export async function appendCertificate(doc: PDFDocument, content: CertificateContent): Promise<PDFPage> {
  const writer = new Writer(doc, {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    mono: await doc.embedFont(StandardFonts.Courier),
  });
  writer.line("Signature certificate", { size: 18, bold: true });
  writer.line(
    "This page records who signed the document above and how. The whole file, this page included, is sealed with a digital signature: any change after sealing makes the signature invalid.",
    { size: 9, grey: true, gapBefore: 4 },
  );
  writer.line("Document", { size: 13, bold: true, gapBefore: 14 });
  writer.field("Name", content.documentName);
  writer.field("SHA-256 of the original PDF", content.originalSha256, { mono: true });
  writer.field("SHA-256 of the signed pages (the original with every field filled in, before this page was added)", content.contentSha256, { mono: true });
  const zone = knownZone(content.timeZone);
  writer.field("Times on this page", zone ? `In ${zone}, the broker's time zone, with the offset from UTC` : "In UTC");
  const time = (at: Date | null) => certificateTime(at, zone);
  writer.field("Sealed", `${time(content.sealedAt)} with the certificate of ${content.sealedBy}`);

  for (const [i, signer] of content.signers.entries()) {
    writer.line(`Signer ${i + 1}`, { size: 13, bold: true, gapBefore: 14 });
    writer.field("Name", signer.name);
    writer.field("Email", signer.email);
    writer.field("IP address", signer.ip ?? "not recorded");
    writer.field("User agent", signer.userAgent ?? "not recorded");
    writer.field("Consented to sign electronically", time(signer.consentedAt));
    writer.field("Viewed the document", time(signer.viewedAt));
    writer.field("Signed", time(signer.signedAt));
  }

  writer.line("Audit trail", { size: 13, bold: true, gapBefore: 14 });
  writer.line(content.auditEntryIds.length ? `Audit entries: ${content.auditEntryIds.join(", ")}` : "Audit entries: none given", { size: 10 });
  writer.line("To verify this file: open it in a PDF reader's signature panel, or run: pdfsig <file>", { size: 9, grey: true, gapBefore: 14 });
  return writer.lastPage;
}
