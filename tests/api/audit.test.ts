// The audit trail (issue 18): every event on a customer with its actor, time and address, in a
// hash chain that `portal audit verify` (the real CLI, as its own process) checks; the timeline
// API, its CSV and PDF, and tenancy.
import { describe, expect, test } from "bun:test";
import { and, eq, max } from "drizzle-orm";
import { auditEvents } from "../../db/tables.ts";
import { transaction } from "../../db/transaction.ts";
import { runCli } from "../support/cli.ts";
import { createCustomer, customerCookie, daysAhead, sampleFiles } from "../support/fixtures.ts";
import { startTestServer, useServerWithBroker, type CallOptions } from "../support/server.ts";
import { realPdf } from "../files/samples.ts";
import type { AuditEntryDto, AuditPage } from "../../src/shared/api-types.ts";
import { verifyBrokerChain } from "../../src/features/audit/service.ts";

// Behind a trusted proxy, the client's address is the last X-Forwarded-For hop: each party
// below comes from its own address, so every entry's address provably came from its request.
const { srv, broker } = useServerWithBroker({ TRUST_PROXY: "true" });
const BROKER_IP = "203.0.113.7";
const GUEST_IP = "198.51.100.20";
const CUSTOMER_IP = "198.51.100.30";
const HOUR = 3_600_000;

const from = (address: string, options: CallOptions = {}): CallOptions => ({ ...options, headers: { "x-forwarded-for": address, ...options.headers } });
const asBroker = (path: string, options: CallOptions = {}) => srv.call(path, from(BROKER_IP, { token: broker.token, ...options }));

/** The customer's whole trail, newest first. */
async function trail(customerId: string): Promise<AuditEntryDto[]> {
  const res = await asBroker(`/api/customer/${customerId}/audit?limit=100`);
  expect(res.status).toBe(200);
  return (res.body as AuditPage).entries;
}

function upload(uploadLink: string, documentId: string, options: { address: string; cookie?: string; name?: string }) {
  const form = new FormData();
  form.append("file", new Blob([sampleFiles.pdf()], { type: "application/pdf" }), options.name ?? "statement.pdf");
  return srv.call(`/api/upload/${uploadLink}/documents/${documentId}`, from(options.address, { method: "POST", body: form, headers: options.cookie ? { cookie: options.cookie } : {} }));
}

function share(customerId: string, name: string) {
  const form = new FormData();
  form.append("documents", new Blob([realPdf()], { type: "application/pdf" }), name);
  form.append("customerIds", JSON.stringify([customerId]));
  return asBroker("/api/documents/share", { method: "POST", body: form });
}

const brokerActor = () => ({ kind: "broker" as const, id: broker.user.id, label: "Bree " + broker.user.lastName });

describe("recording", () => {
  test("each event on a customer is one entry with the right actor, address and document", async () => {
    const c = await createCustomer(srv, broker.token, { name: "Audrey Trail", email: "audrey@example.com", requiredDocuments: [{ name: "Paystub" }, { name: "Bank Statement" }] });
    const paystub = c.documents.find((d) => d.name === "Paystub");
    const statement = c.documents.find((d) => d.name === "Bank Statement");
    // The fixture created the customer without our address header: re-do the invite ourselves.
    const invited = await asBroker("/api/customers", { method: "POST", body: { name: "Ivy Invite", email: "ivy@example.com", requiredDocuments: [{ name: "Paystub" }] } });
    expect(invited.status).toBe(201);
    expect((await trail(invited.body.id))[0]).toMatchObject({ action: "invited", actor: brokerActor(), address: BROKER_IP, detail: "Asked for: Paystub" });

    expect((await asBroker(`/api/customers/${c.id}/resend-invitation`, { method: "POST" })).status).toBe(200);
    // The link opened by a guest; the portal redrawing (live updates, focus) is not a new visit.
    expect((await srv.call(`/api/upload/${c.uploadLink}`, from(GUEST_IP))).status).toBe(200);
    expect((await srv.call(`/api/upload/${c.uploadLink}`, from(GUEST_IP))).status).toBe(200);
    expect((await upload(c.uploadLink, paystub!.id, { address: GUEST_IP, name: "paystub-march.pdf" })).status).toBe(200);
    expect((await asBroker(`/api/documents/${paystub!.id}/download`)).status).toBe(200);
    expect((await asBroker(`/api/documents/${paystub!.id}/view`)).status).toBe(200);
    expect((await asBroker(`/api/documents/${paystub!.id}/verify`, { method: "POST", body: { status: "approved" } })).status).toBe(200);
    expect((await asBroker(`/api/customer/${c.id}/send-reminder`, { method: "POST" })).status).toBe(200);
    expect((await upload(c.uploadLink, statement!.id, { address: GUEST_IP })).status).toBe(200);
    expect((await asBroker(`/api/documents/${statement!.id}/verify`, { method: "POST", body: { status: "rejected", rejectionReason: "Page 2 is missing" } })).status).toBe(200);
    expect((await share(c.id, "Rate Lock.pdf")).status).toBe(201);
    const requested = await asBroker(`/api/customers/${c.id}/request-documents`, { method: "POST", body: { documentTypes: ["Tax Return"] } });
    expect(requested.status).toBe(201);
    expect((await asBroker(`/api/documents/${requested.body.documents[0].id}`, { method: "DELETE" })).status).toBe(200);
    expect((await asBroker(`/api/customers/${c.id}/export?scope=all`)).status).toBe(200);
    // The customer signs in: their visit and their read are theirs, from their address.
    const cookie = await customerCookie(srv, c.uploadLink, c.email);
    expect((await srv.call(`/api/upload/${c.uploadLink}`, from(CUSTOMER_IP, { headers: { cookie } }))).status).toBe(200);
    expect((await srv.call(`/api/documents/${paystub!.id}/download`, from(CUSTOMER_IP, { headers: { cookie } }))).status).toBe(200);

    const entries = (await trail(c.id)).reverse(); // oldest first
    const guest = { kind: "guest" as const, id: c.id, label: "Upload link" };
    const customer = { kind: "customer" as const, id: c.id, label: c.email };
    expect(entries.map((e) => [e.action, e.actor, e.address, e.documentName, e.detail])).toEqual([
      ["invited", brokerActor(), "127.0.0.1", null, "Asked for: Paystub, Bank Statement"],
      ["invitation_resent", brokerActor(), BROKER_IP, null, null],
      ["link_opened", guest, GUEST_IP, null, null],
      ["uploaded", guest, GUEST_IP, "Paystub", "paystub-march.pdf"],
      ["downloaded", brokerActor(), BROKER_IP, "Paystub", "paystub-march.pdf"],
      ["viewed", brokerActor(), BROKER_IP, "Paystub", "paystub-march.pdf"],
      ["approved", brokerActor(), BROKER_IP, "Paystub", null],
      ["reminder_sent", brokerActor(), BROKER_IP, null, "Bank Statement"],
      ["uploaded", guest, GUEST_IP, "Bank Statement", "statement.pdf"],
      ["resubmit_requested", brokerActor(), BROKER_IP, "Bank Statement", "Page 2 is missing"],
      ["shared", brokerActor(), BROKER_IP, "Rate Lock.pdf", "Rate Lock.pdf"],
      ["documents_requested", brokerActor(), BROKER_IP, null, "Tax Return"],
      ["document_deleted", brokerActor(), BROKER_IP, "Tax Return", null],
      ["exported", brokerActor(), BROKER_IP, null, "Documents ZIP (all documents)"],
      ["link_opened", customer, CUSTOMER_IP, null, null],
      ["downloaded", customer, CUSTOMER_IP, "Paystub", "paystub-march.pdf"],
    ]);
    // Each entry carries the time of its change, and its place in the broker's chain.
    for (const e of entries) expect(new Date(e.at).getTime()).toBeLessThanOrEqual(srv.clock.now().getTime());
    expect(entries.map((e) => e.sequence)).toEqual([...entries.map((e) => e.sequence)].sort((a, b) => a - b));
  });

  test("\"I don't have this\": the customer's answer and the broker's decisions on it are entries with the reason", async () => {
    const c = await createCustomer(srv, broker.token, { name: "Nadia Nofile", email: "nadia@example.com", requiredDocuments: [{ name: "Paystub" }, { name: "W-2" }] });
    const paystub = c.documents.find((d) => d.name === "Paystub")!;
    const w2 = c.documents.find((d) => d.name === "W-2")!;
    const answer = (id: string, reason: string) => srv.call(`/api/upload/${c.uploadLink}/documents/${id}/unavailable`, from(GUEST_IP, { method: "POST", body: { reason } }));
    const decide = (id: string, decision: string) => asBroker(`/api/documents/${id}/unavailable`, { method: "POST", body: { decision } });
    expect((await answer(paystub.id, "I am self-employed.")).status).toBe(200);
    expect((await decide(paystub.id, "accept")).status).toBe(200);
    expect((await answer(w2.id, "It has not come yet.")).status).toBe(200);
    expect((await decide(w2.id, "keep_open")).status).toBe(200);
    // A refused answer (empty reason) records nothing.
    expect((await answer(w2.id, "  ")).status).toBe(400);

    const guest = { kind: "guest" as const, id: c.id, label: "Upload link" };
    const entries = (await trail(c.id)).filter((e) => e.action !== "invited").reverse();
    expect(entries.map((e) => [e.action, e.actor, e.address, e.documentName, e.detail])).toEqual([
      ["unavailable_answered", guest, GUEST_IP, "Paystub", "I am self-employed."],
      ["unavailable_accepted", brokerActor(), BROKER_IP, "Paystub", "I am self-employed."],
      ["unavailable_answered", guest, GUEST_IP, "W-2", "It has not come yet."],
      ["unavailable_kept_open", brokerActor(), BROKER_IP, "W-2", "It has not come yet."],
    ]);
  });

  test("a scheduled reminder is the portal's, with no address", async () => {
    const c = await createCustomer(srv, broker.token, { dueDate: daysAhead(srv, 3), reminderTime: daysAhead(srv, 2) });
    srv.clock.advance(2 * 24 * HOUR + 60_000);
    await srv.runJobs();
    expect((await trail(c.id))[0]).toMatchObject({ action: "reminder_sent", actor: { kind: "system", id: null, label: "Scheduled reminder" }, address: null });
  });

  test("an approved document asked for again before it expires is the portal's re-submit request", async () => {
    const c = await createCustomer(srv, broker.token, { requiredDocuments: [{ name: "Photo ID" }] });
    const doc = c.documents[0]!;
    expect((await upload(c.uploadLink, doc.id, { address: GUEST_IP })).status).toBe(200);
    expect((await asBroker(`/api/documents/${doc.id}/verify`, { method: "POST", body: { status: "approved" } })).status).toBe(200);
    const expiresOn = new Date(srv.clock.now().getTime() + 10 * 24 * HOUR).toISOString().slice(0, 10);
    expect((await asBroker(`/api/documents/${doc.id}/expiry`, { method: "PUT", body: { expiresOn } })).status).toBe(200);
    await srv.runJobs();
    const [latest] = await trail(c.id);
    expect(latest).toMatchObject({ action: "resubmit_requested", actor: { kind: "system", id: null, label: "Expiry check" }, address: null, documentName: "Photo ID" });
    expect(latest!.detail).toContain("please send a current one");
  });

  test("opening the link again after half an hour, or from another address, is a new visit", async () => {
    const c = await createCustomer(srv, broker.token);
    const opened = async () => (await trail(c.id)).filter((e) => e.action === "link_opened").length;
    await srv.call(`/api/upload/${c.uploadLink}`, from(GUEST_IP));
    await srv.call(`/api/upload/${c.uploadLink}`, from(GUEST_IP));
    expect(await opened()).toBe(1);
    await srv.call(`/api/upload/${c.uploadLink}`, from("198.51.100.99"));
    expect(await opened()).toBe(2);
    srv.clock.advance(31 * 60_000);
    await srv.call(`/api/upload/${c.uploadLink}`, from(GUEST_IP));
    expect(await opened()).toBe(3);
  });

  test("concurrent events are appended one after another: one unbroken chain", async () => {
    const c = await createCustomer(srv, broker.token, { requiredDocuments: [{ name: "Paystub" }] });
    const doc = c.documents[0]!;
    expect((await upload(c.uploadLink, doc.id, { address: GUEST_IP })).status).toBe(200);
    const reads = await Promise.all(Array.from({ length: 30 }, (_, i) => asBroker(`/api/documents/${doc.id}/${i % 2 ? "view" : "download"}`)));
    expect(reads.map((r) => r.status)).toEqual(Array(30).fill(200));
    const sequences = (await trail(c.id)).map((e) => e.sequence);
    expect(new Set(sequences).size).toBe(sequences.length);
    expect(sequences.length).toBe(32);
    const check = await verifyBrokerChain(srv.server.ctx, broker.user.id);
    expect(check).toMatchObject({ intact: true });
  });

  test("deleting a customer keeps their entries, the deletion last", async () => {
    const c = await createCustomer(srv, broker.token, { name: "Dana Gone", email: "dana-gone@example.com" });
    expect((await asBroker(`/api/customers/${c.id}`, { method: "DELETE" })).status).toBe(200);
    const entries = await trail(c.id);
    expect(entries.map((e) => e.action)).toEqual(["customer_deleted", "invited"]);
    expect(entries[0]).toMatchObject({ actor: brokerActor(), address: BROKER_IP, detail: "dana-gone@example.com" });
  });

  test("without TRUST_PROXY, X-Forwarded-For is ignored: the address is the connection's", async () => {
    const plain = await startTestServer();
    try {
      const b = await plain.signUpBroker();
      const res = await plain.call("/api/customers", { method: "POST", token: b.token, headers: { "x-forwarded-for": "192.0.2.66" }, body: { email: "plain@example.com" } });
      const page = await plain.call(`/api/customer/${res.body.id}/audit`, { token: b.token });
      expect(page.body.entries[0]).toMatchObject({ action: "invited", address: "127.0.0.1" });
    } finally {
      await plain.stop();
    }
  });
});

describe("reading the trail", () => {
  test("pages newest first without overlap", async () => {
    const c = await createCustomer(srv, broker.token);
    for (let i = 0; i < 4; i++) await asBroker(`/api/customers/${c.id}/request-documents`, { method: "POST", body: { documentTypes: [`Extra ${i}`] } });
    const first = await asBroker(`/api/customer/${c.id}/audit?limit=2`);
    expect(first.body.entries.map((e: AuditEntryDto) => e.detail)).toEqual(["Extra 3", "Extra 2"]);
    expect(first.body.nextBefore).toBe(first.body.entries[1].sequence);
    const second = await asBroker(`/api/customer/${c.id}/audit?limit=2&before=${first.body.nextBefore}`);
    expect(second.body.entries.map((e: AuditEntryDto) => e.detail)).toEqual(["Extra 1", "Extra 0"]);
    const last = await asBroker(`/api/customer/${c.id}/audit?limit=2&before=${second.body.nextBefore}`);
    expect(last.body).toMatchObject({ entries: [{ action: "invited" }], nextBefore: null });
    expect((await asBroker(`/api/customer/${c.id}/audit?limit=0`)).status).toBe(400);
  });

  test("another broker (or a customer) cannot read a trail: 404 like a missing customer", async () => {
    const c = await createCustomer(srv, broker.token);
    const other = await srv.signUpBroker();
    for (const path of [`/api/customer/${c.id}/audit`, `/api/customer/${c.id}/audit.csv`, `/api/customer/${c.id}/audit.pdf`]) {
      const res = await srv.call(path, { token: other.token });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: "Customer not found" });
      expect((await srv.call(path.replace(c.id, "no-such-customer"), { token: broker.token })).status).toBe(404);
      expect((await srv.call(path)).status).toBe(401);
    }
  });

  test("CSV: one row per entry, oldest first, formula-safe cells; the download is itself recorded", async () => {
    const c = await createCustomer(srv, broker.token, { name: "Carla Csv", requiredDocuments: [{ name: "Paystub" }] });
    expect((await upload(c.uploadLink, c.documents[0]!.id, { address: GUEST_IP })).status).toBe(200);
    await asBroker(`/api/documents/${c.documents[0]!.id}/verify`, { method: "POST", body: { status: "rejected", rejectionReason: "=HYPERLINK(\"http://evil\")" } });
    const res = await fetch(`${srv.url}/api/customer/${c.id}/audit.csv`, { headers: { authorization: `Bearer ${broker.token}`, "x-forwarded-for": BROKER_IP } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toContain("Carla Csv - audit trail");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // a BOM: UTF-8 for Excel, as the export's manifest
    const lines = new TextDecoder().decode(bytes).trimEnd().split("\r\n");
    expect(lines[0]).toBe("#,Time (UTC),Action,Actor,Actor type,Address,Document,Detail,Hash");
    expect(lines.slice(1).map((l) => l.split(",")[2])).toEqual(["Invited", "Document uploaded", "Re-submit requested"]);
    expect(lines[3]).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(lines[2]).toContain(`Upload link,Link holder,${GUEST_IP},Paystub`);
    expect((await trail(c.id))[0]).toMatchObject({ action: "exported", detail: "Audit trail (CSV)", address: BROKER_IP });
  });

  test("PDF: a table of the trail headed by the chain's verification", async () => {
    const c = await createCustomer(srv, broker.token, { name: "Pia Pdf", requiredDocuments: [{ name: "Driver License" }] });
    await asBroker(`/api/customer/${c.id}/send-reminder`, { method: "POST" });
    const res = await fetch(`${srv.url}/api/customer/${c.id}/audit.pdf`, { headers: { authorization: `Bearer ${broker.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const text = await pdfText(new Uint8Array(await res.arrayBuffer()));
    expect(text).toContain("Audit trail - Pia Pdf");
    expect(text).toContain("Chain verification: audit chain intact");
    for (const label of ["Invited", "Reminder sent", "Driver License", "Bree " + broker.user.lastName]) expect(text).toContain(label);
  });
});

test("PDF: a long trail runs over several pages, none of its entries lost; odd characters do not break it", async () => {
  const c = await createCustomer(srv, broker.token, { name: "Zoë Łukasiewicz 李", requiredDocuments: [] });
  for (let i = 1; i <= 60; i++) await asBroker(`/api/customers/${c.id}/request-documents`, { method: "POST", body: { documentTypes: [`Statement ${i}`] } });
  const res = await fetch(`${srv.url}/api/customer/${c.id}/audit.pdf`, { headers: { authorization: `Bearer ${broker.token}` } });
  expect(res.status).toBe(200);
  const { text, pages } = await pdfPages(new Uint8Array(await res.arrayBuffer()));
  expect(pages).toBeGreaterThan(1);
  expect(text).toContain(`Page ${pages} of ${pages}`);
  for (let i = 1; i <= 60; i++) expect(text).toContain(`Statement ${i} `);
  expect(text).toContain("Audit trail - Zoë ?ukasiewicz ?"); // outside the PDF fonts' Latin-1: "?"
});

describe("portal audit verify", () => {
  // The CLI opens the server's own database: its data directory, or its PostgreSQL database.
  const verify = (...args: string[]) => {
    const { databaseUrl } = srv.server.ctx.config;
    return runCli(["audit", "verify", "--data", srv.dataDir, ...args], databaseUrl ? { DATABASE_URL: databaseUrl } : {});
  };
  // Tampering goes around the portal, straight at the table (on either database).
  type Row = typeof auditEvents.$inferSelect;
  const db = () => srv.server.ctx.db;
  const row = async (sequence: number): Promise<Row> =>
    (await db().select().from(auditEvents).where(and(eq(auditEvents.workspaceId, broker.user.id), eq(auditEvents.sequence, sequence))))[0]!;
  const lastSequence = async () => (await db().select({ n: max(auditEvents.sequence) }).from(auditEvents).where(eq(auditEvents.workspaceId, broker.user.id)))[0]!.n!;
  const edit = (id: string, changes: Partial<Row>) => transaction(db(), async (tx) => void (await tx.update(auditEvents).set(changes).where(eq(auditEvents.id, id))));
  const remove = (id: string) => transaction(db(), async (tx) => void (await tx.delete(auditEvents).where(eq(auditEvents.id, id))));
  const reinsert = (saved: Row) => transaction(db(), async (tx) => void (await tx.insert(auditEvents).values(saved)));

  test("an intact chain passes, exit 0 with a summary", async () => {
    await createCustomer(srv, broker.token);
    const res = await verify();
    expect(res.stderr).toBe("");
    expect(res.exitCode).toBe(0);
    const last = await lastSequence();
    expect(res.stdout).toContain(`ok      ${broker.user.id} (${broker.user.email}): ${last} entries, head #${last}`);
    expect(res.stdout).toContain("Audit chain intact");
    expect((await verify("--broker", broker.user.email)).exitCode).toBe(0);
  });

  test("an edited entry fails, naming it; put back, the chain holds again", async () => {
    const saved = await row(3);
    await edit(saved.id, { detail: "nothing to see" });
    const res = await verify();
    expect(res.exitCode).toBe(1);
    expect(res.stdout).toContain("entry #3 does not match its hash (edited or moved)");
    expect(res.stdout).toContain(`[entry id ${saved.id}]`);
    await edit(saved.id, { detail: saved.detail });
    expect((await verify()).exitCode).toBe(0);
  });

  test("an edited time or address is caught as well", async () => {
    const saved = await row(2);
    await edit(saved.id, { at: new Date(saved.at.getTime() + 1000) });
    expect((await verify()).stdout).toContain("entry #2 does not match its hash");
    await edit(saved.id, { at: saved.at, address: "10.0.0.1" });
    expect((await verify()).stdout).toContain("entry #2 does not match its hash");
    await edit(saved.id, { address: saved.address });
    expect((await verify()).exitCode).toBe(0);
  });

  test("a deleted entry fails, naming the gap", async () => {
    const saved = await row(4);
    await remove(saved.id);
    const res = await verify();
    expect(res.exitCode).toBe(1);
    expect(res.stdout).toContain("entry #4 is missing");
    await reinsert(saved);
    expect((await verify()).exitCode).toBe(0);
  });

  test("two entries swapped in order fail, naming the first", async () => {
    const five = await row(5);
    const six = await row(6);
    const renumber = (id: string, sequence: number) => edit(id, { sequence });
    await renumber(five.id, -1);
    await renumber(six.id, 5);
    await renumber(five.id, 6);
    const res = await verify();
    expect(res.exitCode).toBe(1);
    expect(res.stdout).toContain("entry #5 does not follow entry #4");
    await renumber(six.id, -1);
    await renumber(five.id, 5);
    await renumber(six.id, 6);
    expect((await verify()).exitCode).toBe(0);
  });

  test("the newest entry deleted fails against the chain head; the PDF says so too", async () => {
    const newest = await lastSequence();
    const saved = await row(newest);
    await remove(saved.id);
    const res = await verify();
    expect(res.exitCode).toBe(1);
    expect(res.stdout).toContain(`the chain ends at entry #${newest - 1} but its head is entry #${newest}`);
    const pdf = await fetch(`${srv.url}/api/customer/${saved.customerId}/audit.pdf`, { headers: { authorization: `Bearer ${broker.token}` } });
    expect(await pdfText(new Uint8Array(await pdf.arrayBuffer()))).toContain("AUDIT CHAIN BROKEN");
    await reinsert(saved);
    // The PDF's download was recorded after the break: that entry went on from the head, so
    // putting the row back leaves a chain that holds.
    expect((await verify()).exitCode).toBe(0);
  });

  test("an unknown --broker is an error", async () => {
    const res = await verify("--broker", "nobody@example.com");
    expect(res.exitCode).toBe(1);
    expect(res.stderr).toContain('No broker "nobody@example.com"');
  });
});

/** The text of every page of a PDF, as pdf.js reads it. */
async function pdfText(bytes: Uint8Array): Promise<string> {
  return (await pdfPages(bytes)).text;
}

async function pdfPages(bytes: Uint8Array): Promise<{ text: string; pages: number }> {
  (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker ??= await import("pdfjs-dist/legacy/build/pdf.worker.mjs");
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const loading = pdfjs.getDocument({ data: bytes, useWorkerFetch: false });
  const doc = await loading.promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ("str" in item ? item.str : "")).join(" "));
  }
  await loading.destroy();
  return { text: pages.join("\n") + "\n", pages: pages.length };
}
