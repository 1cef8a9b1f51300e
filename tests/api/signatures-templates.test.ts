// Signature templates (issue 41 item 1, "a workspace template document"): the brokerage's reusable
// forms with their fields placed. Created from a PDF, name and fields; a request names one
// (templateId) instead of a file, takes its own copy of the PDF and starts with the template's
// fields unless it sends its own; renamed, re-placed, deleted. Bad input is refused with why
// (400, 413, 415) and changes nothing: no row, no stored file.
import { createHash } from "node:crypto";
import { describe, expect, spyOn, test } from "bun:test";
import { sealMessages } from "../../src/features/signatures/seal.ts";
import { workThreads } from "../../src/lib/work-threads.ts";
import { signatureMessages } from "../../src/shared/signatures.ts";
import { realPdf } from "../files/samples.ts";
import { countRows, createCustomer } from "../support/fixtures.ts";
import { startTestServer, useServerWithBroker } from "../support/server.ts";
import { storedKeys } from "../support/stored-files.ts";
import { corpusPdf, field, requestSignature } from "../support/signatures.ts";
import { row, statement } from "../support/sql.ts";

const { srv, broker } = useServerWithBroker();
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** Two signer positions: the customer's signature and text, the second signer's signature. */
const templateFields = [field({ type: "signature", page: 2, y: 0.7 }), field({ type: "text", page: 1, y: 0.2 }), field({ type: "signature", page: 2, x: 0.55, y: 0.7, signer: 1 })];

function templateForm(parts: { pdf?: Uint8Array | null; name?: string; fields?: unknown; fileName?: string; type?: string }) {
  const form = new FormData();
  if (parts.name !== undefined) form.append("name", parts.name);
  if (parts.fields !== undefined) form.append("fields", typeof parts.fields === "string" ? parts.fields : JSON.stringify(parts.fields));
  if (parts.pdf !== null) form.append("file", new Blob([(parts.pdf ?? realPdf(2)).slice()], { type: parts.type ?? "application/pdf" }), parts.fileName ?? "Engagement letter.pdf");
  return form;
}

const createTemplate = (parts: Parameters<typeof templateForm>[0] = {}, token = broker.token, server = srv) =>
  server.call("/api/signature-templates", { method: "POST", token, body: templateForm({ name: "Engagement letter", fields: templateFields, ...parts }) });

/** A request naming a template: no file part. */
function requestFromTemplate(customerId: string, request: Record<string, unknown>) {
  const form = new FormData();
  form.append("request", JSON.stringify(request));
  return srv.call(`/api/customers/${customerId}/signature-requests`, { method: "POST", token: broker.token, body: form });
}

const twoSigners = (email: string) => [
  { email, name: "Grace Hopper" },
  { email: "co.signer@example.com", name: "Alan Turing" },
];

const state = async () => ({ templates: await countRows(srv, "signature_templates"), requests: await countRows(srv, "signature_requests"), files: (await storedKeys(srv)).sort() });

describe("a signature template", () => {
  test("created from a PDF, a name and fields; listed, read back, its PDF served for the viewer", async () => {
    const pdf = realPdf(2);
    const res = await createTemplate({ pdf, name: "  Engagement letter  " });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: "Engagement letter", pageCount: 2, signerCount: 2, fileName: "Engagement letter.pdf", fileSize: pdf.length, createdBy: broker.user.id, fields: templateFields });
    const list = await srv.call("/api/signature-templates", { token: broker.token });
    expect(list.body.map((t: any) => t.id)).toContain(res.body.id);
    expect((await srv.call(`/api/signature-templates/${res.body.id}`, { token: broker.token })).body).toEqual(res.body);
    const file = await fetch(srv.url + res.body.pdfUrl, { headers: { authorization: `Bearer ${broker.token}` } });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(sha256(new Uint8Array(await file.arrayBuffer()))).toBe(sha256(pdf));
  });

  test("a request from it: the template's PDF as its own original, its fields carried; deleting the template leaves the request whole", async () => {
    const pdf = realPdf(2);
    const template = (await createTemplate({ pdf })).body;
    const customer = await createCustomer(srv, broker.token, { name: "Grace Hopper" });
    const res = await requestFromTemplate(customer.id, { name: "Engagement letter", templateId: template.id, signers: twoSigners(customer.email) });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ pageCount: 2, originalSha256: sha256(pdf), fields: templateFields });
    const opened = await srv.call(`/api/upload/${customer.uploadLink}/signature-requests/${res.body.id}`);
    const before = await storedKeys(srv);
    const deleted = await srv.call(`/api/signature-templates/${template.id}`, { method: "DELETE", token: broker.token });
    expect(deleted.status).toBe(200);
    expect((await srv.call(`/api/signature-templates/${template.id}`, { token: broker.token })).status).toBe(404);
    // The template's file went; the request's copy stays and opens.
    expect((await storedKeys(srv)).length).toBe(before.length - 1);
    const original = await fetch(srv.url + opened.body.documentUrl);
    expect(original.status).toBe(200);
    expect(sha256(new Uint8Array(await original.arrayBuffer()))).toBe(sha256(pdf));
  });

  test("a request from it takes the PDF as checked when the template was saved: no check thread opens it again", async () => {
    const template = (await createTemplate()).body;
    const customer = await createCustomer(srv, broker.token, { name: "Grace Hopper" });
    const run = spyOn(workThreads, "run");
    try {
      const res = await requestFromTemplate(customer.id, { name: "Engagement letter", templateId: template.id, signers: twoSigners(customer.email) });
      expect(res.status).toBe(201);
      expect(res.body.pageCount).toBe(2);
      expect(run.mock.calls.map(([task]) => task.job)).not.toContain("check");
    } finally {
      run.mockRestore();
    }
  });

  test("a template whose stored PDF is no longer the file saved with it (changed in the store): refused, nothing sent or stored", async () => {
    const template = (await createTemplate()).body;
    const customer = await createCustomer(srv, broker.token, { name: "Grace Hopper" });
    const stored = await row<{ storage_key: string }>(srv.server.ctx.db, statement("select storage_key from signature_templates where id = ?", template.id));
    await srv.server.ctx.files.write(stored!.storage_key, realPdf(3)); // a valid PDF, but not the one checked
    const before = { ...(await state()), emails: await countRows(srv, "emails") };
    const res = await requestFromTemplate(customer.id, { name: "Engagement letter", templateId: template.id, signers: twoSigners(customer.email) });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("This template's PDF is not the file that was saved with it. Save the template again from its PDF.");
    expect({ ...(await state()), emails: await countRows(srv, "emails") }).toEqual(before);
  });

  test("the request's own fields win over the template's", async () => {
    const template = (await createTemplate()).body;
    const customer = await createCustomer(srv, broker.token, { name: "Grace Hopper" });
    const own = [field({ type: "signature", page: 1, x: 0.6, y: 0.8 })];
    const res = await requestFromTemplate(customer.id, { name: "Letter", templateId: template.id, signers: [{ email: customer.email, name: "Grace Hopper" }], fields: own });
    expect(res.status).toBe(201);
    expect(res.body.fields).toEqual(own);
  });

  test("the template's fields need as many signers as it names: fewer is refused in the shared rule's words", async () => {
    const template = (await createTemplate()).body;
    const customer = await createCustomer(srv, broker.token, { name: "Grace Hopper" });
    const before = await state();
    const res = await requestFromTemplate(customer.id, { name: "Letter", templateId: template.id, signers: [{ email: customer.email, name: "Grace Hopper" }] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Field 3 (Signature) belongs to signer 2, but the request has 1 signer.");
    expect(await state()).toEqual(before);
  });

  test("a template and a file, a template and a shared file, or a template not found: refused, nothing stored", async () => {
    const template = (await createTemplate()).body;
    const customer = await createCustomer(srv, broker.token, { name: "Grace Hopper" });
    const before = await state();
    const request = { name: "Letter", templateId: template.id, signers: twoSigners(customer.email) };
    const withFile = await requestSignature(srv, broker.token, customer.id, { pdf: realPdf(1), request: request as any });
    expect(withFile.status).toBe(400);
    expect(withFile.body.message).toBe(signatureMessages.twoSources);
    const withShared = await requestFromTemplate(customer.id, { ...request, sharedDocumentId: "x".repeat(20) });
    expect(withShared.status).toBe(400);
    expect(withShared.body.message).toBe(signatureMessages.twoSources);
    const missing = await requestFromTemplate(customer.id, { ...request, templateId: "no-such-template" });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(signatureMessages.templateNotFound);
    const badId = await requestFromTemplate(customer.id, { ...request, templateId: 42 });
    expect(badId.status).toBe(400);
    expect(await state()).toEqual(before);
  });

  test("renamed and its fields placed anew; bad fields refused with why and nothing changed", async () => {
    const template = (await createTemplate()).body;
    const moved = [field({ type: "signature", page: 1, x: 0.5, y: 0.5 })];
    const res = await srv.call(`/api/signature-templates/${template.id}`, { method: "PATCH", token: broker.token, body: { name: "Disclosure", fields: moved } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "Disclosure", fields: moved, signerCount: 1 });
    for (const [body, message] of [
      [{ name: "Disclosure", fields: [field({ type: "signature", page: 3 })] }, "Field 1 (Signature) is on page 3, but the document has 2 pages."],
      [{ name: "Disclosure", fields: [field({ type: "text" })] }, "Signer 1 has no signature field. Place one for every signer."],
      [{ name: "Disclosure", fields: [field({ type: "signature", x: 0.9, width: 0.3 })] }, "Field 1 (Signature) reaches outside its page. Move it inside the page."],
      [{ name: "   " }, signatureMessages.templateNoName],
      [{ fields: moved }, null],
      [{ name: "Disclosure", fields: "all of them" }, null],
    ] as const) {
      const refused = await srv.call(`/api/signature-templates/${template.id}`, { method: "PATCH", token: broker.token, body });
      expect(refused.status).toBe(400);
      if (message) expect(refused.body.message).toBe(message);
      else expect(typeof refused.body.message).toBe("string");
    }
    expect((await srv.call(`/api/signature-templates/${template.id}`, { token: broker.token })).body).toMatchObject({ name: "Disclosure", fields: moved });
  });
});

describe("bad input: the reason, and nothing stored", () => {
  test("no name, no fields, fields that break the rules, no file: 400", async () => {
    const before = await state();
    for (const [parts, message] of [
      [{ name: "" }, signatureMessages.templateNoName],
      [{ fields: undefined }, signatureMessages.templateNoFields],
      [{ fields: "{not json" }, signatureMessages.templateNoFields],
      [{ fields: [] }, "Place at least one field for a signer to fill."],
      [{ fields: [field({ type: "signature", signer: 1 })] }, "Signer 1 has no signature field. Place one for every signer."],
      [{ fields: [field({ type: "signature", page: 5 })] }, "Field 1 (Signature) is on page 5, but the document has 2 pages."],
      [{ pdf: null }, "Send the template's PDF as a part named file."],
    ] as const) {
      const res = await srv.call("/api/signature-templates", { method: "POST", token: broker.token, body: templateForm({ name: "Letter", fields: templateFields, ...(parts as object) }) });
      expect(res.status, JSON.stringify(parts).slice(0, 80)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect(await state()).toEqual(before);
  });

  test("not a PDF: 415 in the request's words; encrypted or damaged: refused with why", async () => {
    const before = await state();
    const png = await createTemplate({ pdf: new Uint8Array(Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64")), fileName: "photo.png", type: "image/png" });
    expect(png.status).toBe(415);
    expect(png.body.message).toBe(signatureMessages.notPdf);
    // The messages a request's PDF gets: sealing could not sign these later.
    const encrypted = await createTemplate({ pdf: corpusPdf("qpdf--enc-XI-R6_V5_O_master.pdf") });
    expect(encrypted.status).toBe(400);
    expect(encrypted.body.message).toBe(sealMessages.encrypted);
    // Refused by the document checks (pdf.js cannot open it) before sealing's own test is reached.
    const damaged = await createTemplate({ pdf: corpusPdf("qpdf--bad7.pdf") });
    expect(damaged.status).toBe(400);
    expect(damaged.body.message).toMatch(/damaged/);
    expect(await state()).toEqual(before);
  });

  test("over MAX_UPLOAD_MB: 413", async () => {
    const small = await startTestServer({ MAX_UPLOAD_MB: "0.01" });
    try {
      const owner = await small.signUpBroker();
      const res = await createTemplate({ pdf: realPdf(1, { padding: new Uint8Array(20_000) }) }, owner.token, small);
      expect(res.status).toBe(413);
      expect(typeof res.body.message).toBe("string");
      expect(await countRows(small, "signature_templates")).toBe(0);
    } finally {
      await small.stop();
    }
  });
});
