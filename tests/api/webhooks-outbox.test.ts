// Webhooks end to end through the API (issue 43): the outbox written in the publishing
// transaction, fan-out to subscribed enabled endpoints, the delivery job with retries on the
// test clock, giving up, switching an endpoint off and telling its owner, resend, the test event,
// secret rotation, the delivery log, tenancy, and every payload against its published schema.
// Real HTTP receivers on 127.0.0.1 (WEBHOOKS_ALLOW_PRIVATE=true).
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { aboutCustomerById } from "../../src/features/customers/lookups.ts";
import { verifySignature } from "../../src/features/webhooks/signature.ts";
import { webhookBody, webhookDataSchemas } from "../../src/features/webhooks/events.ts";
import { inTransaction } from "../../src/lib/unit-of-work.ts";
import { attachFile, countRows, createCustomer, sampleFiles, uploadFile } from "../support/fixtures.ts";
import { newestEmail } from "../support/outbox.ts";
import { row } from "../support/sql.ts";
import { readsOf, statementsDuring } from "../support/statements.ts";
import { dialect } from "../../db/dialect.ts";
import { sql } from "drizzle-orm";
import { useServerWithBroker, type Broker } from "../support/server.ts";
import { corpusPdf, field, requestSignature, typed } from "../support/signatures.ts";
import { expectMatchesSchema, webhookReceiver, type Delivery } from "../support/webhook-receiver.ts";

const { srv, broker } = useServerWithBroker({ WEBHOOKS_ALLOW_PRIVATE: "true" });
const receivers: { stop(): void }[] = [];
const dir = mkdtempSync(join(tmpdir(), "portal-webhooks-outbox-"));
afterAll(() => {
  receivers.forEach((r) => r.stop());
  rmSync(dir, { recursive: true, force: true });
});

/** The README's "Integrations" code block, exactly as a developer would copy it. */
async function readmeRecipe(): Promise<(header: string, rawBody: string, secret: string) => boolean> {
  const readme = readFileSync(join(import.meta.dir, "../../README.md"), "utf8");
  const code = readme.slice(readme.indexOf("## Integrations")).match(/```ts\n([\s\S]*?)```/)![1]!;
  writeFileSync(join(dir, "recipe.ts"), code);
  return (await import(join(dir, "recipe.ts"))).verifyPortalSignature;
}

function receiver(answer?: () => Response) {
  const r = webhookReceiver(answer);
  receivers.push(r);
  return r;
}

async function addEndpoint(url: string, events: string[], as: Broker = broker) {
  const res = await srv.call("/api/webhooks", { method: "POST", token: as.token, body: { url, events } });
  expect(res.status).toBe(201);
  return res.body as { id: string; secret: string };
}

const deliveries = (endpointId: string, as: Broker = broker) => srv.call(`/api/webhooks/${endpointId}/deliveries`, { token: as.token });
const verified = (d: Delivery, secret: string) => verifySignature({ header: d.signature, body: d.body, secret, now: srv.clock.now() });

describe("the outbox", () => {
  test("each subscribed, enabled endpoint gets the customer's journey, signed, every payload as published", async () => {
    const all = receiver();
    const uploadsOnly = receiver();
    const a = await addEndpoint(all.url, ["customer.created", "customer.deleted", "document.requested", "document.uploaded", "document.approved", "document.resubmit_requested"]);
    const b = await addEndpoint(uploadsOnly.url, ["document.uploaded"]);

    const customer = await createCustomer(srv, broker.token, { name: "Cora Webhook", email: "cora.webhook@example.com" });
    const [first, second] = customer.documents;
    expect((await uploadFile(srv, customer.uploadLink, first!.id, { bytes: sampleFiles.pdf() })).status).toBe(200);
    expect((await srv.call(`/api/documents/${first!.id}/verify`, { method: "POST", token: broker.token, body: { status: "approved" } })).status).toBe(200);
    expect((await uploadFile(srv, customer.uploadLink, second!.id, { bytes: sampleFiles.pdf() })).status).toBe(200);
    expect((await srv.call(`/api/documents/${second!.id}/verify`, { method: "POST", token: broker.token, body: { status: "rejected", rejectionReason: "Page 2 is missing" } })).status).toBe(200);
    expect((await srv.call(`/api/customers/${customer.id}`, { method: "DELETE", token: broker.token })).status).toBe(200);
    // Nothing is sent on a request's path: the job sends.
    expect(all.received).toHaveLength(0);
    await srv.runJobs();

    const types = all.received.map((d) => d.event.type);
    expect(types.sort()).toEqual(
      ["customer.created", "document.requested", "document.requested", "document.uploaded", "document.approved", "document.uploaded", "document.resubmit_requested", "customer.deleted"].sort(),
    );
    const recipe = await readmeRecipe();
    for (const d of all.received) {
      expect(recipe(d.signature!, d.body, a.secret)).toBe(true);
      expect(recipe(d.signature!, d.body, b.secret)).toBe(false);
      expect(verified(d, a.secret)).toBe(true);
      expect(verified(d, b.secret)).toBe(false);
      expectMatchesSchema(d.event);
      expect(d.event.id).toStartWith("evt_");
      expect(d.event.data.customer).toMatchObject({ id: customer.id, email: "cora.webhook@example.com", name: "Cora Webhook" });
    }
    const approved = all.received.find((d) => d.event.type === "document.approved")!;
    expect(approved.event.data.document).toMatchObject({ id: first!.id, name: first!.name, status: "approved" });
    expect(all.received.find((d) => d.event.type === "document.resubmit_requested")!.event.data.reason).toBe("Page 2 is missing");

    expect(uploadsOnly.received.map((d) => d.event.type)).toEqual(["document.uploaded", "document.uploaded"]);
    for (const d of uploadsOnly.received) expect(verified(d, b.secret)).toBe(true);

    const log = await deliveries(a.id);
    expect(log.status).toBe(200);
    expect(log.body).toHaveLength(8);
    expect(log.body[0]).toMatchObject({ status: "succeeded", attempts: 1, lastStatus: 200, responseSnippet: "ok", lastError: null });
    for (const id of [a.id, b.id]) await srv.call(`/api/webhooks/${id}`, { method: "DELETE", token: broker.token });
  });

  test("share.sent and document.expiring: what a CRM needs, as published", async () => {
    const r = receiver();
    const endpoint = await addEndpoint(r.url, ["share.sent", "document.expiring"]);
    const customer = await createCustomer(srv, broker.token, { name: "Shay Share", email: "shay@example.com", requiredDocuments: [{ name: "Photo ID" }] });
    const form = new FormData();
    form.append("documents", new Blob([sampleFiles.pdf()], { type: "application/pdf" }), "closing-disclosure.pdf");
    form.append("customerIds", JSON.stringify([customer.id]));
    expect((await srv.call("/api/documents/share", { method: "POST", token: broker.token, body: form })).status).toBe(201);
    const photoId = customer.documents[0]!;
    await attachFile(srv, photoId.id);
    expect((await srv.call(`/api/documents/${photoId.id}/verify`, { method: "POST", token: broker.token, body: { status: "approved" } })).status).toBe(200);
    const expiresOn = new Date(srv.clock.now().getTime() + 10 * 86_400_000).toISOString().slice(0, 10);
    expect((await srv.call(`/api/documents/${photoId.id}/expiry`, { method: "PUT", token: broker.token, body: { expiresOn } })).status).toBe(200);
    await srv.runJobs(); // the renewal request (periodic), then the deliveries it queued
    await srv.runJobs();
    const byType = Object.fromEntries(r.received.map((d) => [d.event.type, d.event]));
    expect(Object.keys(byType).sort()).toEqual(["document.expiring", "share.sent"]);
    for (const d of r.received) expectMatchesSchema(d.event);
    expect(byType["share.sent"]!.data.documents).toMatchObject([{ name: "closing-disclosure.pdf", status: "shared" }]);
    expect(byType["document.expiring"]!.data).toMatchObject({ customer: { id: customer.id, email: "shay@example.com" }, document: { id: photoId.id, name: "Photo ID" }, expiresOn });
    await srv.call(`/api/webhooks/${endpoint.id}`, { method: "DELETE", token: broker.token });
  });

  test("signature.completed: a request signed by everyone and sealed reaches the endpoint once, as published", async () => {
    const hooks = receiver();
    const endpoint = await addEndpoint(hooks.url, ["signature.completed"]);
    const customer = await createCustomer(srv, broker.token, { name: "Sid Signer", email: "sid.signer@example.com" });
    const asked = await requestSignature(srv, broker.token, customer.id, {
      pdf: corpusPdf("pdfjs--sizes.pdf"),
      request: { name: "Engagement letter", signers: [{ email: customer.email, name: "Sid Signer" }], fields: [field({ type: "signature", page: 1 })] },
    });
    expect(asked.status).toBe(201);
    const signed = await srv.call(`/api/upload/${customer.uploadLink}/signature-requests/${asked.body.id}/sign`, { method: "POST", body: { consent: true, signature: typed("Sid Signer"), values: {} } });
    expect(signed.status).toBe(200);
    // The seal job publishes it in its transaction; the delivery job it queues sends it.
    await srv.runJobs();
    await srv.runJobs();
    const completed = hooks.received.filter((d) => d.event.type === "signature.completed");
    expect(completed).toHaveLength(1);
    const [delivery] = completed;
    expect(verified(delivery!, endpoint.secret)).toBe(true);
    expectMatchesSchema(delivery!.event);
    expect(delivery!.event.data).toMatchObject({
      signatureRequestId: asked.body.id,
      customer: { id: customer.id, email: "sid.signer@example.com" },
      document: { id: asked.body.documentId, name: "Engagement letter", status: "approved" },
    });
  });

  test("a change that rolls back leaves no event and no delivery", async () => {
    const r = receiver();
    const endpoint = await addEndpoint(r.url, ["customer.updated"]);
    const customer = await createCustomer(srv, broker.token);
    const before = await countRows(srv, "webhook_events");
    const { ctx } = srv.server;
    const failed = inTransaction(ctx, async (unit) => {
      unit.publish({ type: "customer_updated", ...(await aboutCustomerById(unit.tx, customer.id)) });
      throw new Error("the change failed");
    });
    await expect(failed).rejects.toThrow("the change failed");
    expect(await countRows(srv, "webhook_events")).toBe(before);
    // The same change committed: one event, one delivery.
    const renamed = await srv.call(`/api/customers/${customer.id}`, { method: "PUT", token: broker.token, body: { name: "Renamed Person", email: customer.email, loanType: "conventional" } });
    expect(renamed.status).toBe(200);
    expect(await countRows(srv, "webhook_events")).toBe(before + 1);
    await srv.runJobs();
    expect(r.received.map((d) => d.event.data.customer.name)).toEqual(["Renamed Person"]);
    await srv.call(`/api/webhooks/${endpoint.id}`, { method: "DELETE", token: broker.token });
  });
});

describe("what the outbox reads", () => {
  test("a unit publishing several events asks for its workspace's endpoints once, with none or with some", async () => {
    const owner = await srv.signUpBroker();
    const customer = await createCustomer(srv, owner.token);
    const threeUpdates = () =>
      statementsDuring(() =>
        inTransaction(srv.server.ctx, async (unit) => {
          const about = await aboutCustomerById(unit.tx, customer.id);
          for (let n = 0; n < 3; n++) unit.publish({ type: "customer_updated", ...about });
        }),
      );
    expect(readsOf("webhook_endpoints", await threeUpdates())).toHaveLength(1);
    const r = receiver();
    const endpoint = await addEndpoint(r.url, ["customer.updated"], owner);
    const withOne = await threeUpdates();
    expect(readsOf("webhook_endpoints", withOne)).toHaveLength(1);
    await srv.runJobs();
    expect(r.received.map((d) => d.event.type)).toEqual(["customer.updated", "customer.updated", "customer.updated"]);
    await srv.call(`/api/webhooks/${endpoint.id}`, { method: "DELETE", token: owner.token });
  });

  test("a payload's documents are read in one query, and only the customer's own", async () => {
    const owner = await srv.signUpBroker();
    const r = receiver();
    const endpoint = await addEndpoint(r.url, ["document.requested"], owner);
    const customer = await createCustomer(srv, owner.token, { requiredDocuments: [{ name: "One" }, { name: "Two" }, { name: "Three" }] });
    const other = await createCustomer(srv, owner.token, { requiredDocuments: [{ name: "Not theirs" }] });
    await srv.runJobs();
    r.received.length = 0;
    const ids = [...customer.documents.map((d) => d.id).reverse(), other.documents[0]!.id];
    const statements = await statementsDuring(() =>
      inTransaction(srv.server.ctx, async (unit) => unit.publish({ type: "documents_requested", ...(await aboutCustomerById(unit.tx, customer.id)), documentIds: ids })),
    );
    expect(readsOf("documents", statements)).toHaveLength(1);
    await srv.runJobs();
    // Sent by several jobs at once: in any order.
    expect(r.received.map((d) => d.event.data.document.name).sort()).toEqual(["One", "Three", "Two"]);
    for (const d of r.received) expectMatchesSchema(d.event);
    await srv.call(`/api/webhooks/${endpoint.id}`, { method: "DELETE", token: owner.token });
  });
});

describe("languages (issue 44)", () => {
  test("customer payloads carry the broker's language and the customer's own choice; the portal's switch is a customer.updated", async () => {
    const r = receiver();
    const endpoint = await addEndpoint(r.url, ["customer.created", "customer.updated"]);
    const customer = await createCustomer(srv, broker.token, { language: "es" });
    const switched = await srv.call(`/api/upload/${customer.uploadLink}/language`, { method: "PUT", body: { language: "en" } });
    expect(switched.status).toBe(200);
    await srv.runJobs();
    const ours = r.received.filter((d) => d.event.data.customer.id === customer.id);
    // Deliveries may arrive in any order (several instances' jobs): compared by type.
    expect(ours.map((d) => [d.event.type, d.event.data.customer.language, d.event.data.customer.chosenLanguage]).sort()).toEqual([
      ["customer.created", "es", null],
      ["customer.updated", "es", "en"],
    ]);
    for (const d of ours) expectMatchesSchema(d.event);
    await srv.call(`/api/webhooks/${endpoint.id}`, { method: "DELETE", token: broker.token });
  });
});

describe("the routes", () => {
  test("bad input is a 400 with a message, and nothing is created", async () => {
    const before = await countRows(srv, "webhook_endpoints");
    const create = (body: unknown) => srv.call("/api/webhooks", { method: "POST", token: broker.token, body });
    expect(await create({ url: "ftp://example.com/x", events: ["customer.created"] })).toMatchObject({ status: 400, body: { message: expect.any(String) } });
    expect(await create({ url: "not a url", events: ["customer.created"] })).toMatchObject({ status: 400, body: { message: "The webhook URL is not a valid URL" } });
    expect(await create({ url: "https://93.184.215.14/x", events: [] })).toMatchObject({ status: 400, body: { message: "Choose at least one event to send to this endpoint" } });
    expect(await create({ url: "https://93.184.215.14/x", events: ["customer.exploded"] })).toMatchObject({ status: 400, body: { message: "Unknown webhook event type" } });
    expect(await create({ url: `https://93.184.215.14/${"x".repeat(2100)}`, events: ["customer.created"] })).toMatchObject({ status: 400 });
    expect(await countRows(srv, "webhook_endpoints")).toBe(before);
  });

  test("the secret is shown once; another workspace's endpoint and delivery ids answer 404", async () => {
    const r = receiver();
    const endpoint = await addEndpoint(r.url, ["customer.created"]);
    const list = await srv.call("/api/webhooks", { token: broker.token });
    expect(JSON.stringify(list.body)).not.toContain(endpoint.secret);
    const test = await srv.call(`/api/webhooks/${endpoint.id}/test`, { method: "POST", token: broker.token });

    const other = await srv.signUpBroker();
    const asOther = (path: string, method = "GET") => srv.call(path, { method, token: other.token });
    expect((await asOther("/api/webhooks")).body).toEqual([]);
    for (const [path, method] of [
      [`/api/webhooks/${endpoint.id}/deliveries`, "GET"],
      [`/api/webhooks/${endpoint.id}/test`, "POST"],
      [`/api/webhooks/${endpoint.id}/rotate-secret`, "POST"],
      [`/api/webhooks/${endpoint.id}/deliveries/${test.body.deliveryId}/resend`, "POST"],
      [`/api/webhooks/${endpoint.id}`, "DELETE"],
    ] as const) {
      const res = await asOther(path, method);
      expect(res.status).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain(r.url);
    }
    // Their own endpoint does not open A's delivery either.
    const own = await addEndpoint(r.url, ["customer.created"], other);
    expect((await asOther(`/api/webhooks/${own.id}/deliveries/${test.body.deliveryId}/resend`, "POST")).status).toBe(404);
    expect((await srv.call("/api/webhooks", { token: broker.token })).body.map((e: any) => e.id)).toContain(endpoint.id);
  });
});

describe("the published contract", () => {
  test("GET /api/openapi.json publishes every event type's body, the very schema deliveries are checked against", async () => {
    const document = (await srv.call("/api/openapi.json")).body;
    expect(Object.keys(document.webhooks).sort()).toEqual(Object.keys(webhookDataSchemas).sort());
    for (const [type, data] of Object.entries(webhookDataSchemas)) {
      const published = document.webhooks[type].post.requestBody.content["application/json"].schema;
      expect(published).toEqual(JSON.parse(JSON.stringify(webhookBody(type, data))));
    }
  });
});

describe("delivery", () => {
  test("a failure is retried after its backoff, then succeeds; the log shows both attempts", async () => {
    let fail = true;
    const r = receiver(() => (fail ? new Response("down for maintenance", { status: 503 }) : new Response("thanks")));
    const endpoint = await addEndpoint(r.url, ["customer.created"]);
    const test = await srv.call(`/api/webhooks/${endpoint.id}/test`, { method: "POST", token: broker.token });
    expect(test.status).toBe(202);
    await srv.runJobs();
    let [entry] = (await deliveries(endpoint.id)).body;
    expect(entry).toMatchObject({ id: test.body.deliveryId, type: "webhook.test", status: "failed", attempts: 1, lastStatus: 503, responseSnippet: "down for maintenance", lastError: "HTTP 503" });
    const wait = Date.parse(entry.nextAttemptAt) - srv.clock.now().getTime();
    expect(wait).toBeGreaterThanOrEqual(24_000);
    expect(wait).toBeLessThanOrEqual(36_000);
    fail = false;
    await srv.runJobs(); // not due yet
    expect(r.received).toHaveLength(1);
    srv.clock.advance(40_000);
    await srv.runJobs();
    [entry] = (await deliveries(endpoint.id)).body;
    expect(entry).toMatchObject({ status: "succeeded", attempts: 2, lastStatus: 200, responseSnippet: "thanks", nextAttemptAt: null });
    expect(r.received.map((d) => d.event.id)).toEqual([r.received[0]!.event.id, r.received[0]!.event.id]);
    expectMatchesSchema(r.received[0]!.event);
    await srv.call(`/api/webhooks/${endpoint.id}`, { method: "DELETE", token: broker.token });
  });

  test("Resend sends the stored event again as a new delivery", async () => {
    const r = receiver();
    const endpoint = await addEndpoint(r.url, ["customer.created"]);
    const test = await srv.call(`/api/webhooks/${endpoint.id}/test`, { method: "POST", token: broker.token });
    await srv.runJobs();
    const resent = await srv.call(`/api/webhooks/${endpoint.id}/deliveries/${test.body.deliveryId}/resend`, { method: "POST", token: broker.token });
    expect(resent).toMatchObject({ status: 202, body: { message: "Delivery queued again" } });
    expect(resent.body.deliveryId).not.toBe(test.body.deliveryId);
    await srv.runJobs();
    expect(r.received).toHaveLength(2);
    expect(r.received[1]!.body).toBe(r.received[0]!.body);
    expect(r.received[0]!.event).toMatchObject({ type: "webhook.test", data: { message: "A test event from the document portal" } });
    expect((await deliveries(endpoint.id)).body.map((d: any) => d.status)).toEqual(["succeeded", "succeeded"]);
    await srv.call(`/api/webhooks/${endpoint.id}`, { method: "DELETE", token: broker.token });
  });

  test("a rotated secret: both sign for 24 h, then only the new one", async () => {
    const r = receiver();
    const endpoint = await addEndpoint(r.url, ["customer.created"]);
    const rotated = await srv.call(`/api/webhooks/${endpoint.id}/rotate-secret`, { method: "POST", token: broker.token });
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).not.toBe(endpoint.secret);
    expect(Date.parse(rotated.body.previousSecretValidUntil) - srv.clock.now().getTime()).toBe(24 * 60 * 60 * 1000);
    await srv.call(`/api/webhooks/${endpoint.id}/test`, { method: "POST", token: broker.token });
    await srv.runJobs();
    expect(verified(r.received[0]!, endpoint.secret)).toBe(true);
    expect(verified(r.received[0]!, rotated.body.secret)).toBe(true);
    srv.clock.advance(24 * 60 * 60 * 1000 + 1000);
    await srv.call(`/api/webhooks/${endpoint.id}/test`, { method: "POST", token: broker.token });
    await srv.runJobs();
    expect(verified(r.received[1]!, endpoint.secret)).toBe(false);
    expect(verified(r.received[1]!, rotated.body.secret)).toBe(true);
    await srv.call(`/api/webhooks/${endpoint.id}`, { method: "DELETE", token: broker.token });
  });

  test("gives up after 3 days; an endpoint failing 20 times over a day is switched off and its owner told; its answered test event switches it on", async () => {
    let answer = 500;
    const r = receiver(() => new Response(answer === 200 ? "ok" : "no", { status: answer }));
    const endpoint = await addEndpoint(r.url, ["customer.created"]);
    for (let i = 0; i < 3; i++) expect((await srv.call(`/api/webhooks/${endpoint.id}/test`, { method: "POST", token: broker.token })).status).toBe(202);
    let listed: any;
    for (let hours = 0; hours < 24 * 4; hours += 13) {
      await srv.runJobs();
      listed = (await srv.call("/api/webhooks", { token: broker.token })).body.find((e: any) => e.id === endpoint.id);
      if (!listed.enabled) break;
      srv.clock.advance(13 * 60 * 60 * 1000);
    }
    expect(listed).toMatchObject({ enabled: false, disabledReason: "Switched off after repeated failed deliveries" });
    expect(r.received.length).toBeGreaterThanOrEqual(20);
    const notifications = await srv.call("/api/notifications", { token: broker.token });
    expect(JSON.stringify(notifications.body)).toContain("Webhook endpoint switched off");
    const email = await newestEmail(srv.server.ctx.db, broker.user.email, "webhook_disabled");
    expect(email?.subject).toBe("A webhook endpoint was switched off");
    expect(email?.text).toContain(r.url);

    // Switched off: nothing more is sent; what was still pending is given up.
    const sent = r.received.length;
    srv.clock.advance(24 * 60 * 60 * 1000);
    await srv.runJobs();
    expect(r.received).toHaveLength(sent);
    const log = (await deliveries(endpoint.id)).body as any[];
    expect(log.every((d) => d.status === "given_up")).toBe(true);

    // The owner's test event still goes out; failing, it is not tried again and the endpoint stays off.
    const endpointNow = async () => (await srv.call("/api/webhooks", { token: broker.token })).body.find((e: any) => e.id === endpoint.id);
    expect((await srv.call(`/api/webhooks/${endpoint.id}/test`, { method: "POST", token: broker.token })).status).toBe(202);
    await srv.runJobs();
    expect(r.received).toHaveLength(sent + 1);
    expect((await deliveries(endpoint.id)).body[0]).toMatchObject({ status: "given_up", lastStatus: 500 });
    expect(await endpointNow()).toMatchObject({ enabled: false });
    // Fixed: the test event is answered, the endpoint is on again and hears the workspace's events.
    answer = 200;
    expect((await srv.call(`/api/webhooks/${endpoint.id}/test`, { method: "POST", token: broker.token })).status).toBe(202);
    await srv.runJobs();
    expect(await endpointNow()).toMatchObject({ enabled: true, disabledReason: null });
    await createCustomer(srv, broker.token, { name: "Back On", email: "back.on@example.com" });
    await srv.runJobs();
    expect(r.received.at(-1)!.event).toMatchObject({ type: "customer.created", data: { customer: { email: "back.on@example.com" } } });
    await srv.call(`/api/webhooks/${endpoint.id}`, { method: "DELETE", token: broker.token });
  });


  test("a delivery still failing 3 days after its first attempt is given up", async () => {
    // A broker signed in now: the one above was signed in days ago on the test clock.
    const fresh = await srv.signUpBroker();
    const r = receiver(() => new Response("no", { status: 500 }));
    const endpoint = await addEndpoint(r.url, ["customer.created"], fresh);
    await srv.call(`/api/webhooks/${endpoint.id}/test`, { method: "POST", token: fresh.token });
    const started = srv.clock.now().getTime();
    let entry: any;
    for (let i = 0; i < 40; i++) {
      await srv.runJobs();
      [entry] = (await deliveries(endpoint.id, fresh)).body;
      if (entry.status === "given_up") break;
      srv.clock.advance(Math.max(0, Date.parse(entry.nextAttemptAt) - srv.clock.now().getTime()) + 1000);
    }
    expect(entry).toMatchObject({ status: "given_up", nextAttemptAt: null });
    expect(srv.clock.now().getTime() - started).toBeGreaterThan(2 * 24 * 60 * 60 * 1000);
    expect(srv.clock.now().getTime() - started).toBeLessThanOrEqual(3 * 24 * 60 * 60 * 1000);
    await srv.call(`/api/webhooks/${endpoint.id}`, { method: "DELETE", token: fresh.token });
  });
});

describe("retention", () => {
  test("an event and its delivery log are let go 30 days on by the hourly task, not before", async () => {
    const owner = await srv.signUpBroker();
    const r = receiver();
    const endpoint = await addEndpoint(r.url, ["customer.created"], owner);
    expect((await srv.call(`/api/webhooks/${endpoint.id}/test`, { method: "POST", token: owner.token })).status).toBe(202);
    await srv.runJobs();
    const [delivery] = (await deliveries(endpoint.id, owner)).body as any[];
    expect(delivery).toMatchObject({ status: "succeeded" });
    const kept = async () => ({
      events: (await row<{ n: number }>(srv.server.ctx.db, sql`select cast(count(*) as integer) as n from webhook_events where id = ${delivery.eventId}`))!.n,
      deliveries: (await row<{ n: number }>(srv.server.ctx.db, sql`select cast(count(*) as integer) as n from webhook_deliveries where id = ${delivery.id}`))!.n,
    });
    srv.clock.advance(29 * 24 * 60 * 60 * 1000);
    await srv.runJobs();
    expect(await kept()).toEqual({ events: 1, deliveries: 1 });
    srv.clock.advance(2 * 24 * 60 * 60 * 1000);
    await srv.runJobs();
    expect(await kept()).toEqual({ events: 0, deliveries: 0 });
  });

  test("the hourly purge finds the old events by an index on created_at, not by reading the table", async () => {
    const purge = "delete from webhook_events where created_at < $1";
    let plan: string;
    if (dialect === "sqlite") {
      const steps = srv.server.ctx.db.$client.query(`explain query plan ${purge.replace("$1", "?")}`).all(0) as { detail: string }[];
      plan = steps.map((s) => s.detail).join("\n");
    } else {
      // A table this small is read whole whatever its indexes: the plan is asked as for a big one.
      const client = srv.server.ctx.db.$client as unknown as { begin<T>(work: (tx: { unsafe(text: string, params?: unknown[]): Promise<T> }) => Promise<T>): Promise<T> };
      const steps = (await client.begin(async (tx) => {
        await tx.unsafe("set local enable_seqscan = off");
        return tx.unsafe(`explain ${purge}`, [new Date(0).toISOString()]);
      })) as unknown as { "QUERY PLAN": string }[];
      plan = steps.map((s) => s["QUERY PLAN"]).join("\n");
    }
    expect(plan).toContain("webhook_events_created_at_idx");
  });
});
