// POST /api/documents/share: a broker sends files to some of their customers. Types by content,
// each file up to SHARE_MAX_MB (1 MB here), stored once, all or nothing, one email per customer.
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { countRows, createCustomer, customerCookie, sampleFiles } from "../support/fixtures.ts";
import { connectLive } from "../support/live.ts";
import { startTestServer, useServerWithBroker, type TestServer } from "../support/server.ts";
import { startSmtp } from "../support/smtp.ts";
import { storedKeys } from "../support/stored-files.ts";
import { newestEmail } from "../support/outbox.ts";
import { row as firstRow, rows as allRows, statement } from "../support/sql.ts";

const { srv, broker } = useServerWithBroker({ SHARE_MAX_MB: "1" }, { firstName: "Sam", lastName: "Sharer" });

const realPdf = () => new Uint8Array(readFileSync(join(import.meta.dir, "..", "hostile", "files", "alphatrans.pdf")));
/** The smallest MP4 file-type recognises: an ftyp box (brand isom) and an empty free box. */
function tinyMp4(): Uint8Array<ArrayBuffer> {
  const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));
  const box = (type: string, body: number[]) => [0, 0, 0, 8 + body.length, ...ascii(type), ...body];
  return new Uint8Array([...box("ftyp", [...ascii("isom"), 0, 0, 2, 0, ...ascii("isom"), ...ascii("mp41")]), ...box("free", [])]);
}

type Upload = { bytes: Uint8Array; name: string; type?: string };

function share(files: Upload[], customerIds: unknown, options: { token?: string; cookie?: string; server?: TestServer } = {}) {
  const form = new FormData();
  for (const f of files) form.append("documents", new Blob([f.bytes as Uint8Array<ArrayBuffer>], { type: f.type ?? "application/octet-stream" }), f.name);
  if (customerIds !== undefined) form.append("customerIds", typeof customerIds === "string" ? customerIds : JSON.stringify(customerIds));
  return (options.server ?? srv).call("/api/documents/share", {
    method: "POST",
    body: form,
    token: options.cookie ? undefined : (options.token ?? broker.token),
    headers: options.cookie ? { cookie: options.cookie } : {},
  });
}

const storedFiles = () => storedKeys(srv);
const tempFiles = () => readdirSync(srv.server.ctx.files.tempDir);
const sharedEmails = async (to?: string) =>
  (await allRows(srv.server.ctx.db, statement(`select "to", subject, text from emails where kind = 'documents_shared' ${to ? `and "to" = ?` : ""}`, ...(to ? [to] : [])))) as { to: string; subject: string; text: string }[];
const snapshot = async (s: TestServer) => ({
  documents: await countRows(s, "documents"),
  emails: await countRows(s, "emails"),
  notifications: await countRows(s, "notifications"),
  files: (await storedFiles()).length,
  temp: tempFiles().length,
});

describe("sharing files", () => {
  test("a PDF and an MP4 to two customers: 201, stored once, one row per customer and file, one email each", async () => {
    const a = await createCustomer(srv, broker.token, { email: "share-a@example.com", name: "Ada Share" });
    const b = await createCustomer(srv, broker.token, { email: "share-b@example.com", name: "Ben Share" });
    const filesBefore = (await storedFiles()).length;
    const live = await connectLive(srv, { cookie: broker.cookie });

    const res = await share([{ bytes: realPdf(), name: "Closing Disclosure.pdf" }, { bytes: tinyMp4(), name: "walkthrough.mp4" }], [a.id, b.id]);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ sharedFiles: 2, customers: 2 });
    expect(res.body.message).toContain("2 documents with 2 customers");
    const docs = res.body.documents as any[];
    expect(docs).toHaveLength(4);
    for (const d of docs) expect(d).toMatchObject({ status: "shared", brokerId: broker.user.id, dueDate: null });
    expect(docs.map((d) => [d.customerId, d.name, d.mimeType]).sort()).toEqual(
      [
        [a.id, "Closing Disclosure.pdf", "application/pdf"],
        [a.id, "walkthrough.mp4", "video/mp4"],
        [b.id, "Closing Disclosure.pdf", "application/pdf"],
        [b.id, "walkthrough.mp4", "video/mp4"],
      ].sort(),
    );
    // Stored once: two files on disk, each referenced by two rows.
    expect((await storedFiles()).length).toBe(filesBefore + 2);
    const keys = (await allRows(srv.server.ctx.db, statement("select storage_key as k, count(*) as n from documents where status = 'shared' group by storage_key"))) as any[];
    expect(keys.map((k) => k.n)).toEqual([2, 2]);
    expect(tempFiles()).toEqual([]);

    // One consolidated email per customer, naming every file, linking to that customer's own portal.
    for (const c of [a, b]) {
      const mails = await sharedEmails(c.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe("Sam Sharer shared 2 documents with you");
      expect(mails[0]!.text).toContain("Closing Disclosure.pdf");
      expect(mails[0]!.text).toContain("walkthrough.mp4");
      expect(mails[0]!.text).toContain(`/upload/${c.uploadLink}`);
    }
    // The broker's screens hear of it.
    const update = await live.next((m) => m.type === "data_update" && m.data?.customerId === a.id);
    expect(update.data.documentIds.sort()).toEqual(docs.filter((d) => d.customerId === a.id).map((d) => d.id).sort());
    live.close();

    // The shared list and the customer's documents show them.
    const rows = (await srv.call("/api/shared-documents", { token: broker.token })).body as any[];
    expect(rows.filter((r) => r.customerId === a.id).map((r) => r.documentName).sort()).toEqual(["Closing Disclosure.pdf", "walkthrough.mp4"]);
    expect(rows[0]).toMatchObject({ status: "shared", customerName: expect.any(String) });
    const detail = (await srv.call(`/api/customer/${a.id}`, { token: broker.token })).body;
    expect(detail.documents.filter((d: any) => d.status === "shared")).toHaveLength(2);
  });

  test("the signed-in customer is told, sees the files and reads the same bytes; a guest reads nothing", async () => {
    const c = await createCustomer(srv, broker.token, { email: "reader@example.com" });
    const pdf = realPdf();
    const res = await share([{ bytes: pdf, name: "Rate Lock.pdf" }], [c.id]);
    expect(res.status).toBe(201);
    const docId = res.body.documents[0].id;

    // A guest (the link alone): no shared file in the portal, no file.
    const guest = await srv.call(`/api/upload/${c.uploadLink}`);
    expect(guest.body.documents.map((d: any) => d.id)).not.toContain(docId);
    for (const path of ["download", "view"]) expect([401, 404]).toContain((await srv.call(`/api/documents/${docId}/${path}`)).status);

    const cookie = await customerCookie(srv, c.uploadLink, c.email);
    // The customer's open portal is told to refetch when more is shared.
    const live = await connectLive(srv, { cookie });
    live.send({ type: "customer_auth", uploadLink: c.uploadLink });
    await live.next((m) => m.type === "auth_success");
    const more = await share([{ bytes: tinyMp4(), name: "Tour.mp4" }], [c.id]);
    const pushed = await live.next((m) => m.type === "data_update" && m.updateType === "customer_portal_update");
    expect(pushed.data.documentIds).toEqual([more.body.documents[0].id]);
    live.close();

    const portal = await srv.call(`/api/upload/${c.uploadLink}`, { headers: { cookie } });
    const shown = portal.body.documents.find((d: any) => d.id === docId);
    expect(shown).toMatchObject({ status: "shared", fileName: "Rate Lock.pdf", canUpload: false });
    const file = await fetch(`${srv.url}${shown.downloadUrl}`, { headers: { cookie } });
    expect(file.status).toBe(200);
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(pdf);

    const notes = await srv.call(`/api/upload/${c.uploadLink}/notifications`, { headers: { cookie } });
    expect(JSON.stringify(notes.body)).toContain("Rate Lock.pdf");
  });
});

describe("types and sizes, by content", () => {
  test("an executable named .pdf is 415; an HTML page named .mp4 is 415; nothing is kept", async () => {
    const c = await createCustomer(srv, broker.token);
    const before = await snapshot(srv);
    for (const bad of [
      { bytes: sampleFiles.exe(), name: "contract.pdf", type: "application/pdf" },
      { bytes: sampleFiles.html(), name: "video.mp4", type: "video/mp4" },
    ]) {
      const res = await share([{ bytes: realPdf(), name: "fine.pdf" }, bad], [c.id]);
      expect(res.status).toBe(415);
      expect(res.body.message).toBe("Only PDF, JPG, PNG, MP4, MOV, AVI and MKV files can be shared.");
    }
    expect(await snapshot(srv)).toEqual(before);
  });

  test("jpg and png are accepted by content whatever their names", async () => {
    const c = await createCustomer(srv, broker.token);
    const res = await share([{ bytes: sampleFiles.jpeg(), name: "photo" }, { bytes: sampleFiles.png(), name: "plan.bin" }], [c.id]);
    expect(res.status).toBe(201);
    expect(res.body.documents.map((d: any) => d.mimeType).sort()).toEqual(["image/jpeg", "image/png"]);
  });

  test("a file over SHARE_MAX_MB is 413, a file of exactly the limit passes, and a refused share keeps nothing", async () => {
    const c = await createCustomer(srv, broker.token);
    const pdfOf = (size: number) => {
      const bytes = new Uint8Array(size).fill(0x20);
      bytes.set(new TextEncoder().encode("%PDF-1.4\n"));
      return bytes;
    };
    const before = await snapshot(srv);
    const big = await share([{ bytes: realPdf(), name: "ok.pdf" }, { bytes: pdfOf(1024 * 1024 + 1), name: "big.pdf" }], [c.id]);
    expect(big.status).toBe(413);
    expect(big.body.message).toContain("1 MB");
    expect(await snapshot(srv)).toEqual(before);
    const exact = await share([{ bytes: pdfOf(1024 * 1024), name: "exact.pdf" }], [c.id]);
    expect(exact.status).toBe(201);
  });
});

describe("all or nothing", () => {
  test("another broker's customer among the recipients: 404, no row, no email, no file, no temp file", async () => {
    const mine = await createCustomer(srv, broker.token);
    const other = await srv.signUpBroker({ firstName: "Otto", lastName: "Other" });
    const theirs = await createCustomer(srv, other.token);
    const before = await snapshot(srv);
    const res = await share([{ bytes: realPdf(), name: "a.pdf" }, { bytes: tinyMp4(), name: "b.mp4" }], [mine.id, theirs.id]);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("Customer not found");
    expect(await snapshot(srv)).toEqual(before);
    expect(await sharedEmails(mine.email)).toEqual([]);
  });

  test.each([
    ["not JSON", "[oops", "customerIds must be a JSON array of customer ids."],
    ["not an array", '{"id":"x"}', "customerIds must be a JSON array of customer ids."],
    ["numbers", "[1,2]", "customerIds must be a JSON array of customer ids."],
    ["an empty list", "[]", "No Recipients Selected - Please select existing customers or add a new customer."],
    ["missing", undefined, "No Recipients Selected - Please select existing customers or add a new customer."],
  ])("customerIds %s: 400 with its message, nothing kept", async (_, customerIds, message) => {
    const before = await snapshot(srv);
    const res = await share([{ bytes: realPdf(), name: "a.pdf" }], customerIds);
    expect(res).toMatchObject({ status: 400, body: { message } });
    expect(await snapshot(srv)).toEqual(before);
  });

  test("more than 20 files in one share: 400, nothing kept", async () => {
    const c = await createCustomer(srv, broker.token);
    const before = await snapshot(srv);
    const files = Array.from({ length: 21 }, (_, i) => ({ bytes: sampleFiles.png(), name: `p${i}.png` }));
    const res = await share(files, [c.id]);
    expect(res).toMatchObject({ status: 400, body: { message: "Send at most 20 files at once." } });
    expect(await snapshot(srv)).toEqual(before);
  });

  test("no files: 400 with a clear message", async () => {
    const c = await createCustomer(srv, broker.token);
    const before = await snapshot(srv);
    const res = await share([], [c.id]);
    expect(res).toMatchObject({ status: 400, body: { message: "No Files Selected - Please select at least one file to share." } });
    expect(await snapshot(srv)).toEqual(before);
  });

  test("only a signed-in broker may share: no session is 401, a customer's session is 401", async () => {
    const c = await createCustomer(srv, broker.token, { email: "not-a-broker@example.com" });
    const cookie = await customerCookie(srv, c.uploadLink, c.email);
    const before = await snapshot(srv);
    expect((await share([{ bytes: realPdf(), name: "a.pdf" }], [c.id], { token: "" })).status).toBe(401);
    expect((await share([{ bytes: realPdf(), name: "a.pdf" }], [c.id], { cookie })).status).toBe(401);
    expect(await snapshot(srv)).toEqual(before);
  });
});

describe("deleting a shared document", () => {
  test("removes the stored file only when the last document referencing it goes", async () => {
    const a = await createCustomer(srv, broker.token);
    const b = await createCustomer(srv, broker.token);
    const res = await share([{ bytes: realPdf(), name: "shared-once.pdf" }], [a.id, b.id]);
    const [first, second] = res.body.documents as any[];
    const key = ((await firstRow(srv.server.ctx.db, statement("select storage_key as k from documents where id = ?", first.id))) as any).k;
    expect(await storedFiles()).toContain(key);

    expect((await srv.call(`/api/documents/${first.id}`, { method: "DELETE", token: broker.token })).status).toBe(200);
    expect(await storedFiles()).toContain(key);
    const still = await srv.call(`/api/documents/${second.id}/download`, { token: broker.token });
    expect(still.status).toBe(200);

    expect((await srv.call(`/api/documents/${second.id}`, { method: "DELETE", token: broker.token })).status).toBe(200);
    expect(await storedFiles()).not.toContain(key);
  });

  test("deleting a customer keeps a file another customer still has", async () => {
    const a = await createCustomer(srv, broker.token);
    const b = await createCustomer(srv, broker.token);
    const res = await share([{ bytes: tinyMp4(), name: "tour.mp4" }], [a.id, b.id]);
    const kept = res.body.documents.find((d: any) => d.customerId === b.id);
    expect((await srv.call(`/api/customers/${a.id}`, { method: "DELETE", token: broker.token })).status).toBe(200);
    const file = await srv.call(`/api/documents/${kept.id}/download`, { token: broker.token });
    expect(file.status).toBe(200);
  });
});

describe("shared files are not requested documents", () => {
  test("limits, progress, pending lists, due dates and reminders leave them out", async () => {
    const c = await createCustomer(srv, broker.token, { email: "counts@example.com", requiredDocuments: [{ name: "Paystub" }, { name: "Bank Statement" }] });
    const res = await share([{ bytes: realPdf(), name: "Welcome Pack.pdf" }, { bytes: tinyMp4(), name: "Intro.mp4" }], [c.id]);
    expect(res.status).toBe(201);
    const sharedIds = res.body.documents.map((d: any) => d.id);

    const limit = await srv.call(`/api/customers/${c.id}/document-limit`, { token: broker.token });
    expect(limit.body.currentCount).toBe(2);
    const detail = (await srv.call(`/api/customer/${c.id}`, { token: broker.token })).body;
    expect(detail.documentCounts).toMatchObject({ total: 2, approved: 0, awaitingUpload: 2 });
    const list = (await srv.call("/api/customers", { token: broker.token })).body as any[];
    expect(list.find((x) => x.id === c.id).documentCounts.total).toBe(2);

    const pending = (await srv.call("/api/pending-documents", { token: broker.token })).body as any[];
    expect(pending.filter((r) => sharedIds.includes(r.documentId))).toEqual([]);
    expect(pending.filter((r) => r.customerId === c.id)).toHaveLength(2);

    // A due date is never set on a shared file.
    const due = new Date(srv.clock.now().getTime() + 7 * 86_400_000).toISOString();
    const bulk = await srv.call("/api/documents/bulk-due-date", { method: "PUT", token: broker.token, body: { documentIds: sharedIds, dueDate: due } });
    expect(bulk.status === 200 ? bulk.body.updated : 0).toBe(0);
    const after = (await srv.call(`/api/customer/${c.id}`, { token: broker.token })).body.documents.filter((d: any) => d.status === "shared");
    expect(after.every((d: any) => d.dueDate === null)).toBe(true);

    // The reminder names what is still owed, not the shared files.
    const reminder = await srv.call(`/api/customer/${c.id}/send-reminder`, { method: "POST", token: broker.token });
    expect(reminder.status).toBe(200);
    const mail = (await newestEmail(srv.server.ctx.db, c.email, "reminder"))!;
    expect(mail.text).toContain("Paystub");
    expect(mail.text).not.toContain("Welcome Pack.pdf");
    expect(mail.text).not.toContain("Intro.mp4");
  });
});

describe("the consolidated email, as the SMTP server receives it", () => {
  test("one message per customer, naming every file and linking to that customer's portal", async () => {
    const smtp = await startSmtp();
    const server = await startTestServer({ SMTP_URL: smtp.url, PUBLIC_URL: "https://portal.example.com" });
    try {
      const sender = await server.signUpBroker({ firstName: "Mia", lastName: "Mailer" });
      const a = await createCustomer(server, sender.token, { email: "mail-a@example.com", requiredDocuments: [] });
      const b = await createCustomer(server, sender.token, { email: "mail-b@example.com", requiredDocuments: [] });
      // The dialog's new customer: created with an empty required-document list.
      expect(a.documents).toEqual([]);
      await server.runJobs(); // the invitations
      smtp.received.length = 0;

      const res = await share([{ bytes: realPdf(), name: "Disclosure.pdf" }, { bytes: tinyMp4(), name: "Walkthrough.mp4" }], [a.id, b.id], {
        server,
        token: sender.token,
      });
      expect(res.status).toBe(201);
      await server.runJobs();
      expect(smtp.received.map((m) => m.to).sort()).toEqual([["mail-a@example.com"], ["mail-b@example.com"]]);
      for (const c of [a, b]) {
        const mail = smtp.received.find((m) => m.to[0] === c.email)!;
        expect(mail.subject).toBe("Mia Mailer shared 2 documents with you");
        expect(mail.body).toContain("Disclosure.pdf");
        expect(mail.body).toContain("Walkthrough.mp4");
        expect(mail.body).toContain(`https://portal.example.com/upload/${c.uploadLink}`);
      }
      // Nothing is sent twice.
      await server.runJobs();
      expect(smtp.received).toHaveLength(2);
    } finally {
      await server.stop();
      await smtp.stop();
    }
  });
});

describe("the dialog's settings", () => {
  test("a broker reads the server's limits (SHARE_MAX_MB in bytes); nobody else does", async () => {
    const res = await srv.call("/api/documents/share/settings", { token: broker.token });
    expect(res).toMatchObject({ status: 200, body: { maxFileBytes: 1024 * 1024, maxFiles: 20, maxRecipients: 500 } });
    expect((await srv.call("/api/documents/share/settings")).status).toBe(401);
  });
});
