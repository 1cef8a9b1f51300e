// The side effects many features cause (src/side-effects.ts) are unit subscribers: a service
// publishes an event whose `facts` say who acted and what they wrote, and the audit trail and the
// notifications are written from them in the same transaction. The facts never leave the unit
// (liveEventOf, src/lib/unit.ts): not to the live channel, not to another instance through
// PostgreSQL NOTIFY (whose payload is at most MAX_PAYLOAD_BYTES), not to a socket.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { MAX_PAYLOAD_BYTES } from "../../db/notify.ts";
import type { DomainEvent } from "../../src/lib/events.ts";
import type { EventFacts, UnitEvent } from "../../src/lib/unit.ts";
import { inTransaction } from "../../src/lib/unit-of-work.ts";
import { createCustomer, sampleFiles, uploadFile } from "../support/fixtures.ts";
import { connectLive } from "../support/live.ts";
import { startSecondInstance, type SecondInstance } from "../support/second-instance.ts";
import { useTestServer } from "../support/server.ts";

const srv = useTestServer();
const ctx = () => srv.server.ctx;
const onPostgres = () => Boolean(ctx().config.databaseUrl);

// On PostgreSQL a second instance shares the database: its events reach this server's sockets
// only through NOTIFY. (On SQLite instances do not share events: the same server is used.)
let second: SecondInstance | null = null;
beforeAll(async () => {
  if (onPostgres()) second = await startSecondInstance(srv);
});
afterAll(async () => {
  await second?.stop();
});

/** Three bytes each in UTF-8: 2,000 of them (the longest reason allowed) are 6,000 bytes. */
const LONG_REASON = "€".repeat(2000);

interface TrailEntry {
  action: string;
  detail: string | null;
  address: string | null;
  actor: { kind: string; label: string };
}

const trailOf = async (token: string, customerId: string) =>
  (await srv.call<{ entries: TrailEntry[] }>(`/api/customer/${customerId}/audit`, { token })).body.entries;

test("the live channel hears an event without its facts and nothing of a unit-only one; the subscribers write from both", async () => {
  const broker = await srv.signUpBroker();
  const c = await createCustomer(srv, broker.token);
  const about = { workspaceId: c.assigneeId, customerId: c.id, assigneeId: c.assigneeId };
  const facts: EventFacts = {
    audit: [{ brokerId: about.workspaceId, customerId: c.id, action: "exported", actor: { kind: "broker", id: broker.user.id, label: "Actor Name", address: "203.0.113.7" }, detail: LONG_REASON }],
  };
  const heard: DomainEvent[] = [];
  const stop = ctx().events.subscribe((event) => heard.push(event));
  const handed: UnitEvent[] = [];
  const registered = ctx().unitSubscribers.length;
  ctx().unitSubscribers.push((_unit, event) => void handed.push(event));
  try {
    await inTransaction(ctx(), async (unit) => {
      unit.publish({ type: "customer_updated", ...about, facts });
      unit.publish({ type: "customers_exported", workspaceId: about.workspaceId, facts });
    });
  } finally {
    stop();
    ctx().unitSubscribers.length = registered;
  }
  expect(heard).toEqual([{ type: "customer_updated", ...about }]);
  expect(new TextEncoder().encode(JSON.stringify(heard[0])).length).toBeLessThan(MAX_PAYLOAD_BYTES);
  expect(handed.map((e) => [e.type, e.facts])).toEqual([
    ["customer_updated", facts],
    ["customers_exported", facts],
  ]);
  // The audit subscriber wrote both entries, the large detail whole.
  const exported = (await trailOf(broker.token, c.id)).filter((e) => e.action === "exported");
  expect(exported.map((e) => [e.detail, e.address, e.actor.label])).toEqual([
    [LONG_REASON, "203.0.113.7", "Actor Name"],
    [LONG_REASON, "203.0.113.7", "Actor Name"],
  ]);
});

test("a re-submit with the longest reason reaches another instance's socket as the same update, carrying no reason nor actor", async () => {
  const broker = await srv.signUpBroker();
  const c = await createCustomer(srv, broker.token);
  const documentId = c.documents[0]!.id;
  expect((await uploadFile(srv, c.uploadLink, documentId, { bytes: sampleFiles.pdf() })).status).toBe(200);
  const live = await connectLive(srv, { cookie: broker.cookie });
  const via = second ? second.url : srv.url;
  const answer = await fetch(`${via}/api/documents/${documentId}/verify`, {
    method: "POST",
    headers: { authorization: `Bearer ${broker.token}`, "content-type": "application/json", origin: via },
    body: JSON.stringify({ status: "rejected", rejectionReason: LONG_REASON }),
  });
  expect(answer.status).toBe(200);
  // Not a customer_list_refresh, which is what an event too large for NOTIFY becomes.
  const update = await live.next((m) => m.type === "data_update" && m.updateType === "document_verified", 10_000);
  expect(update).toEqual({ type: "data_update", updateType: "document_verified", data: { customerId: c.id, documentId } });
  const sent = JSON.stringify(live.messages);
  expect(sent).not.toContain("€");
  expect(sent).not.toContain(broker.user.email);
  live.close();
  // The subscribers had the whole of it: the trail's entry, and the customer's notification.
  const [entry] = (await trailOf(broker.token, c.id)).filter((e) => e.action === "resubmit_requested");
  expect(entry!.detail).toBe(LONG_REASON);
  expect(entry!.actor.kind).toBe("broker");
});

test("a deleted customer's contact and the webhook-only events stay in the unit: another instance hears nothing of them on NOTIFY", async () => {
  const broker = await srv.signUpBroker();
  const c = await createCustomer(srv, broker.token, { name: "Nora Notify", email: "nora.notify@example.com" });
  const about = { workspaceId: c.assigneeId, customerId: c.id, assigneeId: c.assigneeId };
  const documentId = c.documents[0]!.id;
  // On PostgreSQL what the second instance hears came through NOTIFY; on SQLite the live channel
  // is this server's own bus, the same events.
  const heard: DomainEvent[] = [];
  const stop = (second ? second.ctx.events : ctx().events).subscribe((event) => heard.push(event));
  const handed: UnitEvent[] = [];
  const registered = ctx().unitSubscribers.length;
  ctx().unitSubscribers.push((_unit, event) => void handed.push(event));
  try {
    const form = new FormData();
    form.append("documents", new Blob([sampleFiles.pdf()], { type: "application/pdf" }), "closing-disclosure.pdf");
    form.append("customerIds", JSON.stringify([c.id]));
    expect((await srv.call("/api/documents/share", { method: "POST", token: broker.token, body: form })).status).toBe(201);
    // The expiry and seal jobs' events, as those jobs publish them (their webhooks: webhooks-outbox.test.ts).
    await inTransaction(ctx(), async (unit) => {
      unit.publish({ type: "document_expiring", ...about, documentId, expiresOn: "2030-01-31" });
      unit.publish({ type: "signature_completed", ...about, documentId, signatureRequestId: "sig-request" });
    });
    expect((await srv.call(`/api/customers/${c.id}`, { method: "DELETE", token: broker.token })).status).toBe(200);
    // Sent after the others, in order: once it is heard, so would they have been.
    await inTransaction(ctx(), async (unit) => unit.publish({ type: "customer_list_refresh", workspaceId: about.workspaceId }));
    const deadline = Date.now() + 20_000;
    while (!heard.some((e) => e.type === "customer_list_refresh") && Date.now() < deadline) await Bun.sleep(50);
  } finally {
    stop();
    ctx().unitSubscribers.length = registered;
  }
  const types = heard.map((e) => e.type);
  expect(types).toContain("customer_deleted");
  expect(types).toContain("customer_list_refresh");
  for (const webhookOnly of ["share_sent", "document_expiring", "signature_completed"]) expect(types).not.toContain(webhookOnly);
  expect(JSON.stringify(heard)).not.toContain("nora.notify@example.com");
  expect(JSON.stringify(heard)).not.toContain("Nora Notify");
  expect(heard.find((e) => e.type === "customer_deleted")).toEqual({ type: "customer_deleted", ...about });
  // The unit's subscribers (the webhooks' outbox among them) had every one, the contact as a fact.
  expect(handed.map((e) => e.type)).toEqual(expect.arrayContaining(["share_sent", "document_expiring", "signature_completed", "customer_deleted"]));
  expect(handed.find((e) => e.type === "customer_deleted")!.facts?.contact).toEqual({ name: "Nora Notify", email: "nora.notify@example.com" });
});
