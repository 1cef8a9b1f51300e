// Benchmark: one customer's 1 GB export as a streamed ZIP. The files are sparse (made in an
// instant with truncate, read back as zeros at page-cache speed), so what is measured is the
// portal: reading, SHA-256, ZIP framing and the socket. The portal runs as its own process; its
// resident memory is sampled from /proc every 20 ms for the peak, against its idle memory.
// A second run reads the download slowly (a client on a slow line): memory must stay flat then
// too, which shows the stream is pulled by the client rather than read ahead into memory.
// Run: npm run compile && npx bun scripts/bench/export.ts   (BENCH_FROM_SOURCE=1 to run from source;
// BENCH_EXPORT_MB sets the size, default 1024)
import { truncateSync } from "node:fs";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { migrateDatabase, openDatabase } from "../../db/client.ts";
import { documents } from "../../db/tables.ts";
import { loadConfig } from "../../src/config.ts";
import { buildContext } from "../../src/context.ts";
import { subscribeSideEffects } from "../../src/side-effects.ts";
import { createBrokerAccount, createSession } from "../../src/features/auth/service.ts";
import { createCustomer } from "../../src/features/customers/requests.ts";
import { createLogger } from "../../src/lib/log.ts";
import { newStorageKey } from "../../src/lib/storage.ts";
import { newId } from "../../src/lib/tokens.ts";
import { tempDir } from "../../tests/support/server.ts";
import { rssMb, startBenchServer } from "./support.ts";
import { transaction } from "../../db/transaction.ts";
import { membershipOf } from "../../src/features/workspaces/members.ts";

const TOTAL_MB = Number(process.env.BENCH_EXPORT_MB ?? 1024);
const FILES = 8;
const FILE_BYTES = Math.floor((TOTAL_MB * 1024 * 1024) / FILES);

// One broker, one customer, eight approved documents of 128 MB each (sparse files).
const dataDir = tempDir("portal-bench-export-");
const config = loadConfig({ DATA_DIR: dataDir });
const db = openDatabase(dataDir);
migrateDatabase(db);
const ctx = subscribeSideEffects(buildContext(config, db, { log: createLogger("silent") }));
const broker = await createBrokerAccount(ctx, { email: "bench@example.com", password: "bench password", firstName: "Bench", lastName: "Broker" });
const { token } = await createSession(ctx, broker.id);
const customer = await createCustomer(ctx, { broker, member: (await membershipOf(ctx, broker.id))!, name: "Big Export", email: "big@example.com", requiredDocuments: [{ name: "Paystub" }] });
const now = new Date();
for (let i = 0; i < FILES; i++) {
  const key = newStorageKey();
  await ctx.files.write(key, "%PDF-1.4\n");
  truncateSync(join(dataDir, "files", key), FILE_BYTES);
  await transaction(db, (tx) => tx.insert(documents)
    .values({
      id: newId(),
      customerId: customer.id,
      workspaceId: broker.id,
      assigneeId: broker.id,
      name: `Statement ${i + 1}`,
      status: "approved",
      storageKey: key,
      originalName: `statement-${i + 1}.pdf`,
      mimeType: "application/pdf",
      fileSize: FILE_BYTES,
      uploadedAt: now,
      verifiedAt: now,
    }));
}
db.$client.close();

const server = await startBenchServer(dataDir);
await Bun.sleep(500);
const idleRss = rssMb(server.pid);

/** Downloads the export, pausing `pauseMs` after each chunk; the peak memory while it runs. */
async function run(pauseMs: number, limitBytes = Infinity) {
  let peak = rssMb(server.pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid))), 20);
  const started = performance.now();
  const res = await fetch(`${server.base}/api/customers/${customer.id}/export?scope=approved`, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200 || !res.body) throw new Error(`export answered ${res.status}: ${await res.text()}`);
  let received = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    received += value.length;
    if (pauseMs) await Bun.sleep(pauseMs);
    if (received >= limitBytes) {
      await reader.cancel();
      break;
    }
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  return { received, seconds, peak: Math.max(peak, rssMb(server.pid)) };
}

const fast = await run(0);
// The slow client: 5 ms after every chunk, stopped after 256 MB (long enough for a read-ahead to show).
const slow = await run(5, 256 * 1024 * 1024);
const afterRss = rssMb(server.pid);
await server.stop();
rmSync(dataDir, { recursive: true, force: true });

const mb = (n: number) => (n / 1024 / 1024).toFixed(0);
const stored = FILES * FILE_BYTES;
console.log(`export: ${FILES} files, ${mb(stored)} MiB stored → ZIP of ${mb(fast.received)} MiB (${fast.received} bytes)`);
console.log(`fast client: ${fast.seconds.toFixed(2)} s → ${(fast.received / 1024 / 1024 / fast.seconds).toFixed(0)} MiB/s`);
console.log(`server memory: idle ${idleRss.toFixed(0)} MB, peak during the export ${fast.peak.toFixed(0)} MB (+${(fast.peak - idleRss).toFixed(0)} MB)`);
console.log(`slow client (5 ms per chunk, first ${mb(slow.received)} MiB): ${slow.seconds.toFixed(1)} s, peak ${slow.peak.toFixed(0)} MB (+${(slow.peak - idleRss).toFixed(0)} MB)`);
console.log(`server memory after both: ${afterRss.toFixed(0)} MB`);
if (fast.received < stored) process.exit(1);
