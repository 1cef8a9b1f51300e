import { describe, expect, test } from "bun:test";
import { attachFile, createCustomer, daysAhead, uploadFile } from "../support/fixtures.ts";
import { realPdf } from "../files/samples.ts";
import { timeParam } from "../../db/dialect.ts";
import { transaction } from "../../db/transaction.ts";
import { useServerWithBroker } from "../support/server.ts";
import { isStored } from "../support/stored-files.ts";
import { exec, rows, statement } from "../support/sql.ts";

const { srv, broker } = useServerWithBroker();

const call = (path: string, method: string, body?: unknown) => srv.call(path, { method, token: broker.token, body });
const verify = (id: string, body: unknown) => call(`/api/documents/${id}/verify`, "POST", body);
/** The kinds of the emails written so far, once the review email's window (60 s) has passed. */
const emailKinds = async () => {
  srv.clock.advance(60_000);
  await srv.runJobs();
  return ((await rows<any>(srv.server.ctx.db, statement("select kind from emails"))) as { kind: string }[]).map((e) => e.kind);
};

describe("review", () => {
  test("a document without a file cannot be approved or sent back (409)", async () => {
    const c = await createCustomer(srv, broker.token);
    const res = await verify(c.documents[0]!.id, { status: "approved" });
    expect(res).toMatchObject({ status: 409, body: { message: "This document has no uploaded file to review yet." } });
  });

  test("approve an uploaded document: approved, verified date, comments, email; approving again is a 409", async () => {
    const c = await createCustomer(srv, broker.token);
    const id = c.documents[0]!.id;
    await attachFile(srv, id);
    const res = await verify(id, { status: "approved", comments: "  Looks good  " });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "approved", adminComments: "Looks good", rejectionReason: null });
    expect(res.body.verifiedAt).toBeString();
    expect(await emailKinds()).toContain("document_approved");
    expect(await verify(id, { status: "approved" })).toMatchObject({ status: 409, body: { message: "This document is already approved." } });
  });

  test("ask for a re-submit: need_to_resubmit with the reason; a reason is required", async () => {
    const c = await createCustomer(srv, broker.token);
    const id = c.documents[0]!.id;
    await attachFile(srv, id);
    expect(await verify(id, { status: "rejected" })).toMatchObject({ status: 400, body: { message: "Please give a reason for the re-submit request" } });
    expect(await verify(id, { status: "rejected", rejectionReason: "   " })).toMatchObject({ status: 400 });
    const res = await verify(id, { status: "rejected", rejectionReason: "Page 2 is missing", comments: "Scan both sides" });
    expect(res.body).toMatchObject({ status: "need_to_resubmit", rejectionReason: "Page 2 is missing", adminComments: "Scan both sides" });
    expect(await emailKinds()).toContain("resubmit_request");
    // A document sent back still has its file, so the broker may change their mind and approve it.
    expect((await verify(id, { status: "approved" })).body.status).toBe("approved");
  });

  test("an unknown status value or a huge comment is a 400", async () => {
    const c = await createCustomer(srv, broker.token);
    expect((await verify(c.documents[0]!.id, { status: "maybe" })).body.message).toBe('status must be "approved" or "rejected"');
    expect((await verify(c.documents[0]!.id, { status: "approved", comments: "x".repeat(10_000) })).status).toBe(400);
  });
});

describe("due dates", () => {
  test("set a due date and reminder; refuse bad dates and approved documents", async () => {
    const c = await createCustomer(srv, broker.token);
    const id = c.documents[0]!.id;
    const dueDate = daysAhead(srv, 5);
    const reminderTime = daysAhead(srv, 4);
    const res = await call(`/api/documents/${id}/due-date`, "PUT", { dueDate, reminderTime });
    expect(res.body).toMatchObject({ dueDate, reminderAt: reminderTime });

    expect((await call(`/api/documents/${id}/due-date`, "PUT", { dueDate: "soon" })).status).toBe(400);
    expect((await call(`/api/documents/${id}/due-date`, "PUT", {})).body.message).toContain("dueDate is required");
    expect((await call(`/api/documents/${id}/due-date`, "PUT", { dueDate: daysAhead(srv, -1) })).body.message).toBe("The due date must be in the future");
    expect((await call(`/api/documents/${id}/due-date`, "PUT", { dueDate, reminderTime: daysAhead(srv, 6) })).status).toBe(400);

    await attachFile(srv, id);
    await verify(id, { status: "approved" });
    expect(await call(`/api/documents/${id}/due-date`, "PUT", { dueDate })).toMatchObject({
      status: 409,
      body: { message: "Approved documents have no due date to change." },
    });
  });

  test("bulk due date: all or none, only documents still waiting for the customer", async () => {
    const c = await createCustomer(srv, broker.token, { requiredDocuments: [{ name: "Paystub" }, { name: "Tax Returns" }, { name: "Photo ID" }] });
    const [a, b, uploaded] = c.documents.map((d) => d.id) as [string, string, string];
    await attachFile(srv, uploaded);
    const dueDate = daysAhead(srv, 10);

    expect(await call("/api/documents/bulk-due-date", "PUT", { documentIds: [], dueDate })).toMatchObject({
      status: 400,
      body: { message: "Please select at least one document" },
    });
    expect((await call("/api/documents/bulk-due-date", "PUT", { documentIds: [a, "no-such-id"], dueDate })).status).toBe(404);
    const mixed = await call("/api/documents/bulk-due-date", "PUT", { documentIds: [a, uploaded], dueDate });
    expect(mixed.status).toBe(409);
    expect(mixed.body.message).toContain("(Under Review)");
    const unchanged = await srv.call(`/api/customer/${c.id}/documents`, { token: broker.token });
    expect(unchanged.body.every((d: any) => d.dueDate === null)).toBe(true);

    const ok = await call("/api/documents/bulk-due-date", "PUT", { documentIds: [a, b, a], dueDate });
    expect(ok.status).toBe(200);
    expect(ok.body.updated).toBe(2);
    expect(ok.body.documents.every((d: any) => d.dueDate === dueDate)).toBe(true);
  });

  test("bulk due date: an overdue document is waiting again, the others keep their status; another broker's document is not found", async () => {
    const c = await createCustomer(srv, broker.token, { requiredDocuments: [{ name: "Paystub" }, { name: "Tax Returns" }, { name: "Photo ID" }] });
    const [a, late, b] = c.documents.map((d) => d.id) as [string, string, string];
    await exec(srv.server.ctx.db, statement("update documents set status = 'overdue' where id = ?", late));
    const other = await srv.signUpBroker();
    const theirs = (await createCustomer(srv, other.token)).documents[0]!.id;
    const dueDate = daysAhead(srv, 12);

    // Another broker's document among ours: 404, and nothing changes (all or none).
    expect((await call("/api/documents/bulk-due-date", "PUT", { documentIds: [a, theirs], dueDate })).status).toBe(404);
    const statuses = async () =>
      Object.fromEntries((await rows<{ id: string; status: string; due_date: number | null }>(srv.server.ctx.db, statement("select id, status, due_date from documents where customer_id = ?", c.id))).map((d) => [d.id, d]));
    expect((await statuses())[a]!.due_date).toBeNull();
    expect((await statuses())[late]!.status).toBe("overdue");

    // Each answered once with its new date; only the overdue one changes status.
    const ok = await call("/api/documents/bulk-due-date", "PUT", { documentIds: [b, late, a], dueDate });
    expect(ok.status).toBe(200);
    const byId = (x: string[], y: string[]) => x[0]!.localeCompare(y[0]!);
    expect(ok.body.documents.map((d: any) => [d.id, d.status, d.dueDate]).sort(byId)).toEqual([a, late, b].map((id) => [id, "requested", dueDate]).sort(byId));
    const after = await statuses();
    expect([a, late, b].map((id) => after[id]!.status)).toEqual(["requested", "requested", "requested"]);
    expect([a, late, b].every((id) => after[id]!.due_date === Date.parse(dueDate))).toBe(true);
  });
});

describe("bulk due date: the reminder, and lists longer than the prepared statements'", () => {
  // Up to 16 documents the update is prepared per count (review.ts); a longer list is built with
  // its ids. Both forms, with and without the overdue document's return to "requested".
  for (const count of [3, 17]) {
    test(`${count} documents: the due date and reminder are set, a sent reminder is due again, the overdue one is waiting again`, async () => {
      const c = await createCustomer(srv, broker.token, { requiredDocuments: Array.from({ length: count }, (_, i) => ({ name: `Statement ${i + 1}` })) });
      const ids = c.documents.map((d) => d.id);
      const [late, reminded] = ids as [string, string];
      await exec(srv.server.ctx.db, statement("update documents set status = 'overdue' where id = ?", late));
      const earlier = timeParam(new Date(Date.parse(daysAhead(srv, 1))));
      await exec(srv.server.ctx.db, statement("update documents set reminder_at = ?, reminder_sent_at = ? where id = ?", earlier, earlier, reminded));
      const dueDate = daysAhead(srv, 9);
      const reminderTime = daysAhead(srv, 8);

      const ok = await call("/api/documents/bulk-due-date", "PUT", { documentIds: ids, dueDate, reminderTime });
      expect(ok.status).toBe(200);
      expect(ok.body.updated).toBe(count);
      expect(new Set(ok.body.documents.map((d: any) => d.id))).toEqual(new Set(ids));
      expect(ok.body.documents.every((d: any) => d.dueDate === dueDate && d.reminderAt === reminderTime && d.status === "requested")).toBe(true);
      const stored = await rows<{ status: string; due_date: number; reminder_at: number; reminder_sent_at: number | null }>(
        srv.server.ctx.db,
        statement("select status, due_date, reminder_at, reminder_sent_at from documents where customer_id = ?", c.id),
      );
      expect(stored).toHaveLength(count);
      for (const row of stored) expect(row).toEqual({ status: "requested", due_date: Date.parse(dueDate), reminder_at: Date.parse(reminderTime), reminder_sent_at: null });

      // Again without a reminder: none is kept.
      const again = await call("/api/documents/bulk-due-date", "PUT", { documentIds: ids, dueDate });
      expect(again.status).toBe(200);
      expect(again.body.documents.every((d: any) => d.dueDate === dueDate && d.reminderAt === null)).toBe(true);
    });
  }
});

describe("two uploads racing for one document", () => {
  test("one wins; the other is a 409, named for the portal's language, and its file is not left in the store", async () => {
    const c = await createCustomer(srv, broker.token);
    const doc = c.documents[0]!.id;
    const { ctx } = srv.server;
    const earlier = new Set(await ctx.files.storedKeys()); // other tests' files
    const newKeys = async () => (await ctx.files.storedKeys()).filter((key) => !earlier.has(key));
    // Hold the write queue, so that both uploads pass their checks, store their files and wait
    // for it: the one that commits second finds the document already uploaded.
    let release!: () => void;
    const held = transaction(ctx.db, () => new Promise<void>((resolve) => (release = resolve)));
    const first = uploadFile(srv, c.uploadLink, doc, { bytes: realPdf(1) });
    const second = uploadFile(srv, c.uploadLink, doc, { bytes: realPdf(2) });
    // Both stored (two new keys) before either commits.
    while ((await newKeys()).length < 2) await Bun.sleep(5);
    release();
    await held;
    const answers = [await first, await second];
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    // The portal says the loser's refusal in its language (errors.alreadyUploaded; i18n-server-texts.test.ts).
    expect(answers.find((answer) => answer.status === 409)!.body).toEqual({ message: "This document has already been uploaded and is under review.", code: "errors.alreadyUploaded" });
    const [row] = await rows<{ storage_key: string }>(ctx.db, statement("select storage_key from documents where id = ?", doc));
    // Only the winner's file is left; the loser's was removed when its transaction failed.
    expect(await newKeys()).toEqual([row!.storage_key]);
  });
});

describe("remove and download", () => {
  test("download serves the file with a safe name and no-sniff, no-store headers", async () => {
    const c = await createCustomer(srv, broker.token);
    const id = c.documents[0]!.id;
    expect((await srv.call(`/api/documents/${id}/download`, { token: broker.token })).status).toBe(404);
    await attachFile(srv, id, { bytes: "%PDF-1.4 hello", name: 'pay"stub\r\nX-Evil: 1 ../../é.pdf' });
    const res = await fetch(`${srv.url}/api/documents/${id}/download`, { headers: { authorization: `Bearer ${broker.token}` } });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("%PDF-1.4 hello");
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("x-evil")).toBeNull();
    const disposition = res.headers.get("content-disposition")!;
    expect(disposition).toStartWith('attachment; filename="pay_stub');
    expect(disposition).toContain("filename*=UTF-8''pay%22stub%0D%0AX-Evil%3A%201%20..%2F..%2F%C3%A9.pdf");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("content-security-policy")).toContain("sandbox");
  });

  test("delete removes the document and its file", async () => {
    const c = await createCustomer(srv, broker.token);
    const id = c.documents[0]!.id;
    const key = await attachFile(srv, id);
    const res = await call(`/api/documents/${id}`, "DELETE");
    expect(res).toMatchObject({ status: 200, body: { message: "Document removed" } });
    expect(await isStored(srv, key)).toBe(false);
    expect((await call(`/api/documents/${id}`, "DELETE")).status).toBe(404);
  });
});
