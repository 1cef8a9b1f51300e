// Benchmark (issue 43): 1,000 events fanned out to 10 endpoints (local receivers on loopback,
// WEBHOOKS_ALLOW_PRIVATE=true). Reports the outbox's cost per event (the transaction that
// publishes it, with no endpoint and with 10 subscribed: one event row, 10 deliveries, 10 jobs)
// and the delivery rate of the scheduler (its default concurrency, 8) until all 10,000 arrived.
// Run: npx bun scripts/bench/webhooks.ts [events] [endpoints]
import { aboutCustomerById } from "../../src/features/customers/lookups.ts";
import { inTransaction } from "../../src/lib/unit-of-work.ts";
import { startTestServer } from "../../tests/support/server.ts";

const events = Number(process.argv[2] ?? 1000);
const endpointCount = Number(process.argv[3] ?? 10);
const srv = await startTestServer({ WEBHOOKS_ALLOW_PRIVATE: "true" });
const broker = await srv.signUpBroker();
const { ctx } = srv.server;
const customer = await srv.call("/api/customers", { method: "POST", token: broker.token, body: { email: "bench@example.com", name: "Bench Customer", requiredDocuments: [] } });
if (customer.status !== 201) throw new Error(`customer: ${customer.status}`);

let received = 0;
const receivers = Array.from({ length: endpointCount }, () =>
  Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch: async (request) => {
      await request.text();
      received++;
      return new Response("ok");
    },
  }),
);

/** `count` transactions, each publishing one customer_updated (as a request's change would). */
async function publish(count: number): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    await inTransaction(ctx, async (unit) => unit.publish({ type: "customer_updated", ...(await aboutCustomerById(unit.tx, customer.body.id)) }));
  }
  return performance.now() - started;
}

const bare = await publish(events);
for (const r of receivers) {
  const res = await srv.call("/api/webhooks", { method: "POST", token: broker.token, body: { url: `http://127.0.0.1:${r.port}/hook`, events: ["customer.updated"] } });
  if (res.status !== 201) throw new Error(`endpoint: ${res.status} ${JSON.stringify(res.body)}`);
}
const withOutbox = await publish(events);

const started = performance.now();
while (received < events * endpointCount) {
  if ((await srv.runJobs()) === 0) await Bun.sleep(10);
}
const deliveryMs = performance.now() - started;

const perEvent = (ms: number) => `${((ms / events) * 1000).toFixed(0)} µs`;
console.log(`Outbox: ${events} events, ${endpointCount} endpoints, ${events * endpointCount} deliveries`);
console.log(`  publishing transaction, no endpoint:       ${perEvent(bare)} per event (${(events / (bare / 1000)).toFixed(0)} events/s)`);
console.log(`  publishing transaction, ${endpointCount} subscribed:     ${perEvent(withOutbox)} per event (${(events / (withOutbox / 1000)).toFixed(0)} events/s)`);
console.log(`  delivered: ${events * endpointCount} in ${(deliveryMs / 1000).toFixed(1)} s = ${((events * endpointCount) / (deliveryMs / 1000)).toFixed(0)} deliveries/s`);
receivers.forEach((r) => r.stop(true));
await srv.stop();
