import { describe, expect, test } from "bun:test";
import { attachFile, countRows, createCustomer, daysAhead, sampleFiles, uploadFile } from "../support/fixtures.ts";
import { useServerWithBroker } from "../support/server.ts";
import { isStored } from "../support/stored-files.ts";
import { row, statement } from "../support/sql.ts";

const { srv, broker } = useServerWithBroker({ PUBLIC_URL: "https://docs.example.com" }, { firstName: "Bree", lastName: "Broker" });

const post = (path: string, body: unknown, token = broker.token) => srv.call(path, { method: "POST", token, body });

describe("create a customer", () => {
  test("returns the customer with its documents, an upload link, and queues the invitation", async () => {
    const dueDate = daysAhead(srv, 7);
    const res = await post("/api/customers", {
      email: "Jane.Doe@Example.com",
      loanType: "fha",
      dueDate,
      requiredDocuments: [{ name: "Paystub" }, { name: "custom:Gift letter:Signed by the donor" }, { name: "custom:Divorce decree" }],
    });
    expect(res.status).toBe(201);
    const c = res.body;
    expect(c).toMatchObject({ name: "Jane.doe", email: "jane.doe@example.com", loanType: "fha", invitationStatus: "pending", brokerName: "Bree Broker", status: "pending" });
    expect(c.uploadLink).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const byName = (a: string[], b: string[]) => a[0]!.localeCompare(b[0]!);
    expect(c.documents.map((d: any) => [d.name, d.description, d.status, d.dueDate]).sort(byName)).toEqual([
      ["Paystub", "Recent pay stubs or salary statements", "requested", dueDate],
      ["Gift letter", "Signed by the donor", "requested", dueDate],
      ["Divorce decree", "Custom document", "requested", dueDate],
    ].sort(byName));
    expect(c.documentCounts).toEqual({ total: 3, approved: 0, underReview: 0, awaitingUpload: 3, overdue: 0 });

    const invitation = (await row<any>(srv.server.ctx.db, statement(`select "to", subject, text from emails where kind = 'invitation'`))) as any;
    expect(invitation.to).toBe("jane.doe@example.com");
    expect(invitation.subject).toBe("Bree Broker invited you to upload your documents");
    expect(invitation.text).toContain(`https://docs.example.com/upload/${c.uploadLink}`);
  });

  test("a checklist longer than one prepared insert (16 rows) is stored whole, each with its own date and rules", async () => {
    const dueDate = daysAhead(srv, 3);
    const names = Array.from({ length: 21 }, (_, i) => `custom:Statement ${String(i + 1).padStart(2, "0")}`);
    const res = await post("/api/customers", { email: "long.list@example.com", dueDate, requiredDocuments: names.map((name) => ({ name })) });
    expect(res.status).toBe(201);
    const stored = res.body.documents.map((d: any) => [d.name, d.dueDate, d.status]).sort();
    expect(stored).toEqual(names.map((n) => [n.slice("custom:".length), dueDate, "requested"]));
    expect(new Set(res.body.documents.map((d: any) => d.id)).size).toBe(21);
    const none = await post("/api/customers", { email: "no.date@example.com", requiredDocuments: [{ name: "Paystub" }] });
    expect(none.body.documents.map((d: any) => d.dueDate)).toEqual([null]);
  });

  test("upload links are unique and unguessable", async () => {
    const links = new Set<string>();
    for (let i = 0; i < 30; i++) links.add((await createCustomer(srv, broker.token, { requiredDocuments: [] })).uploadLink);
    expect(links.size).toBe(30);
  });

  test.each([
    ["an invalid email", { email: "not-an-email" }, "Invalid email address"],
    ["no email", {}, "Invalid email address"],
    ["a 10,000-character name", { email: "n@example.com", name: "n".repeat(10_000) }, "Names must be text of at most 100 characters"],
    ["a due date in the past", { email: "p@example.com", dueDate: "2020-01-01T00:00:00Z" }, "The due date must be in the future"],
    ["a due date past 365 days", { email: "p@example.com", dueDate: "2099-01-01T00:00:00Z" }, "Due time cannot exceed 365 days"],
    ["a due date that is not a date", { email: "p@example.com", dueDate: "next friday" }, "dueDate must be a date and time, such as 2026-12-01T17:00:00Z"],
    ["a reminder after the due date", { email: "p@example.com", dueDate: "DUE+2", reminderTime: "DUE+3" }, "The reminder must be before the due date"],
    ["a blank custom document", { email: "p@example.com", requiredDocuments: [{ name: "custom: :x" }] }, "Document names cannot be blank"],
    ["the same document twice", { email: "p@example.com", requiredDocuments: [{ name: "Paystub" }, { name: "paystub" }] }, "Paystub is listed more than once"],
    ["a document list that is not a list", { email: "p@example.com", requiredDocuments: "Paystub" }, undefined],
  ])("refuses %s with 400 and changes nothing", async (_case, raw, message) => {
    const body = JSON.parse(JSON.stringify(raw).replace(/"DUE\+(\d)"/g, (_m, d) => JSON.stringify(daysAhead(srv, Number(d)))));
    const before = [await countRows(srv, "customers"), await countRows(srv, "documents"), await countRows(srv, "emails")];
    const res = await post("/api/customers", body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBeString();
    if (message) expect(res.body.message).toBe(message);
    expect([await countRows(srv, "customers"), await countRows(srv, "documents"), await countRows(srv, "emails")]).toEqual(before);
  });

  test("the same email twice for one broker is a 409", async () => {
    await createCustomer(srv, broker.token, { email: "twice@example.com" });
    const again = await post("/api/customers", { email: "TWICE@example.com" });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("This customer is already in your list.");
  });

  test("the same email at two brokers is two customers: own id, own link, own name and documents", async () => {
    const other = await srv.signUpBroker();
    const mine = await createCustomer(srv, broker.token, { name: "Sam Shared", email: "shared@example.com", requiredDocuments: [{ name: "Paystub" }] });
    const theirs = await createCustomer(srv, other.token, { email: "shared@example.com", requiredDocuments: [{ name: "Tax Returns" }, { name: "Photo ID" }] });
    expect(theirs.id).not.toBe(mine.id);
    expect(theirs.uploadLink).not.toBe(mine.uploadLink);
    // Nothing of the first broker's in what the second receives: not the name they gave, nor documents.
    expect(theirs.name).toBe("Shared");
    expect(JSON.stringify(theirs)).not.toContain("Sam Shared");
    expect(JSON.stringify(theirs)).not.toContain("Paystub");
    expect(theirs.documents.map((d) => d.name).sort()).toEqual(["Photo ID", "Tax Returns"]);
    const mineNow = await srv.call(`/api/customer/${mine.id}`, { token: broker.token });
    expect(mineNow.body.documents.map((d: any) => d.name)).toEqual(["Paystub"]);
    expect((await srv.call(`/api/customer/${mine.id}`, { token: other.token })).status).toBe(404);
  });
});

describe("read customers", () => {
  test("lists, all-customers, detail, documents and document limit", async () => {
    const c = await createCustomer(srv, broker.token, { name: "Zed Zulu", email: "zed@example.com" });
    const list = await srv.call("/api/customers", { token: broker.token });
    expect(list.status).toBe(200);
    const row = list.body.find((x: any) => x.id === c.id);
    expect(row).toMatchObject({ name: "Zed Zulu", invitationStatus: "pending", documentCounts: { total: 2, awaitingUpload: 2 } });
    expect(row.documents).toBeUndefined();
    expect((await srv.call("/api/all-customers", { token: broker.token })).body).toEqual(list.body);

    const detail = await srv.call(`/api/customer/${c.id}`, { token: broker.token });
    expect(detail.body.documents).toHaveLength(2);
    const docs = await srv.call(`/api/customer/${c.id}/documents`, { token: broker.token });
    expect(docs.body.map((d: any) => d.id).sort()).toEqual(detail.body.documents.map((d: any) => d.id).sort());
    expect((await srv.call(`/api/customers/${c.id}/document-limit`, { token: broker.token })).body).toEqual({ currentCount: 2, maxAllowed: -1 });
    expect((await srv.call("/api/customer/no-such-id", { token: broker.token })).status).toBe(404);
  });

  test("the list needs a signed-in broker", async () => {
    expect((await srv.call("/api/customers")).status).toBe(401);
  });
});

describe("edit, delete, resend, request more", () => {
  test("edit needs name, email and loan type; a taken email is a 409", async () => {
    const c = await createCustomer(srv, broker.token);
    const missing = await srv.call(`/api/customers/${c.id}`, { method: "PUT", token: broker.token, body: { name: "A", email: "a@example.com", loanType: " " } });
    expect(missing).toMatchObject({ status: 400, body: { message: "Please fill in all required fields" } });
    const absent = await srv.call(`/api/customers/${c.id}`, { method: "PUT", token: broker.token, body: { name: "A" } });
    expect(absent).toMatchObject({ status: 400, body: { message: "Please fill in all required fields" } });
    await createCustomer(srv, broker.token, { email: "taken@example.com" });
    const taken = await srv.call(`/api/customers/${c.id}`, { method: "PUT", token: broker.token, body: { name: "A", email: "taken@example.com", loanType: "va" } });
    expect(taken.status).toBe(409);

    const tooLong = await srv.call(`/api/customers/${c.id}`, { method: "PUT", token: broker.token, body: { name: "n".repeat(101), email: "a@example.com", loanType: "va" } });
    expect(tooLong).toMatchObject({ status: 400, body: { message: "Names must be text of at most 100 characters" } });

    const ok = await srv.call(`/api/customers/${c.id}`, { method: "PUT", token: broker.token, body: { name: "Ann Lee", email: "Ann.Lee@example.com", loanType: "va" } });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ name: "Ann Lee", email: "ann.lee@example.com", loanType: "va" });
  });

  test("a broker edits only their own record of a customer another broker also invited", async () => {
    const other = await srv.signUpBroker();
    const mine = await createCustomer(srv, broker.token, { name: "Bob Builder", email: "bob.shared@example.com" });
    const theirs = await createCustomer(srv, other.token, { name: "Robert", email: "bob.shared@example.com" });
    expect(theirs.name).toBe("Robert");

    const hijack = await srv.call(`/api/customers/${mine.id}`, { method: "PUT", token: other.token, body: { name: "Rob (theirs)", email: "bob.shared@example.com", loanType: "va" } });
    expect(hijack.status).toBe(404);
    const renamed = await srv.call(`/api/customers/${theirs.id}`, { method: "PUT", token: other.token, body: { name: "Rob (theirs)", email: "rob@example.com", loanType: "va" } });
    expect(renamed.body).toMatchObject({ name: "Rob (theirs)", email: "rob@example.com" });
    expect((await srv.call(`/api/customer/${mine.id}`, { token: broker.token })).body).toMatchObject({ name: "Bob Builder", email: "bob.shared@example.com" });
    expect((await srv.call(`/api/upload/${mine.uploadLink}`)).body.customer.name).toBe("Bob Builder");
  });

  test("delete removes this broker's customer, documents and files; another broker's customer with that email stays", async () => {
    const other = await srv.signUpBroker();
    const c = await createCustomer(srv, broker.token, { email: "leaving@example.com" });
    const key = await attachFile(srv, c.documents[0]!.id);
    const theirs = await createCustomer(srv, other.token, { email: "leaving@example.com", requiredDocuments: [{ name: "Photo ID" }] });
    expect(await isStored(srv, key)).toBe(true);

    expect((await srv.call(`/api/customers/${c.id}`, { method: "DELETE", token: other.token })).status).toBe(404);
    const res = await srv.call(`/api/customers/${c.id}`, { method: "DELETE", token: broker.token });
    expect(res).toMatchObject({ status: 200, body: { message: "Customer deleted" } });
    expect(await isStored(srv, key)).toBe(false);
    expect((await srv.call(`/api/customer/${c.id}`, { token: broker.token })).status).toBe(404);
    expect((await srv.call(`/api/upload/${c.uploadLink}`)).status).toBe(404);
    const stays = await srv.call(`/api/customer/${theirs.id}`, { token: other.token });
    expect(stays.body.documents.map((d: any) => d.name)).toEqual(["Photo ID"]);
    expect((await srv.call(`/api/upload/${theirs.uploadLink}`)).status).toBe(200);
  });

  test("resend invitation queues the email; once accepted it is a 409", async () => {
    const c = await createCustomer(srv, broker.token);
    const res = await post(`/api/customers/${c.id}/resend-invitation`, undefined);
    expect(res).toMatchObject({ status: 200, body: { message: "Invitation resent" } });
    const resent = (await row<any>(srv.server.ctx.db, statement(`select subject from emails where kind = 'invitation_resend' and "to" = ?`, c.email))) as any;
    expect(resent.subject).toBe("Reminder: Bree Broker invited you to upload your documents");
    // The customer accepts by uploading through their link.
    expect((await uploadFile(srv, c.uploadLink, c.documents[0]!.id, { bytes: sampleFiles.pdf() })).status).toBe(200);
    const accepted = await post(`/api/customers/${c.id}/resend-invitation`, undefined);
    expect(accepted).toMatchObject({ status: 409, body: { message: "This customer has already accepted the invitation." } });
  });

  test("request more documents: created, emailed; none, repeated or bad entries are refused", async () => {
    const c = await createCustomer(srv, broker.token, { requiredDocuments: [{ name: "Paystub" }] });
    const res = await post(`/api/customers/${c.id}/request-documents`, { documentTypes: ["Tax Returns", "custom:Lease:Current lease"], dueDate: daysAhead(srv, 3) });
    expect(res.status).toBe(201);
    expect(res.body.documents.map((d: any) => d.name).sort()).toEqual(["Lease", "Tax Returns"]);
    const mail = (await row<any>(srv.server.ctx.db, statement(`select subject from emails where kind = 'documents_requested' and "to" = ?`, c.email))) as any;
    expect(mail.subject).toBe("Bree Broker requested 2 documents from you");

    expect(await post(`/api/customers/${c.id}/request-documents`, { documentTypes: [] })).toMatchObject({
      status: 400,
      body: { message: "Please select at least one document to request." },
    });
    expect(await post(`/api/customers/${c.id}/request-documents`, { documentTypes: ["paystub"] })).toMatchObject({
      status: 409,
      body: { message: "Paystub has already been requested from this customer." },
    });
    expect((await post(`/api/customers/${c.id}/request-documents`, { documentTypes: "Paystub" })).status).toBe(400);
    expect((await post(`/api/customers/${c.id}/request-documents`, { documentTypes: ["x".repeat(10_000)] })).status).toBe(400);
    expect((await srv.call(`/api/customer/${c.id}`, { token: broker.token })).body.documents).toHaveLength(3);
  });
});
