// Test data built through the real API, plus the few things the API cannot do yet.
import { eq } from "drizzle-orm";
import { documents } from "../../db/schema.ts";
import { newStorageKey } from "../../src/lib/storage.ts";
import type { CustomerDetailDto } from "../../src/shared/api-types.ts";
import type { TestServer } from "./server.ts";

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
  ctx.db
    .update(documents)
    .set({
      status: "uploaded",
      storageKey: key,
      originalName: file.name ?? "paystub.pdf",
      mimeType: file.type ?? "application/pdf",
      fileSize: typeof bytes === "string" ? bytes.length : bytes.byteLength,
      uploadedAt: ctx.clock.now(),
    })
    .where(eq(documents.id, documentId))
    .run();
  return key;
}

export function countRows(srv: TestServer, table: string): number {
  return (srv.server.ctx.db.$client.query(`select count(*) as n from ${table}`).get() as { n: number }).n;
}
