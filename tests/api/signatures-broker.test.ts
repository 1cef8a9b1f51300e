// The broker's side of a signature request beyond sending an uploaded PDF (issue 41 items 1, 2
// and the "every state visible" clause): the PDF taken from a file already shared with the
// customer (tenancy: another customer's or workspace's file is a 404), sending a request again,
// and what void and decline leave on both sides.
import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { readdirSync } from "node:fs";
import { emails } from "../../db/tables.ts";
import { realPdf } from "../files/samples.ts";
import { signatureMessages } from "../../src/shared/signatures.ts";
import { countRows, createCustomer, daysAhead } from "../support/fixtures.ts";
import { setPlan } from "../../src/features/billing/service.ts";
import { useServerWithBroker, useTestServer, type TestServer } from "../support/server.ts";
import { STAND_IN_KEYS, STAND_IN_PRICES } from "../support/stripe-stand-in.ts";
import { field, requestSignature, tokenOf, typed, type RequestBody } from "../support/signatures.ts";

const { srv, broker } = useServerWithBroker();

const sha256 = (bytes: Uint8Array) => new Bun.CryptoHasher("sha256").update(bytes).digest("hex");

/** Shares `bytes` with one customer; the id of that customer's shared row. */
async function shareWith(customerId: string, bytes: Uint8Array, name: string, as: { token: string } = broker, server: TestServer = srv): Promise<string> {
  const form = new FormData();
  form.append("documents", new Blob([bytes.slice()], { type: "application/octet-stream" }), name);
  form.append("customerIds", JSON.stringify([customerId]));
  const res = await server.call("/api/documents/share", { method: "POST", body: form, token: as.token });
  expect(res.status).toBe(201);
  const docs = (await server.call(`/api/customer/${customerId}/documents`, { token: as.token })).body as any[];
  return docs.find((d) => d.status === "shared" && d.originalName === name).id;
}

const requestOf = (email: string, extra: Partial<RequestBody> & Record<string, unknown> = {}) => ({
  name: "Disclosure",
  signers: [{ email, name: "Grace Hopper" }],
  fields: [field({ type: "signature" })],
  ...extra,
});

/** POST with the request part only (no file), as the dialog sends a shared file's request. */
function requestFromShared(customerId: string, request: unknown, token = broker.token) {
  const form = new FormData();
  form.append("request", JSON.stringify(request));
  return srv.call(`/api/customers/${customerId}/signature-requests`, { method: "POST", token, body: form });
}

const stored = async () => ({ requests: await countRows(srv, "signature_requests"), documents: await countRows(srv, "documents") });

describe("the PDF from a file shared with the customer", () => {
  test("a shared PDF is signed as an upload would be; the request keeps its own copy", async () => {
    const customer = await createCustomer(srv, broker.token, { name: "Grace Hopper" });
    const pdf = realPdf(2);
    const sharedId = await shareWith(customer.id, pdf, "Closing Disclosure.pdf");
    const res = await requestFromShared(customer.id, requestOf(customer.email, { sharedDocumentId: sharedId, fields: [field({ type: "signature", page: 2 })] }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: "sent", pageCount: 2, originalSha256: sha256(pdf) });
    // The customer reads that PDF on their link; the shared file stays shared.
    const opened = await srv.call(`/api/upload/${customer.uploadLink}/signature-requests/${res.body.id}`);
    const original = new Uint8Array(await (await fetch(srv.url + opened.body.documentUrl)).arrayBuffer());
    expect(sha256(original)).toBe(sha256(pdf));
    const docs = (await srv.call(`/api/customer/${customer.id}/documents`, { token: broker.token })).body as any[];
    expect(docs.find((d) => d.id === sharedId)).toMatchObject({ status: "shared" });
    // Deleting the shared file afterwards leaves the request's own original.
    expect((await srv.call(`/api/documents/${sharedId}`, { method: "DELETE", token: broker.token })).status).toBe(200);
    expect((await fetch(srv.url + opened.body.documentUrl)).status).toBe(200);
  });

  test("another customer's or another workspace's shared file, a requested document, a missing id: 404, nothing stored", async () => {
    const customer = await createCustomer(srv, broker.token, { name: "Grace Hopper" });
    const other = await createCustomer(srv, broker.token, { name: "Ada Other" });
    const othersFile = await shareWith(other.id, realPdf(1), "Other.pdf");
    const rival = await srv.signUpBroker();
    const rivalCustomer = await createCustomer(srv, rival.token, { name: "Rita Rival" });
    const rivalsFile = await shareWith(rivalCustomer.id, realPdf(1), "Rival.pdf", rival);
    const requested = (await srv.call(`/api/customer/${customer.id}/documents`, { token: broker.token })).body.find((d: any) => d.status !== "shared")?.id ?? "missing";
    const before = await stored();
    for (const id of [othersFile, rivalsFile, requested, "no-such-document"]) {
      const res = await requestFromShared(customer.id, requestOf(customer.email, { sharedDocumentId: id }));
      expect(res.status).toBe(404);
      expect(res.body.message).toBe("Shared file not found. Pick a PDF shared with this customer.");
    }
    // The rival cannot take this workspace's shared file for their own customer either.
    const mine = await shareWith(customer.id, realPdf(1), "Mine.pdf");
    expect((await requestFromShared(rivalCustomer.id, requestOf(rivalCustomer.email, { sharedDocumentId: mine }), rival.token)).status).toBe(404);
    expect(await stored()).toEqual({ ...before, documents: before.documents + 1 }); // the share above
  });

  test("a shared file that is not a PDF, both a file and a shared id, neither: refused with why, nothing stored", async () => {
    const customer = await createCustomer(srv, broker.token, { name: "Grace Hopper" });
    const png = await shareWith(customer.id, new Uint8Array(Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64")), "photo.png");
    const pdfId = await shareWith(customer.id, realPdf(1), "Letter.pdf");
    const before = await stored();
    const notPdf = await requestFromShared(customer.id, requestOf(customer.email, { sharedDocumentId: png }));
    expect(notPdf.status).toBe(415);
    expect(notPdf.body.message).toBe("A signature request needs a PDF. Upload the document as a PDF.");
    const both = await requestSignature(srv, broker.token, customer.id, { pdf: realPdf(1), request: requestOf(customer.email, { sharedDocumentId: pdfId }) as RequestBody });
    expect(both.status).toBe(400);
    expect(both.body.message).toBe(signatureMessages.twoSources);
    const neither = await requestFromShared(customer.id, requestOf(customer.email));
    expect(neither.status).toBe(400);
    expect(neither.body.message).toBe(signatureMessages.noSource);
    const badId = await requestFromShared(customer.id, requestOf(customer.email, { sharedDocumentId: { id: pdfId } }));
    expect(badId.status).toBe(400);
    expect(await stored()).toEqual(before);
  });

  test("the server names the signer who has no signature field, in the dialog's words", async () => {
    const customer = await createCustomer(srv, broker.token, { name: "Grace Hopper" });
    const res = await requestSignature(srv, broker.token, customer.id, {
      pdf: realPdf(1),
      request: requestOf(customer.email, { signers: [{ email: customer.email, name: "Grace Hopper" }, { email: "alan@example.com", name: "Alan Turing" }] }) as RequestBody,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Alan Turing has no signature field. Place one for every signer.");
  });
});

describe("send it again", () => {
  const emailsTo = async (to: string) => (await srv.server.ctx.db.select().from(emails).where(eq(emails.to, to))).filter((e) => e.kind === "signature_request");

  async function twoSigners(ordered: boolean, dueDate?: string) {
    const customer = await createCustomer(srv, broker.token, { name: "Grace Hopper" });
    const co = `co.${crypto.randomUUID().slice(0, 8)}@example.com`;
    const res = await requestSignature(srv, broker.token, customer.id, {
      pdf: realPdf(1),
      request: {
        name: "Engagement letter",
        ordered,
        ...(dueDate ? { dueDate } : {}),
        signers: [
          { email: customer.email, name: "Grace Hopper" },
          { email: co, name: "Alan Turing" },
        ],
        fields: [field({ type: "signature" }), field({ type: "signature", signer: 1, y: 0.4 })],
      },
    });
    expect(res.status).toBe(201);
    return { customer, co, request: res.body };
  }
  const resend = (id: string, token = broker.token) => srv.call(`/api/signature-requests/${id}/resend`, { method: "POST", token });

  test("the request email goes again to the signers who have not signed; an audit entry; throttled with Send Reminder", async () => {
    const { customer, co, request } = await twoSigners(false);
    expect(await emailsTo(customer.email)).toHaveLength(1);
    expect(await emailsTo(co)).toHaveLength(1);
    const signed = await srv.call(`/api/upload/${customer.uploadLink}/signature-requests/${request.id}/sign`, { method: "POST", body: { consent: true, signature: typed("Grace Hopper") } });
    expect(signed.status).toBe(200);

    const again = await resend(request.id);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: request.id, status: "partially_signed" });
    // Only Alan, who has not signed, is asked again, with his own link.
    expect(await emailsTo(customer.email)).toHaveLength(1);
    const theirs = await emailsTo(co);
    expect(theirs).toHaveLength(2);
    expect(theirs[1]!.text).toContain(`/sign/${tokenOf(srv, request.signers[1].id)}`);
    expect(theirs[1]!.replyTo).toContain(broker.user.email);
    const trail = await srv.call(`/api/customer/${customer.id}/audit`, { token: broker.token });
    expect(trail.body.entries.find((e: any) => e.action === "signature_resent")).toMatchObject({ detail: `Engagement letter: ${co}` });

    // Throttled as reminders are, and with them: one a minute per customer.
    const soon = await resend(request.id);
    expect(soon.status).toBe(429);
    expect(soon.body.message).toBe("A reminder was just sent to this customer. Please wait a minute before sending another.");
    expect(Number(soon.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await srv.call(`/api/customer/${customer.id}/send-reminder`, { method: "POST", token: broker.token })).status).toBe(429);
    expect(await emailsTo(co)).toHaveLength(2);
    srv.clock.advance(61_000);
    expect((await resend(request.id)).status).toBe(200);
    expect(await emailsTo(co)).toHaveLength(3);
  });

  test("in order, only the signer whose turn it is; voided, past due, another workspace's: refused, nothing sent", async () => {
    const { customer, co, request } = await twoSigners(true, daysAhead(srv, 2));
    expect((await resend(request.id)).status).toBe(200);
    expect(await emailsTo(customer.email)).toHaveLength(2);
    expect(await emailsTo(co)).toHaveLength(0);

    const rival = await srv.signUpBroker();
    expect((await resend(request.id, rival.token)).status).toBe(404);

    srv.clock.advance(3 * 86_400_000);
    const late = await resend(request.id);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe("This signature request is past its due date. Move its due date first, then send it again.");

    expect((await srv.call(`/api/signature-requests/${request.id}/void`, { method: "POST", token: broker.token })).status).toBe(200);
    const voided = await resend(request.id);
    expect(voided.status).toBe(409);
    expect(voided.body.message).toContain("voided");
    expect(await emailsTo(customer.email)).toHaveLength(2);
  });
});

describe("the plan's document limit", () => {
  // Billing on (nothing reaches Stripe: the plan is set directly), as in billing.test.ts.
  const billed = useTestServer({
    STRIPE_SECRET_KEY: STAND_IN_KEYS.secret,
    STRIPE_PUBLISHABLE_KEY: STAND_IN_KEYS.publishable,
    STRIPE_WEBHOOK_SECRET: STAND_IN_KEYS.webhook,
    STRIPE_PRICE_BASIC: STAND_IN_PRICES.basic,
    STRIPE_PRICE_PRO: STAND_IN_PRICES.pro,
    STRIPE_PRICE_UNLIMITED: STAND_IN_PRICES.unlimited,
    STRIPE_API_BASE: "http://127.0.0.1:9",
  });

  test("a signature request is one of the customer's documents: counted, and refused past the cap in the SPEC's words; voiding frees it", async () => {
    const b = await billed.signUpBroker();
    await setPlan(billed.server.ctx, b.user.id, "free"); // 3 documents per customer
    const customer = await createCustomer(billed, b.token, { name: "Grace Hopper", requiredDocuments: [{ name: "Paystub" }, { name: "Bank Statement" }] });
    const ask = () => requestSignature(billed, b.token, customer.id, { pdf: realPdf(1), request: requestOf(customer.email) as RequestBody });
    const third = await ask();
    expect(third.status).toBe(201);
    expect((await billed.call("/api/subscription", { token: b.token })).body.limits).toMatchObject({ documentsUsed: 3 });

    const requests = await countRows(billed, "signature_requests");
    const over = await ask();
    expect(over.status).toBe(403);
    expect(over.body.message).toBe(
      "Document Limit Exceeded: Cannot add 1 documents. Customer already has 3 requested documents. Maximum allowed is 3 requested documents per customer based on your subscription plan.",
    );
    expect(await countRows(billed, "signature_requests")).toBe(requests);
    expect(readdirSync(billed.server.ctx.files.tempDir)).toEqual([]);

    // Voided, it no longer asks anything of the customer and no longer counts.
    expect((await billed.call(`/api/signature-requests/${third.body.id}/void`, { method: "POST", token: b.token })).status).toBe(200);
    expect((await ask()).status).toBe(201);
  });
});

describe("void and decline leave a trace on both sides", () => {
  test("the customer's portal lists a voided and a declined request apart, with who declined (not why); the broker keeps both states", async () => {
    const customer = await createCustomer(srv, broker.token, { name: "Grace Hopper" });
    const ask = (name: string) =>
      requestSignature(srv, broker.token, customer.id, {
        pdf: realPdf(1),
        request: requestOf(customer.email, {
          name,
          signers: [
            { email: customer.email, name: "Grace Hopper" },
            { email: "alan@example.com", name: "Alan Turing" },
          ],
          fields: [field({ type: "signature" }), field({ type: "signature", signer: 1, y: 0.5 })],
        }) as RequestBody,
      });
    // A second apart: both lists are oldest first.
    const voided = (await ask("Disclosure")).body;
    srv.clock.advance(1000);
    const declined = (await ask("Authorisation")).body;
    srv.clock.advance(1000);
    const open = (await ask("Engagement letter")).body;
    const portal = () => srv.call(`/api/upload/${customer.uploadLink}`);
    expect((await portal()).body.withdrawnSignatures).toBeUndefined();

    expect((await srv.call(`/api/signature-requests/${voided.id}/void`, { method: "POST", token: broker.token })).status).toBe(200);
    const token = tokenOf(srv, declined.signers[1].id);
    expect((await srv.call(`/api/sign/${token}/decline`, { method: "POST", body: { reason: "The amount is wrong." } })).status).toBe(200);

    const seen = (await portal()).body;
    // Neither is asked for any more; the open one still is.
    expect(seen.documents.map((d: any) => d.id)).not.toContain(voided.documentId);
    expect(seen.documents.map((d: any) => d.id)).not.toContain(declined.documentId);
    expect(seen.documents.map((d: any) => d.id)).toContain(open.documentId);
    expect(seen.withdrawnSignatures).toEqual([
      { id: voided.id, brokerId: expect.any(String), name: "Disclosure", status: "voided", declinedBy: null, at: expect.any(String) },
      { id: declined.id, brokerId: expect.any(String), name: "Authorisation", status: "declined", declinedBy: "Alan Turing", at: expect.any(String) },
    ]);
    expect(JSON.stringify(seen)).not.toContain("The amount is wrong.");

    const card = (await srv.call(`/api/customers/${customer.id}/signature-requests`, { token: broker.token })).body as any[];
    expect(card.map((r) => [r.name, r.status])).toEqual([
      ["Disclosure", "voided"],
      ["Authorisation", "declined"],
      ["Engagement letter", "sent"],
    ]);
    expect(card[1].signers[1].declineReason).toBe("The amount is wrong.");
  });
});
