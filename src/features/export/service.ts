// Export: a broker takes their customers' files out as one ZIP, named by the broker's pattern,
// with a manifest.csv per customer. Ownership of every customer is checked before a single byte
// is streamed (another broker's id, alone or in a list, is a 404 for the whole request).
import { eq } from "drizzle-orm";
import { exportSettings } from "../../../db/tables.ts";
import type { AppContext } from "../../context.ts";
import { AppError, badRequest } from "../../lib/errors.ts";
import { servedFileName } from "../../lib/http.ts";
import { STATUS_LABELS } from "../../shared/documents.ts";
import {
  csvRow,
  DEFAULT_FILE_NAME_PATTERN,
  exportMessages,
  type ExportScope,
  fillPattern,
  MANIFEST_HEADER,
  MANIFEST_NAME,
  MAX_EXPORT_CUSTOMERS,
  patternProblem,
  safeFileName,
  uniqueNamer,
} from "../../shared/export.ts";
import { displayName } from "../../shared/user-display.ts";
import type { PublicUser } from "../auth/model.ts";
import type { CustomerRow } from "../customers/lookups.ts";
import { findOwnedCustomers } from "../customers/service.ts";
import type { DocumentRow } from "../documents/service.ts";
import { listDocumentsOfCustomers } from "../documents/service.ts";
import type { ExportSettingsDto } from "./model.ts";
import { zipStream, type ZipEntry } from "./zip.ts";
import { write } from "../../lib/unit-of-work.ts";
import { publishAlone } from "../../lib/unit-of-work.ts";
import type { AuditActor } from "../audit/actor.ts";
import type { Scope } from "../../shared/workspaces.ts";

// ---------------------------------------------------------------------------------------------
// The broker's pattern

/** The workspace's pattern (every member's exports name files the same way). */
export async function exportSettingsOf(ctx: AppContext, member: Scope): Promise<ExportSettingsDto> {
  const row = (await ctx.db.select().from(exportSettings).where(eq(exportSettings.workspaceId, member.workspaceId)))[0];
  return { fileNamePattern: row?.fileNamePattern ?? DEFAULT_FILE_NAME_PATTERN, defaultPattern: DEFAULT_FILE_NAME_PATTERN };
}

export async function updateExportSettings(ctx: AppContext, { member, fileNamePattern }: { member: Scope; fileNamePattern: string }): Promise<ExportSettingsDto> {
  const problem = patternProblem(fileNamePattern);
  if (problem) throw badRequest(problem);
  const values = { workspaceId: member.workspaceId, fileNamePattern: fileNamePattern.trim(), updatedAt: ctx.clock.now() };
  await write(ctx, (tx) => tx.insert(exportSettings).values(values).onConflictDoUpdate({ target: exportSettings.workspaceId, set: values }));
  return exportSettingsOf(ctx, member);
}

// ---------------------------------------------------------------------------------------------
// The archive

// Without Zip64 (fflate writes classic ZIP) an archive must stay under 4 GiB; refused up front.
const MAX_ARCHIVE_BYTES = 4 * 1024 ** 3 - 64 * 1024 ** 2;

const hasFile = (doc: DocumentRow) => doc.storageKey !== null;
const inScope = (scope: ExportScope) => (doc: DocumentRow) => (scope === "approved" ? doc.status === "approved" : true);
const iso = (d: Date | null) => d?.toISOString() ?? "";
const day = (d: Date | null) => d?.toISOString().slice(0, 10) ?? "";

interface ExportInput {
  broker: PublicUser;
  member: Scope;
  customerIds: string[];
  scope: ExportScope;
  actor: AuditActor;
}

/** The ZIP download for one customer (files at the top) or many (a folder per customer). */
export async function exportCustomers(ctx: AppContext, input: ExportInput & { folders: boolean }): Promise<Response> {
  const { broker, scope, folders } = input;
  if (input.customerIds.length === 0) throw badRequest(exportMessages.noCustomers);
  if (new Set(input.customerIds).size > MAX_EXPORT_CUSTOMERS) throw badRequest(exportMessages.tooManyCustomers);
  const customers = await findOwnedCustomers(ctx, input.member, input.customerIds); // 404 if any is one this member may not see
  const docs = (await listDocumentsOfCustomers(
      ctx,
      customers.map((c) => c.id),
    )).filter((d) => d.workspaceId === input.member.workspaceId && inScope(scope)(d));
  const bytes = docs.reduce((sum, d) => sum + (hasFile(d) ? (d.fileSize ?? 0) : 0), 0);
  if (bytes > MAX_ARCHIVE_BYTES) throw new AppError("too_large", exportMessages.tooLarge);

  const pattern = (await exportSettingsOf(ctx, input.member)).fileNamePattern;
  const approver = displayName(broker); // only the owning broker approves their customers' documents
  const now = ctx.clock.now();
  const folderName = uniqueNamer();
  const byCustomer = Map.groupBy(docs, (d) => d.customerId);

  function* entries(): Generator<ZipEntry> {
    for (const customer of customers) {
      const folder = folders ? `${folderName(safeFileName(customer.name, "Customer"))}/` : "";
      yield* customerEntries(ctx, { customer, docs: byCustomer.get(customer.id) ?? [], folder, pattern, approver, now });
    }
  }

  const archiveName = safeFileName(folders ? `Customers export ${day(now)}.zip` : `${customers[0]!.name} - documents ${day(now)}.zip`, "export.zip");
  const fallback = archiveName.replace(/[^\x20-\x7e]|["\\]/g, "_");
  const detail = `Documents ZIP (${scope === "approved" ? "approved documents" : "all documents"})`;
  await publishAlone(ctx, {
    type: "customers_exported",
    workspaceId: input.member.workspaceId,
    facts: { audit: customers.map((c) => ({ brokerId: input.member.workspaceId, customerId: c.id, action: "exported" as const, actor: input.actor, detail })) },
  });
  ctx.log.info("export", { brokerId: broker.id, customers: customers.length, files: docs.filter(hasFile).length, bytes, scope });
  return new Response(await zipStream(entries()), {
    headers: {
      "content-type": "application/zip",
      "content-disposition": `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(archiveName)}`,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
      // The stored files' total: the browser shows progress against it (the ZIP is a little larger).
      "x-export-file-bytes": String(bytes),
    },
  });
}

interface CustomerExport {
  customer: CustomerRow;
  docs: DocumentRow[];
  folder: string;
  pattern: string;
  approver: string;
  now: Date;
}

/** One customer's files, then their manifest (written last: it lists each file's SHA-256). */
function* customerEntries(ctx: AppContext, { customer, docs, folder, pattern, approver, now }: CustomerExport): Generator<ZipEntry> {
  const unique = uniqueNamer([MANIFEST_NAME]);
  const rows: { doc: DocumentRow; file: string; sha256: string; size: number | null }[] = [];
  for (const doc of docs) {
    if (!hasFile(doc)) {
      rows.push({ doc, file: "", sha256: "", size: null });
      continue;
    }
    const served = servedFileName(doc.originalName ?? doc.name, doc.mimeType);
    const dot = served.lastIndexOf(".");
    const name = unique(
      safeFileName(
        fillPattern(pattern, {
          customer: customer.name,
          document: doc.name,
          ext: dot === -1 ? "bin" : served.slice(dot + 1),
          status: STATUS_LABELS[doc.status],
          uploaded: day(doc.uploadedAt),
          original: dot === -1 ? served : served.slice(0, dot),
        }),
      ),
    );
    const row = { doc, file: name, sha256: "", size: doc.fileSize };
    rows.push(row);
    yield {
      path: folder + name,
      mtime: doc.uploadedAt ?? now,
      source: { file: () => ctx.files.read(doc.storageKey!) },
      done: ({ sha256, size }) => Object.assign(row, { sha256, size }),
      // Deleted while the archive was being written: the manifest lists it without a file.
      missing: () => Object.assign(row, { file: "", size: null }),
    };
  }
  yield {
    path: folder + MANIFEST_NAME,
    mtime: now,
    source: {
      text: () =>
        "\uFEFF" +
        csvRow(MANIFEST_HEADER) +
      rows
        .map(({ doc, file, sha256, size }) =>
          csvRow([
            doc.name,
            file,
            STATUS_LABELS[doc.status],
            iso(doc.uploadedAt),
            doc.status === "approved" ? approver : "",
            doc.status === "approved" ? iso(doc.verifiedAt) : "",
            size,
            sha256,
          ]),
        )
        .join(""),
    },
  };
}
