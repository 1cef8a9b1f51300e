// A customer's audit trail as a file the broker keeps: CSV (formula-safe cells, the manifest's
// csvRow) or an A4 PDF table headed by the verification of the broker's chain at export time.
import type { PDFFont, PDFPage } from "pdf-lib";
import type { AppContext } from "../../context.ts";
import { AUDIT_ACTION_LABELS, AUDIT_ACTOR_KIND_LABELS, AUDIT_EXPORT_HEADER, auditMessages, type AuditAction, type AuditActorKind } from "../../shared/audit.ts";
import { csvRow, safeFileName } from "../../shared/export.ts";
import { customerContact } from "../customers/lookups.ts";
import type { AuditActor } from "./actor.ts";
import type { AuditRow, ChainCheck } from "./chain.ts";
import { customerTrail, verifyBrokerChain } from "./service.ts";
import { publishAlone } from "../../lib/unit-of-work.ts";
import type { Scope } from "../../shared/workspaces.ts";

export type AuditFormat = "csv" | "pdf";

interface AuditExport {
  member: Scope;
  customerId: string;
  actor: AuditActor;
}

/** UTC, to the second: "2026-11-23 18:04:05". */
const stamp = (d: Date) => d.toISOString().slice(0, 19).replace("T", " ");

const cells = (row: AuditRow) => [
  row.sequence,
  stamp(row.at),
  AUDIT_ACTION_LABELS[row.action as AuditAction] ?? row.action,
  row.actorLabel,
  AUDIT_ACTOR_KIND_LABELS[row.actorKind as AuditActorKind] ?? row.actorKind,
  row.address,
  row.documentName,
  row.detail,
  row.hash,
];

async function trailOf(ctx: AppContext, input: AuditExport): Promise<AuditRow[]> {
  const rows: AuditRow[] = [];
  for await (const row of customerTrail(ctx, input)) rows.push(row); // 404 first if not theirs
  return rows;
}

/** The CSV or PDF download of one customer's trail. */
export async function auditDownload(ctx: AppContext, input: AuditExport & { format: AuditFormat }): Promise<Response> {
  const rows = await trailOf(ctx, input);
  const customerName = (await customerContact(ctx, input.customerId))?.name ?? rows.at(-1)?.customerLabel ?? "Customer";
  const now = ctx.clock.now();
  const name = safeFileName(`${customerName} - audit trail ${now.toISOString().slice(0, 10)}.${input.format}`, `audit-trail.${input.format}`);
  let body: Uint8Array<ArrayBuffer> | string;
  if (input.format === "csv") {
    // With a BOM, as the export's manifest.csv: Excel then reads names with accents as UTF-8.
    body = "\uFEFF" + csvRow(AUDIT_EXPORT_HEADER) + rows.map((row) => csvRow(cells(row))).join("");
  } else {
    const check = await verifyBrokerChain(ctx, input.member.workspaceId);
    body = await auditPdf({ customerName, rows, check, exportedAt: now, exportedBy: input.actor.label });
  }
  return download(body, name, input.format === "csv" ? "text/csv; charset=utf-8" : "application/pdf");
}

/** Exporting the trail is itself an event on the customer. */
export const recordTrailExport = (ctx: AppContext, input: AuditExport & { format: AuditFormat }) =>
  publishAlone(ctx, {
    type: "customers_exported",
    workspaceId: input.member.workspaceId,
    facts: { audit: [{ brokerId: input.member.workspaceId, customerId: input.customerId, action: "exported", actor: input.actor, detail: `Audit trail (${input.format.toUpperCase()})` }] },
  });

function download(body: Uint8Array<ArrayBuffer> | string, name: string, type: string): Response {
  const fallback = name.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return new Response(body, {
    headers: {
      "content-type": type,
      "content-disposition": `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });
}

// ---- PDF ----------------------------------------------------------------------------------

/** A4 landscape, in points. */
const PAGE = { width: 841.89, height: 595.28, margin: 36 };
const SIZE = 8;
const LINE = 10.5;
const COLUMNS: { title: string; width: number; of: (row: AuditRow) => string }[] = [
  { title: "#", width: 30, of: (r) => String(r.sequence) },
  { title: "Time (UTC)", width: 92, of: (r) => stamp(r.at) },
  { title: "Action", width: 100, of: (r) => AUDIT_ACTION_LABELS[r.action as AuditAction] ?? r.action },
  { title: "Actor", width: 140, of: (r) => `${r.actorLabel} (${AUDIT_ACTOR_KIND_LABELS[r.actorKind as AuditActorKind] ?? r.actorKind})` },
  { title: "Address", width: 90, of: (r) => r.address ?? "" },
  { title: "Document", width: 120, of: (r) => r.documentName ?? "" },
  { title: "Detail", width: 138, of: (r) => r.detail ?? "" },
  { title: "Hash", width: 60, of: (r) => r.hash.slice(0, 12) },
];

/** The standard fonts speak WinAnsi only: anything else becomes "?" rather than failing the export. */
const printable = (text: string) => text.replace(/[^\x20-\x7e\xa0-\xff]/g, "?");

function wrap(text: string, font: PDFFont, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of printable(text).split(/\n/)) {
    let line = "";
    for (const word of paragraph.split(" ")) {
      let candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, SIZE) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      // A word longer than the column (an address, a hash) is cut where it must be.
      candidate = word;
      while (font.widthOfTextAtSize(candidate, SIZE) > width) {
        let cut = candidate.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(candidate.slice(0, cut), SIZE) > width) cut--;
        lines.push(candidate.slice(0, cut));
        candidate = candidate.slice(cut);
      }
      line = candidate;
    }
    lines.push(line);
  }
  return lines;
}

function chainSummary(check: ChainCheck): string {
  return check.intact
    ? `Chain verification: ${auditMessages.intact.toLowerCase()}, ${check.entries} entries in this brokerage's chain` +
        (check.head ? ` (head #${check.head.sequence}, ${check.head.hash.slice(0, 16)}...)` : "")
    : `Chain verification: ${auditMessages.broken.toUpperCase()} at entry #${check.sequence}: ${check.problem}`;
}

async function auditPdf(input: { customerName: string; rows: AuditRow[]; check: ChainCheck; exportedAt: Date; exportedBy: string }): Promise<Uint8Array<ArrayBuffer>> {
  // Loaded on the first PDF export, not at start: most running portals never make one.
  const { PDFDocument, StandardFonts, rgb } = await import("pdf-lib");
  const pdf = await PDFDocument.create();
  pdf.setTitle(printable(`Audit trail - ${input.customerName}`));
  pdf.setCreator("Broker document portal");
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const innerWidth = PAGE.width - 2 * PAGE.margin;
  let page: PDFPage;
  let y = 0;
  const text = (t: string, x: number, at: number, options: { font?: PDFFont; size?: number; color?: ReturnType<typeof rgb> } = {}) =>
    page.drawText(printable(t), { x, y: at, size: options.size ?? SIZE, font: options.font ?? font, color: options.color ?? rgb(0.1, 0.1, 0.15) });

  const header = () => {
    let x = PAGE.margin;
    for (const column of COLUMNS) {
      text(column.title, x, y, { font: bold });
      x += column.width;
    }
    y -= 4;
    page.drawLine({ start: { x: PAGE.margin, y }, end: { x: PAGE.margin + innerWidth, y }, thickness: 0.6, color: rgb(0.6, 0.6, 0.65) });
    y -= LINE;
  };
  const newPage = () => {
    page = pdf.addPage([PAGE.width, PAGE.height]);
    y = PAGE.height - PAGE.margin - SIZE;
    header();
  };

  // The first page's heading, then the table.
  page = pdf.addPage([PAGE.width, PAGE.height]);
  y = PAGE.height - PAGE.margin - 16;
  text(`Audit trail - ${input.customerName}`, PAGE.margin, y, { font: bold, size: 16 });
  y -= 18;
  text(`Exported ${stamp(input.exportedAt)} UTC by ${input.exportedBy}. ${input.rows.length} entries, oldest first.`, PAGE.margin, y, { size: 9 });
  y -= 14;
  for (const line of wrap(chainSummary(input.check), bold, innerWidth)) {
    text(line, PAGE.margin, y, { font: bold, size: 9, color: input.check.intact ? rgb(0.05, 0.45, 0.2) : rgb(0.75, 0.1, 0.1) });
    y -= 12;
  }
  y -= 10;
  header();
  if (input.rows.length === 0) text("No events recorded for this customer.", PAGE.margin, y);

  for (const row of input.rows) {
    const wrapped = COLUMNS.map((column) => wrap(column.of(row), font, column.width - 6));
    const height = Math.max(...wrapped.map((lines) => lines.length)) * LINE;
    if (y - height < PAGE.margin) newPage();
    let x = PAGE.margin;
    for (const [i, lines] of wrapped.entries()) {
      lines.forEach((line, n) => text(line, x, y - n * LINE));
      x += COLUMNS[i]!.width;
    }
    y -= height + 3;
  }
  pdf.getPages().forEach((p, i, all) => {
    p.drawText(`Page ${i + 1} of ${all.length}`, { x: PAGE.width - PAGE.margin - 50, y: PAGE.margin / 2, size: 7, font, color: rgb(0.4, 0.4, 0.45) });
  });
  return (await pdf.save()) as Uint8Array<ArrayBuffer>;
}
