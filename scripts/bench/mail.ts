// Benchmark: enqueue 1,000 emails and deliver them to a local SMTP server (smtp-server on
// loopback). Reports enqueue time per email (each in its own transaction, as a request would,
// and all in one transaction, as a bulk reminder would) and messages per second delivered.
// Run: npx bun scripts/bench/mail.ts [count]
import { rmSync } from "node:fs";
import { migrateDatabase, openDatabase } from "../../db/client.ts";
import { loadConfig } from "../../src/config.ts";
import { queueEmail } from "../../src/features/mail/service.ts";
import { reminderEmail } from "../../src/features/mail/templates.ts";
import { jobHandlers } from "../../src/jobs.ts";
import { closeSmtpTransport } from "../../src/features/mail/transport.ts";
import { buildContext } from "../../src/context.ts";
import { Scheduler } from "../../src/lib/jobs.ts";
import { createLogger } from "../../src/lib/log.ts";
import { tempDir } from "../../tests/support/server.ts";
import { startSmtp } from "../../tests/support/smtp.ts";
import { transaction } from "../../db/transaction.ts";

const count = Number(process.argv[2] ?? 1000);
const smtp = await startSmtp();
const dataDir = tempDir("portal-bench-mail-");
const config = loadConfig({ DATA_DIR: dataDir, SMTP_URL: smtp.url, PUBLIC_URL: "https://portal.example.com" });
const db = openDatabase(dataDir);
migrateDatabase(db);
const ctx = buildContext(config, db, { log: createLogger("silent") });

const content = (i: number) =>
  reminderEmail({
    customerName: `Customer ${i}`,
    brokerName: "Bree Broker",
    uploadUrl: `https://portal.example.com/upload/link-${i}`,
    documents: [{ name: "Paystub" }, { name: "Bank Statement", dueDate: new Date() }],
  });
const queue = async (tx: Parameters<typeof queueEmail>[1], i: number, batch: string) =>
  queueEmail(ctx, tx, { kind: "reminder", to: `customer${i}@example.com`, dedupeKey: `bench:${batch}:${i}`, ...content(i) });

// 1. One transaction per email.
let started = performance.now();
for (let i = 0; i < count; i++) await transaction(db, async (tx) => queue(tx, i, "single"));
const singleMs = performance.now() - started;

// 2. Delivery of those emails.
const scheduler = new Scheduler(ctx, jobHandlers);
started = performance.now();
while (smtp.received.length < count) {
  if ((await scheduler.tick()) === 0) await Bun.sleep(5);
}
const deliverMs = performance.now() - started;

// 3. All in one transaction (bulk), enqueue only.
started = performance.now();
await transaction(db, async (tx) => {
  for (let i = 0; i < count; i++) await queue(tx, i, "bulk");
});
const bulkMs = performance.now() - started;

const memory = process.memoryUsage().rss / 1024 / 1024;
console.log(`emails: ${count}`);
console.log(`enqueue, one transaction each: ${singleMs.toFixed(0)} ms total, ${((singleMs * 1000) / count).toFixed(0)} µs per email`);
console.log(`enqueue, one transaction for all: ${bulkMs.toFixed(0)} ms total, ${((bulkMs * 1000) / count).toFixed(0)} µs per email`);
console.log(`delivery to local SMTP: ${deliverMs.toFixed(0)} ms, ${((count / deliverMs) * 1000).toFixed(0)} messages/s (received ${smtp.received.length})`);
console.log(`process RSS at end: ${memory.toFixed(0)} MB`);

closeSmtpTransport(ctx);
db.$client.close();
await smtp.stop();
rmSync(dataDir, { recursive: true, force: true });
