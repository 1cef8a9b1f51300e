// Every way a stored file is served (issue 39, item 17): viewed inline or downloaded, by the
// customer's session, the broker, a signed link or download-proxy, a customer's upload or a
// broker's shared file, PDFs included, is a sandboxed document (`Content-Security-Policy:
// sandbox`) that nothing may frame, so script inside an uploaded file never runs as the portal.
import { beforeAll, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createCustomer, customerCookie, sampleFiles, uploadFile } from "../support/fixtures.ts";
import { useServerWithBroker } from "../support/server.ts";

const { srv, broker } = useServerWithBroker();
/** A real-world PDF (pdf.js's test file), as a customer would upload it. */
const realWorldPdf = new Uint8Array(readFileSync(join(import.meta.dir, "..", "files", "corpus", "pdfjs--alphatrans.pdf")));
const files: { label: string; path: string; headers: Record<string, string> }[] = [];

beforeAll(async () => {
  const customer = await createCustomer(srv, broker.token);
  const [pdfDoc, imageDoc] = customer.documents;
  expect((await uploadFile(srv, customer.uploadLink, pdfDoc!.id, { bytes: realWorldPdf, name: "statement.pdf" })).status).toBe(200);
  expect((await uploadFile(srv, customer.uploadLink, imageDoc!.id, { bytes: sampleFiles.png(), name: "id.png", type: "image/png" })).status).toBe(200);
  const cookie = { cookie: await customerCookie(srv, customer.uploadLink, customer.email) };
  const bearer = { authorization: `Bearer ${broker.token}` };

  const form = new FormData();
  form.append("documents", new Blob([realWorldPdf], { type: "application/pdf" }), "Closing Disclosure.pdf");
  form.append("customerIds", JSON.stringify([customer.id]));
  expect((await srv.call("/api/documents/share", { method: "POST", body: form, token: broker.token })).status).toBe(201);
  const shared = ((await srv.call("/api/shared-documents", { token: broker.token })).body as { documentId: string }[])[0]!;
  const link = new URL((await srv.call(`/api/documents/${pdfDoc!.id}/link`, { method: "POST", token: broker.token })).body.url);

  for (const [who, headers] of [["customer", cookie], ["broker", bearer]] as const) {
    for (const [what, id] of [["uploaded PDF", pdfDoc!.id], ["uploaded image", imageDoc!.id], ["shared PDF", shared.documentId]] as const) {
      files.push({ label: `${who}: ${what} view`, path: `/api/documents/${id}/view`, headers });
      files.push({ label: `${who}: ${what} download`, path: `/api/documents/${id}/download`, headers });
    }
    files.push({ label: `${who}: download-proxy`, path: `/api/download-proxy?url=${encodeURIComponent(`/api/documents/${pdfDoc!.id}/view`)}`, headers });
  }
  files.push({ label: "signed link: PDF view", path: `${link.pathname}${link.search}`, headers: {} });
});

test("every file view and download is a sandboxed document that nothing may frame, PDFs too", async () => {
  expect(files).toHaveLength(15);
  for (const { label, path, headers } of files) {
    const res = await fetch(srv.url + path, { headers });
    expect(res.status, label).toBe(200);
    await res.arrayBuffer();
    const csp = (res.headers.get("content-security-policy") ?? "").split(";").map((part) => part.trim());
    expect(csp, label).toContain("sandbox");
    expect(csp, label).toContain("default-src 'none'");
    expect(csp, label).toContain("frame-ancestors 'none'");
    expect(res.headers.get("x-frame-options"), label).toBe("DENY");
    expect(res.headers.get("x-content-type-options"), label).toBe("nosniff");
  }
});
