import { describe, expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import { connect } from "node:net";
import { createCustomer, customerCookie, sampleFiles, uploadFile } from "../support/fixtures.ts";
import { useServerWithBroker } from "../support/server.ts";
import { isStored, storedBytes } from "../support/stored-files.ts";
import { exec, row, statement } from "../support/sql.ts";

const { srv, broker } = useServerWithBroker({ MAX_UPLOAD_MB: "1" }, { firstName: "Bree", lastName: "Broker" });

const q = async (text: string, ...args: unknown[]) => (await row<any>(srv.server.ctx.db, statement(text, ...args))) ?? null;
const tempFiles = () => readdirSync(srv.server.ctx.files.tempDir);

describe("the upload link", () => {
  test("an unknown link is a 404 with the portal's message; answers are never cached", async () => {
    const res = await srv.call("/api/upload/not-a-real-link");
    expect(res).toMatchObject({ status: 404, body: { message: "This upload link is not valid or has expired." } });
    const c = await createCustomer(srv, broker.token);
    const ok = await srv.call(`/api/upload/${c.uploadLink}`);
    expect(ok.headers.get("cache-control")).toContain("no-store");
  });

  test("a guest sees what to upload, but no statuses, files, email or shared documents; opening changes nothing", async () => {
    const c = await createCustomer(srv, broker.token, { requiredDocuments: [{ name: "Paystub" }, { name: "Photo ID" }] });
    await uploadFile(srv, c.uploadLink, c.documents[0]!.id, { bytes: sampleFiles.pdf() });
    await exec(srv.server.ctx.db, statement("insert into documents (id, customer_id, workspace_id, name, status) values ('shared-1', ?, ?, 'Closing.pdf', 'shared')", c.id, broker.user.id));
    const before = JSON.stringify(await q("select * from customers where id = ?", c.id));

    const res = await srv.call(`/api/upload/${c.uploadLink}`);
    expect(res.status).toBe(200);
    expect(res.body.authenticated).toBe(false);
    expect(res.body.customer).toEqual({ id: c.id, name: c.name });
    // The broker's contact: with no profile yet, their sign-in email (the help block's mailto).
    expect(res.body.brokers).toEqual([{ id: broker.user.id, name: "Bree Broker", company: null, phone: null, email: broker.user.email, logoUrl: null, accentColor: null }]);
    const docs = res.body.documents;
    expect(docs.map((d: any) => d.name).sort()).toEqual(["Paystub", "Photo ID"]);
    for (const d of docs) expect(Object.keys(d).sort()).toEqual(["acceptanceRules", "brokerId", "canUpload", "description", "dueDate", "id", "kind", "name", "rules", "standardWords", "unavailableReason"]);
    // SPEC's standard words are marked, so the portal says them in the customer's language.
    expect(docs.find((d: any) => d.name === "Paystub").standardWords).toMatchObject({ name: "paystub" });
    expect(docs.find((d: any) => d.name === "Paystub").canUpload).toBe(false);
    // A GET (what mail scanners do) changes nothing.
    await srv.call(`/api/upload/${c.uploadLink}`);
    expect(JSON.stringify(await q("select * from customers where id = ?", c.id))).toBe(before);
  });

  test("a guest is told the broker asked for a document again, without its status or reason", async () => {
    const c = await createCustomer(srv, broker.token, { requiredDocuments: [{ name: "Paystub" }, { name: "Photo ID" }] });
    const [paystub] = c.documents;
    await uploadFile(srv, c.uploadLink, paystub!.id, { bytes: sampleFiles.pdf() });
    await srv.call(`/api/documents/${paystub!.id}/verify`, { method: "POST", token: broker.token, body: { status: "rejected", rejectionReason: "Blurry" } });
    const docs = (await srv.call(`/api/upload/${c.uploadLink}`)).body.documents;
    const again = docs.find((d: any) => d.name === "Paystub");
    expect(again).toMatchObject({ canUpload: true, askedAgain: true });
    expect(again.status).toBeUndefined();
    expect(again.rejectionReason).toBeUndefined();
    expect(docs.find((d: any) => d.name === "Photo ID").askedAgain).toBeUndefined();
    // Once a new file is in, it is no longer asked for again.
    await uploadFile(srv, c.uploadLink, paystub!.id, { bytes: sampleFiles.pdf() });
    expect((await srv.call(`/api/upload/${c.uploadLink}`)).body.documents.find((d: any) => d.name === "Paystub").askedAgain).toBeUndefined();
  });

  test("a link opens one broker's requests; the customer signed in with a code sees every broker's, on either link", async () => {
    const other = await srv.signUpBroker({ firstName: "Olga", lastName: "Other" });
    const c = await createCustomer(srv, broker.token, { email: "two-brokers@example.com", requiredDocuments: [{ name: "Paystub" }] });
    const theirs = await createCustomer(srv, other.token, { email: "two-brokers@example.com", requiredDocuments: [{ name: "Tax Returns" }] });
    await createCustomer(srv, other.token, { email: "someone-else@example.com", requiredDocuments: [{ name: "Credit Report" }] });

    for (const [link, brokerName, doc] of [[c.uploadLink, "Bree Broker", "Paystub"], [theirs.uploadLink, "Olga Other", "Tax Returns"]] as const) {
      const guest = await srv.call(`/api/upload/${link}`);
      expect(guest.body.brokers.map((b: any) => b.name)).toEqual([brokerName]);
      expect(guest.body.documents.map((d: any) => d.name)).toEqual([doc]);
    }

    const cookie = await customerCookie(srv, theirs.uploadLink, "two-brokers@example.com");
    for (const link of [c.uploadLink, theirs.uploadLink]) {
      const res = await srv.call(`/api/upload/${link}`, { headers: { cookie } });
      expect(res.body.authenticated).toBe(true);
      expect(res.body.brokers.map((b: any) => b.name)).toEqual(["Bree Broker", "Olga Other"]);
      expect(res.body.documents.map((d: any) => [d.name, d.brokerId]).sort()).toEqual([
        ["Paystub", broker.user.id],
        ["Tax Returns", other.user.id],
      ]);
    }
  });

  test("signed in on their own link, the customer sees statuses, files and shared documents", async () => {
    const c = await createCustomer(srv, broker.token, { requiredDocuments: [{ name: "Paystub" }] });
    await uploadFile(srv, c.uploadLink, c.documents[0]!.id, { bytes: sampleFiles.pdf(), name: "march.pdf" });
    const cookie = await customerCookie(srv, c.uploadLink, c.email);
    const res = await srv.call(`/api/upload/${c.uploadLink}`, { headers: { cookie } });
    expect(res.body.authenticated).toBe(true);
    expect(res.body.customer).toMatchObject({ id: c.id, email: c.email, invitedBy: ["Bree Broker"] });
    expect(res.body.documents[0]).toMatchObject({
      status: "uploaded",
      fileName: "march.pdf",
      mimeType: "application/pdf",
      viewUrl: `/api/documents/${c.documents[0]!.id}/view`,
      downloadUrl: `/api/documents/${c.documents[0]!.id}/download`,
    });
  });

  test("file links only where the portal offers View and Download (canCustomerView): not on a document asked for again", async () => {
    const c = await createCustomer(srv, broker.token, { requiredDocuments: [{ name: "Paystub" }] });
    const id = c.documents[0]!.id;
    await uploadFile(srv, c.uploadLink, id, { bytes: sampleFiles.pdf(), name: "march.pdf" });
    await srv.call(`/api/documents/${id}/verify`, { method: "POST", token: broker.token, body: { status: "rejected", rejectionReason: "Blurry" } });
    const cookie = await customerCookie(srv, c.uploadLink, c.email);
    const doc = (await srv.call(`/api/upload/${c.uploadLink}`, { headers: { cookie } })).body.documents[0];
    expect(doc).toMatchObject({ status: "need_to_resubmit", canUpload: true, fileName: "march.pdf", viewUrl: null, downloadUrl: null });
  });
});

describe("uploads", () => {
  test("a guest uploads a PDF: stored under a server-made name, under review for the broker, invitation accepted", async () => {
    const other = await srv.signUpBroker();
    const c = await createCustomer(srv, broker.token, { email: "uploader@example.com" });
    const theirs = await createCustomer(srv, other.token, { email: "uploader@example.com", requiredDocuments: [] });
    const bytes = sampleFiles.pdf();
    const res = await uploadFile(srv, c.uploadLink, c.documents[0]!.id, { bytes, name: "../../etc/passwd.pdf", type: "image/png" });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Upload Successful");
    expect(res.body.document).toMatchObject({ id: c.documents[0]!.id, canUpload: false });
    expect(res.body.document.status).toBeUndefined(); // a guest still sees no status

    const row = await q("select * from documents where id = ?", c.documents[0]!.id);
    expect(row).toMatchObject({ status: "uploaded", mime_type: "application/pdf", file_size: bytes.length, original_name: "passwd.pdf" });
    expect(row.storage_key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(Buffer.from(await storedBytes(srv, row.storage_key))).toEqual(Buffer.from(bytes));
    expect(await q("select invitation_status, last_active_at from customers where id = ?", c.id)).toMatchObject({ invitation_status: "accepted", last_active_at: expect.any(Number) });
    // The other broker's record of the same person learns nothing of it.
    expect(await q("select invitation_status, last_active_at from customers where id = ?", theirs.id)).toEqual({ invitation_status: "pending", last_active_at: null });
    const detail = await srv.call(`/api/customer/${c.id}`, { token: broker.token });
    expect(detail.body.documents.find((d: any) => d.id === c.documents[0]!.id).status).toBe("uploaded");
  });

  test("JPEG and PNG are accepted by their bytes", async () => {
    const c = await createCustomer(srv, broker.token);
    expect((await uploadFile(srv, c.uploadLink, c.documents[0]!.id, { bytes: sampleFiles.jpeg(), name: "id.jpg", type: "image/jpeg" })).status).toBe(200);
    expect((await uploadFile(srv, c.uploadLink, c.documents[1]!.id, { bytes: sampleFiles.png(), name: "id.png", type: "image/png" })).status).toBe(200);
    expect((await q("select mime_type from documents where id = ?", c.documents[1]!.id)).mime_type).toBe("image/png");
  });

  test.each([
    ["a renamed .exe", sampleFiles.exe, "payslip.pdf"],
    ["an HTML file called .pdf", sampleFiles.html, "statement.pdf"],
    ["plain text", () => new TextEncoder().encode("just some words"), "notes.png"],
  ])("%s is refused with 415 and nothing changes", async (_case, bytes, name) => {
    const c = await createCustomer(srv, broker.token);
    const res = await uploadFile(srv, c.uploadLink, c.documents[0]!.id, { bytes: bytes(), name, type: "application/pdf" });
    expect(res).toMatchObject({ status: 415, body: { message: "Only PDF, JPG, PNG and HEIC files can be uploaded." } });
    expect(await q("select status, storage_key from documents where id = ?", c.documents[0]!.id)).toEqual({ status: "requested", storage_key: null });
    expect(tempFiles()).toEqual([]);
  });

  test("over MAX_UPLOAD_MB is a 413, announced or not, and leaves nothing behind", async () => {
    const c = await createCustomer(srv, broker.token);
    const big = new Uint8Array(2 * 1024 * 1024);
    big.set(sampleFiles.pdf());
    const res = await uploadFile(srv, c.uploadLink, c.documents[0]!.id, { bytes: big });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe("The file is larger than 1 MB. Please choose a smaller file.");

    // Without Content-Length (chunked), the stream is cut at the limit.
    const form = new FormData();
    form.append("file", new Blob([big], { type: "application/pdf" }), "big.pdf");
    const body = new Response(form);
    const chunked = await fetch(`${srv.url}/api/upload/${c.uploadLink}/documents/${c.documents[0]!.id}`, {
      method: "POST",
      headers: { "content-type": body.headers.get("content-type")! },
      body: body.body,
      // @ts-expect-error Bun/undici: a streamed request body
      duplex: "half",
    });
    expect(chunked.status).toBe(413);
    expect((await q("select status from documents where id = ?", c.documents[0]!.id)).status).toBe("requested");
    expect(tempFiles()).toEqual([]);
  });

  test("no file is a 400 with the portal's words", async () => {
    const c = await createCustomer(srv, broker.token);
    const form = new FormData();
    form.append("isGuest", "true");
    const res = await srv.call(`/api/upload/${c.uploadLink}/documents/${c.documents[0]!.id}`, { method: "POST", body: form });
    expect(res).toMatchObject({ status: 400, body: { message: "No File Selected - Please select a file to upload." } });
  });

  test("another customer's document, an unknown document or link is a 404; an uploaded or approved one a 409", async () => {
    const a = await createCustomer(srv, broker.token);
    const b = await createCustomer(srv, broker.token);
    const pdf = { bytes: sampleFiles.pdf() };
    expect((await uploadFile(srv, a.uploadLink, b.documents[0]!.id, pdf)).status).toBe(404);
    expect((await uploadFile(srv, a.uploadLink, "no-such-doc", pdf)).status).toBe(404);
    expect((await uploadFile(srv, "no-such-link", a.documents[0]!.id, pdf)).status).toBe(404);
    expect((await q("select status from documents where id = ?", b.documents[0]!.id)).status).toBe("requested");
    expect(tempFiles()).toEqual([]);

    await uploadFile(srv, a.uploadLink, a.documents[0]!.id, pdf);
    const again = await uploadFile(srv, a.uploadLink, a.documents[0]!.id, pdf);
    expect(again).toMatchObject({ status: 409, body: { message: "This document has already been uploaded and is under review." } });
    await srv.call(`/api/documents/${a.documents[0]!.id}/verify`, { method: "POST", token: broker.token, body: { status: "approved" } });
    expect((await uploadFile(srv, a.uploadLink, a.documents[0]!.id, pdf)).body.message).toBe("This document has already been approved.");
  });

  test("re-uploading after a re-submit request replaces the file and keeps the old one as a version", async () => {
    const c = await createCustomer(srv, broker.token);
    const id = c.documents[0]!.id;
    await uploadFile(srv, c.uploadLink, id, { bytes: sampleFiles.pdf(), name: "first.pdf" });
    const firstKey = (await q("select storage_key from documents where id = ?", id)).storage_key;
    await srv.call(`/api/documents/${id}/verify`, { method: "POST", token: broker.token, body: { status: "rejected", rejectionReason: "Blurry" } });
    const res = await uploadFile(srv, c.uploadLink, id, { bytes: sampleFiles.png(), name: "second.png", type: "image/png" });
    expect(res.status).toBe(200);
    const row = await q("select * from documents where id = ?", id);
    expect(row).toMatchObject({ status: "uploaded", original_name: "second.png", mime_type: "image/png" });
    expect(row.storage_key).not.toBe(firstKey);
    expect(await q("select storage_key, original_name from document_versions where document_id = ?", id)).toEqual({ storage_key: firstKey, original_name: "first.pdf" });
    expect(await isStored(srv, firstKey)).toBe(true);
  });

  test("a client that disconnects mid-upload leaves no document change and no temp file", async () => {
    const c = await createCustomer(srv, broker.token);
    const id = c.documents[0]!.id;
    const boundary = "----portal-test-boundary";
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="half.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
    await new Promise<void>((resolve) => {
      const socket = connect(srv.server.port, "127.0.0.1", () => {
        socket.write(
          `POST /api/upload/${c.uploadLink}/documents/${id} HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
            `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 500000\r\n\r\n${head}%PDF-1.4\n` + "x".repeat(100_000),
        );
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 200);
      });
    });
    await Bun.sleep(300);
    expect(await q("select status, storage_key from documents where id = ?", id)).toEqual({ status: "requested", storage_key: null });
    expect(tempFiles()).toEqual([]);
  });
});
