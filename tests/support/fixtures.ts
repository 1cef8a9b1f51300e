// Test data built through the real API, plus the few things the API cannot do yet.
import { eq, sql } from "drizzle-orm";
import { documents } from "../../db/tables.ts";
import { newStorageKey } from "../../src/lib/storage.ts";
import type { CustomerDetailDto } from "../../src/shared/api-types.ts";
import { newestCode, newestEmail } from "./outbox.ts";
import { row } from "./sql.ts";
import type { TestServer } from "./server.ts";
import { realJpeg, realPdf, realPng } from "../files/samples.ts";
import { write } from "../../src/lib/unit-of-work.ts";

let customerCount = 0;

export async function createCustomer(
  srv: TestServer,
  token: string,
  body: Record<string, unknown> = {},
): Promise<CustomerDetailDto> {
  const n = ++customerCount;
  const res = await srv.call<CustomerDetailDto>("/api/customers", {
    method: "POST",
    token,
    body: { email: `customer${n}@example.com`, requiredDocuments: [{ name: "Paystub" }, { name: "Bank Statement" }], ...body },
  });
  if (res.status !== 201) throw new Error(`create customer failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A due date `days` ahead of the test server's clock. */
export const daysAhead = (srv: TestServer, days: number) => new Date(srv.clock.now().getTime() + days * 86_400_000).toISOString();

/**
 * Gives a document a stored file as if the customer had uploaded it. (The upload endpoint comes
 * with the customer portal; until then tests put the file in place through the file store.)
 */
export async function attachFile(
  srv: TestServer,
  documentId: string,
  file: { bytes?: Uint8Array | string; name?: string; type?: string } = {},
): Promise<string> {
  const { ctx } = srv.server;
  const key = newStorageKey();
  const bytes = file.bytes ?? "%PDF-1.4\n% test file\n";
  await ctx.files.write(key, bytes);
  await write(ctx, (tx) => tx.update(documents)
    .set({
      status: "uploaded",
      storageKey: key,
      originalName: file.name ?? "paystub.pdf",
      mimeType: file.type ?? "application/pdf",
      fileSize: typeof bytes === "string" ? bytes.length : bytes.byteLength,
      uploadedAt: ctx.clock.now(),
    })
    .where(eq(documents.id, documentId)));
  return key;
}

/** How many rows `table` (a table name, optionally followed by a where clause) has. */
export async function countRows(srv: TestServer, table: string): Promise<number> {
  const found = await row<{ n: number }>(srv.server.ctx.db, sql`select cast(count(*) as integer) as n from ${sql.raw(table)}`);
  return Number(found?.n);
}

/**
 * Small files whose bytes are what they claim (or are not). The PDF, PNG and JPEG are real files
 * that pass the document checks (pdf.js opens the PDF; the images decode at a legible size).
 */
export const sampleFiles = {
  pdf: () => realPdf(),
  png: () => realPng(),
  jpeg: () => realJpeg(),
  exe: () => new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff, 0, 0, 0xb8, 0, 0, 0]),
  html: () => new TextEncoder().encode("<!doctype html><script>alert(document.cookie)</script>"),
};

/** Uploads through the customer portal endpoint, as the portal's form does. */
export function uploadFile(
  srv: TestServer,
  uploadLink: string,
  documentId: string,
  file: { bytes: Uint8Array<ArrayBuffer>; name?: string; type?: string; cookie?: string },
) {
  const form = new FormData();
  form.append("file", new Blob([file.bytes], { type: file.type ?? "application/pdf" }), file.name ?? "statement.pdf");
  form.append("isGuest", file.cookie ? "false" : "true");
  return srv.call(`/api/upload/${uploadLink}/documents/${documentId}`, {
    method: "POST",
    body: form,
    headers: file.cookie ? { cookie: file.cookie } : {},
  });
}

/** The newest email to this address in the outbox, as the customer would read it. */
export const latestEmailTo = (srv: TestServer, to: string) => newestEmail(srv.server.ctx.db, to);

/** The 6-digit code of the newest account-code email to this address. */
export const emailedCode = (srv: TestServer, to: string) => newestCode(srv.server.ctx.db, to, "account_code");

/** Signs a customer up on their link as a person would (ask for a code, type it in) and returns their session cookie. */
export async function customerCookie(srv: TestServer, uploadLink: string, email: string, password = "customer password"): Promise<string> {
  const body = { email, password, uploadLink };
  const asked = await srv.call("/api/customer/signup", { method: "POST", body });
  if (asked.status !== 202) throw new Error(`customer sign-up failed: ${asked.status} ${JSON.stringify(asked.body)}`);
  const res = await srv.call("/api/customer/signup", { method: "POST", body: { ...body, code: await emailedCode(srv, email) } });
  if (res.status !== 201) throw new Error(`customer sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.headers.get("set-cookie") ?? "").split(";")[0]!;
}
