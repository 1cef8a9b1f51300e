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
