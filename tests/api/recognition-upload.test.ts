// Recognition wired into the customer's upload (issue 42), with real documents nobody on the team
// wrote (tests/files/recognition): before the upload is final the portal is told what the file
// looks like (nothing stored); a request whose rules refuse a mismatch refuses the upload with
// what was seen; after the upload a job reads the stored file, the verdict lands on the document
// (broker and signed-in customer) and the broker's live channel is told.
import { beforeAll, describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { connectLive } from "../support/live.ts";
import { createCustomer, customerCookie } from "../support/fixtures.ts";
import { storedKeys } from "../support/stored-files.ts";
import { useTestServer, type Broker } from "../support/server.ts";
import { realPdf } from "../files/samples.ts";

// The licence sample is 646 x 1024 pixels: legible, below the standard A4 minimum.
const srv = useTestServer({ MIN_IMAGE_PIXELS: "600x1000" });
let broker: Broker;
beforeAll(async () => {
  broker = await srv.signUpBroker();
});

const DIR = join(import.meta.dir, "../files/recognition");
const corpus = (name: string) => new Uint8Array(readFileSync(join(DIR, name)));
const BANK_STATEMENT = "rokasauras-FinCheck--statement_sample_unaltered.pdf";
const LICENCE = "mindee-client-lib-test-data--v1_products_us_driver_license_default_sample.jpg";
const WRONG_KIND = "This looks like a bank statement; your broker asked for a paystub";

function send(path: string, file: { bytes: Uint8Array<ArrayBuffer>; name: string; type: string; note?: string; cookie?: string }) {
  const form = new FormData();
  form.append("file", new Blob([file.bytes], { type: file.type }), file.name);
  if (file.note !== undefined) form.append("note", file.note);
  return srv.call(path, { method: "POST", body: form, headers: file.cookie ? { cookie: file.cookie } : {} });
}
const statement = (extra: { note?: string; cookie?: string } = {}) => ({ bytes: corpus(BANK_STATEMENT), name: "statement.pdf", type: "application/pdf", ...extra });
const preview = (link: string, documentId: string, file: Parameters<typeof send>[1]) => send(`/api/upload/${link}/documents/${documentId}/recognition`, file);
const upload = (link: string, documentId: string, file: Parameters<typeof send>[1]) => send(`/api/upload/${link}/documents/${documentId}`, file);

async function brokerDocument(customerId: string, documentId: string) {
  const res = await srv.call(`/api/customer/${customerId}`, { token: broker.token });
  return res.body.documents.find((d: { id: string }) => d.id === documentId);
}
// A previewed file's checked copy waits for its upload (src/features/portal/checked-previews.ts):
// one per document, counted on its own (keptPreviews); anything else left behind is a leak.
const tempFiles = () => readdirSync(srv.server.ctx.files.tempDir).filter((name) => !name.startsWith("previewed-"));
const keptPreviews = () => readdirSync(srv.server.ctx.files.tempDir).filter((name) => name.startsWith("previewed-"));

describe("before the upload is final", () => {
  test("a paystub request given a bank statement: the customer is told, and nothing is stored", async () => {
    const c = await createCustomer(srv, broker.token, { requiredDocuments: [{ name: "Paystub" }] });
    const paystub = c.documents[0]!;
    const keys = (await storedKeys(srv)).length;
    const res = await preview(c.uploadLink, paystub.id, statement());
    expect(res.status).toBe(200);
    expect(res.body.recognition).toMatchObject({ kind: "bank_statement", verdict: "warn", messages: [WRONG_KIND] });
    expect(res.body.recognition.dates).toContainEqual({ role: "statement_end", date: "2003-06-05" });
    expect(await brokerDocument(c.id, paystub.id)).toMatchObject({ status: "requested", fileUrl: null, recognition: null });
    expect((await storedKeys(srv)).length).toBe(keys);
    expect(tempFiles()).toEqual([]);
  });

  test("the file checks come first: a damaged PDF is refused as an upload would be", async () => {
    const c = await createCustomer(srv, broker.token, { requiredDocuments: [{ name: "Paystub" }] });
    const res = await preview(c.uploadLink, c.documents[0]!.id, { bytes: new TextEncoder().encode("%PDF-1.4\nnot really a pdf"), name: "x.pdf", type: "application/pdf" });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/cannot be opened as a PDF/);
    expect(tempFiles()).toEqual([]);
  });
});

describe("a previewed file is checked once (issue 42 gap b)", () => {
  test("the preview's checked copy waits for the upload of the same bytes, which takes it instead of checking again", async () => {
    const c = await createCustomer(srv, broker.token, { requiredDocuments: [{ name: "Paystub" }] });
    const paystub = c.documents[0]!;
    const before = keptPreviews();
    expect((await preview(c.uploadLink, paystub.id, statement())).status).toBe(200);
    const kept = keptPreviews().filter((name) => !before.includes(name));
    expect(kept).toHaveLength(1);
    // A second look at it replaces the first: one per document.
    expect((await preview(c.uploadLink, paystub.id, statement())).status).toBe(200);
    expect(keptPreviews().filter((name) => !before.includes(name))).toHaveLength(1);

    const res = await upload(c.uploadLink, paystub.id, { ...statement(), name: "my-statement.pdf" });
    expect(res.status).toBe(200);
    expect(keptPreviews().filter((name) => !before.includes(name))).toEqual([]);
    expect(await brokerDocument(c.id, paystub.id)).toMatchObject({ status: "uploaded", originalName: "my-statement.pdf", fileSize: corpus(BANK_STATEMENT).length });
    expect(tempFiles()).toEqual([]);
  });

  test("another file after the preview is checked as usual, and the preview's copy is dropped", async () => {
    const c = await createCustomer(srv, broker.token, { requiredDocuments: [{ name: "Paystub" }] });
    const paystub = c.documents[0]!;
    const before = keptPreviews();
    expect((await preview(c.uploadLink, paystub.id, statement())).status).toBe(200);
    const res = await upload(c.uploadLink, paystub.id, { bytes: new TextEncoder().encode("%PDF-1.4\nnot really a pdf"), name: "x.pdf", type: "application/pdf" });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/cannot be opened as a PDF/);
    expect(keptPreviews().filter((name) => !before.includes(name))).toEqual([]);
    expect(tempFiles()).toEqual([]);
  });
});

describe("a request whose rules refuse a mismatch", () => {
  test("refuses the upload with what was seen, and stores nothing", async () => {
    const c = await createCustomer(srv, broker.token, { requiredDocuments: [{ name: "Paystub" }] });
    const paystub = c.documents[0]!;
    const standard = (await srv.call("/api/documents/acceptance-rules/standard", { token: broker.token })).body;
    const rules = { ...standard, recognition: { expectedKind: "paystub", keywords: [], maxAgeDays: 45, nameMustMatch: true, onMismatch: "refuse" } };
    const set = await srv.call(`/api/documents/${paystub.id}/acceptance-rules`, { method: "PUT", token: broker.token, body: { rules } });
    expect(set.status).toBe(200);
    expect(set.body.acceptanceRules.recognition).toEqual(rules.recognition);

    const told = await preview(c.uploadLink, paystub.id, statement());
    expect(told.body.recognition).toMatchObject({ verdict: "refuse", messages: [WRONG_KIND] });
    const keys = (await storedKeys(srv)).length;
    const res = await upload(c.uploadLink, paystub.id, statement({ note: "sending anyway" }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(`${WRONG_KIND}. Please choose another file.`);
    expect(await brokerDocument(c.id, paystub.id)).toMatchObject({ status: "requested", fileUrl: null });
    expect((await storedKeys(srv)).length).toBe(keys);
    expect(tempFiles()).toEqual([]);
  });

  test("a file it cannot tell about is let through (the rule refuses only what it is sure of)", async () => {
    const c = await createCustomer(srv, broker.token, { requiredDocuments: [{ name: "Paystub" }] });
    const paystub = c.documents[0]!;
    const standard = (await srv.call("/api/documents/acceptance-rules/standard", { token: broker.token })).body;
    const recognition = { expectedKind: "paystub", keywords: [], maxAgeDays: null, nameMustMatch: false, onMismatch: "refuse" };
    await srv.call(`/api/documents/${paystub.id}/acceptance-rules`, { method: "PUT", token: broker.token, body: { rules: { ...standard, recognition } } });
    const res = await upload(c.uploadLink, paystub.id, { bytes: realPdf(), name: "blank.pdf", type: "application/pdf" });
    expect(res.status).toBe(200);
  });

  test("rules that make no sense are refused with a message, and nothing changes", async () => {
    const c = await createCustomer(srv, broker.token, { requiredDocuments: [{ name: "Paystub" }] });
    const standard = (await srv.call("/api/documents/acceptance-rules/standard", { token: broker.token })).body;
    const bad = [
      { expectedKind: "love_letter", keywords: [], maxAgeDays: null, nameMustMatch: false, onMismatch: "warn" },
      { expectedKind: "paystub", keywords: [], maxAgeDays: 0, nameMustMatch: false, onMismatch: "warn" },
      { expectedKind: "paystub", keywords: [], maxAgeDays: null, nameMustMatch: false, onMismatch: "explode" },
      { expectedKind: null, keywords: Array.from({ length: 11 }, (_, i) => `word${i}`), maxAgeDays: null, nameMustMatch: false, onMismatch: "warn" },
    ];
    for (const recognition of bad) {
      const res = await srv.call(`/api/documents/${c.documents[0]!.id}/acceptance-rules`, { method: "PUT", token: broker.token, body: { rules: { ...standard, recognition } } });
      expect(res.status).toBe(400);
      expect(typeof res.body.message).toBe("string");
    }
    expect((await brokerDocument(c.id, c.documents[0]!.id)).acceptanceRules).toBeNull();
  });
});

describe("after the upload", () => {
  test("the upload answers at once; the job reads the file, the verdict reaches the broker live, with the customer's note", async () => {
    const c = await createCustomer(srv, broker.token, { requiredDocuments: [{ name: "Paystub" }] });
    const paystub = c.documents[0]!;
    const live = await connectLive(srv, { cookie: broker.cookie });
    live.send({ type: "auth", userId: broker.user.id });
    await live.next((m) => m.type === "auth_success");

    const res = await upload(c.uploadLink, paystub.id, statement({ note: "My employer pays into this account; this shows the salary." }));
    expect(res.status).toBe(200);
    // Not read yet: the upload did not wait for it.
    expect(await brokerDocument(c.id, paystub.id)).toMatchObject({ status: "uploaded", recognition: null, customerNote: "My employer pays into this account; this shows the salary." });

    await srv.runJobs();
    // (Uploads of the tests above are read by the same pass: this document's update is the one looked for.)
    const update = await live.next((m) => m.type === "data_update" && m.updateType === "document_recognised" && m.data.documentId === paystub.id, 10_000);
    expect(update.data).toEqual({ customerId: c.id, documentId: paystub.id });
    const doc = await brokerDocument(c.id, paystub.id);
    expect(doc.recognition).toMatchObject({ kind: "bank_statement", verdict: "warn", messages: [WRONG_KIND] });
    expect(doc.customerNote).toBe("My employer pays into this account; this shows the salary.");
    live.close();

    // The signed-in customer sees it too; a guest with the link alone does not.
    const cookie = await customerCookie(srv, c.uploadLink, c.email);
    const mine = (await srv.call(`/api/upload/${c.uploadLink}`, { headers: { cookie } })).body.documents.find((d: { id: string }) => d.id === paystub.id);
    expect(mine.recognition).toMatchObject({ kind: "bank_statement", verdict: "warn" });
    const guest = (await srv.call(`/api/upload/${c.uploadLink}`)).body.documents;
    expect(guest.every((d: object) => !("recognition" in d))).toBe(true);
  });

  test("a photo ID's expiry read from the file becomes the document's expiry once approved", async () => {
    const c = await createCustomer(srv, broker.token, { requiredDocuments: [{ name: "Photo ID" }] });
    const id = c.documents[0]!;
    const res = await upload(c.uploadLink, id.id, { bytes: corpus(LICENCE), name: "licence.jpg", type: "image/jpeg" });
    expect(res.status).toBe(200);
    await srv.runJobs();
    expect((await brokerDocument(c.id, id.id)).recognition).toMatchObject({ kind: "photo_id" });
    const approved = await srv.call(`/api/documents/${id.id}/verify`, { method: "POST", token: broker.token, body: { status: "approved" } });
    expect(approved.status).toBe(200);
    const expiries = await srv.call(`/api/customers/${c.id}/document-expiries`, { token: broker.token });
    expect(expiries.body.documents).toEqual([{ documentId: id.id, expiresOn: "2018-02-01", renewalRequested: false }]);
  });

  test("approved before its file was read, the ID still gets its expiry; a date the broker set is theirs", async () => {
    const c = await createCustomer(srv, broker.token, { requiredDocuments: [{ name: "Photo ID" }, { name: "Passport" }] });
    const [id, passport] = c.documents;
    for (const doc of [id!, passport!]) {
      expect((await upload(c.uploadLink, doc.id, { bytes: corpus(LICENCE), name: "licence.jpg", type: "image/jpeg" })).status).toBe(200);
      expect((await srv.call(`/api/documents/${doc.id}/verify`, { method: "POST", token: broker.token, body: { status: "approved" } })).status).toBe(200);
    }
    // The broker typed the passport's date before the reading finished.
    expect((await srv.call(`/api/documents/${passport!.id}/expiry`, { method: "PUT", token: broker.token, body: { expiresOn: "2031-05-31" } })).status).toBe(200);
    await srv.runJobs();
    const expiries = await srv.call(`/api/customers/${c.id}/document-expiries`, { token: broker.token });
    expect(expiries.body.documents).toEqual([
      { documentId: id!.id, expiresOn: "2018-02-01", renewalRequested: false },
      { documentId: passport!.id, expiresOn: "2031-05-31", renewalRequested: false },
    ]);
  });

  test("a note longer than 1,000 characters is refused, and nothing is stored", async () => {
    const c = await createCustomer(srv, broker.token, { requiredDocuments: [{ name: "Paystub" }] });
    const res = await upload(c.uploadLink, c.documents[0]!.id, statement({ note: "x".repeat(1001) }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Please keep the note to at most 1,000 characters.");
    expect((await brokerDocument(c.id, c.documents[0]!.id)).status).toBe("requested");
    expect(tempFiles()).toEqual([]);
  });
});

describe("hostile", () => {
  test("another customer's link with this document's id is a 404, and tells nothing", async () => {
    const mine = await createCustomer(srv, broker.token, { requiredDocuments: [{ name: "Paystub" }] });
    const other = await createCustomer(srv, (await srv.signUpBroker()).token, { requiredDocuments: [{ name: "Paystub" }] });
    const res = await preview(other.uploadLink, mine.documents[0]!.id, statement());
    expect(res.status).toBe(404);
    expect(res.body.recognition).toBeUndefined();
    expect((await preview("no-such-link-at-all", mine.documents[0]!.id, statement())).status).toBe(404);
  });

  test("a file over the upload limit is refused (413) before it is read", async () => {
    const c = await createCustomer(srv, broker.token, { requiredDocuments: [{ name: "Paystub" }] });
    const big = new Uint8Array(srv.server.ctx.config.maxUploadBytes + 1024);
    big.set(new TextEncoder().encode("%PDF-1.4\n"));
    const res = await preview(c.uploadLink, c.documents[0]!.id, { bytes: big, name: "big.pdf", type: "application/pdf" });
    expect(res.status).toBe(413);
    expect(tempFiles()).toEqual([]);
  });

  test("a 10,000-page PDF is read in bounded time: could not tell", async () => {
    const c = await createCustomer(srv, broker.token, { requiredDocuments: [{ name: "Paystub" }] });
    const res = await preview(c.uploadLink, c.documents[0]!.id, { bytes: realPdf(10_000), name: "huge.pdf", type: "application/pdf" });
    expect(res.status).toBe(200);
    expect(res.body.recognition).toMatchObject({ kind: null, verdict: "unknown", messages: [] });
    expect(tempFiles()).toEqual([]);
  });
});
