// Benchmark: the live channel with 1,000 customer sockets and 50 broker sockets open. Uploads are
// made one after another; for each, the time from the upload's HTTP response (and from its
// request) to the owning broker's socket receiving document_uploaded. Also the server's memory
// per idle socket. The portal runs as its own process (compiled ./portal if built).
// Run: npm run compile && npx bun scripts/bench/live.ts
import { rmSync } from "node:fs";
import { migrateDatabase, openDatabase } from "../../db/client.ts";
import { loadConfig } from "../../src/config.ts";
import { buildContext } from "../../src/context.ts";
import { subscribeSideEffects } from "../../src/side-effects.ts";
import { createBrokerAccount, createSession } from "../../src/features/auth/service.ts";
import { createCustomer } from "../../src/features/customers/requests.ts";
import { createLogger } from "../../src/lib/log.ts";
import { tempDir } from "../../tests/support/server.ts";
import { rssMb, startBenchServer } from "./support.ts";
import { membershipOf } from "../../src/features/workspaces/members.ts";
import { realPdf } from "../../tests/files/samples.ts";

const BROKERS = 50;
const CUSTOMERS_PER_BROKER = 20;
const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 300);
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

// Seed: 50 brokers with 20 customers each, every customer with one requested document.
const dataDir = tempDir("portal-bench-live-");
const config = loadConfig({ DATA_DIR: dataDir });
const db = openDatabase(dataDir);
migrateDatabase(db);
const ctx = subscribeSideEffects(buildContext(config, db, { log: createLogger("silent") }));
const brokers: { token: string; customers: { link: string; documentId: string }[] }[] = [];
for (let b = 0; b < BROKERS; b++) {
  const broker = await createBrokerAccount(ctx, { email: `broker${b}@example.com`, password: "bench password" });
  const customers = await Promise.all(Array.from({ length: CUSTOMERS_PER_BROKER }, async (_, i) => {
    const c = await createCustomer(ctx, { broker, member: (await membershipOf(ctx, broker.id))!,  email: `c${b}-${i}@example.com`, requiredDocuments: [{ name: "Paystub" }] });
    return { link: c.uploadLink, documentId: c.documents[0]!.id };
  }));
  brokers.push({ token: (await createSession(ctx, broker.id)).token, customers });
}
db.$client.close();

const server = await startBenchServer(dataDir);
const { base, port } = server;
await Bun.sleep(500);
const idle = rssMb(server.pid);

const open = (headers: Record<string, string>, onMessage: (m: any) => void) =>
  new Promise<WebSocket>((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, { headers: { origin: base, ...headers } } as unknown as string[]);
    ws.addEventListener("message", (e) => onMessage(JSON.parse(String(e.data))));
    ws.addEventListener("open", () => resolve(ws), { once: true });
    ws.addEventListener("error", reject, { once: true });
  });

// Who is waiting for which document's event.
const waiting = new Map<string, (at: number) => void>();
const sockets: WebSocket[] = [];
for (const broker of brokers) {
  sockets.push(
    await open({ cookie: `portal_session=${broker.token}` }, (m) => {
      if (m.type === "data_update" && m.updateType === "document_uploaded") waiting.get(m.data.documentId)?.(performance.now());
    }),
  );
}
let customerAcks = 0;
const all = brokers.flatMap((b) => b.customers);
for (let i = 0; i < all.length; i += 100) {
  await Promise.all(
    all.slice(i, i + 100).map(async ({ link }) => {
      const ws = await open({}, (m) => m.type === "auth_success" && customerAcks++);
      ws.send(JSON.stringify({ type: "customer_auth", uploadLink: link }));
      sockets.push(ws);
    }),
  );
}
while (customerAcks < all.length) await Bun.sleep(20);
await Bun.sleep(1000);
const connected = rssMb(server.pid);

// A real PDF: the document checks refuse one that pdf.js cannot open.
const pdf = new Blob([realPdf()], { type: "application/pdf" });
const fromResponse: number[] = [];
const fromRequest: number[] = [];
for (let n = 0; n < Math.min(UPLOADS, all.length); n++) {
  const target = all[(n * 37) % all.length]!; // spread over brokers and customers
  const received = new Promise<number>((resolve) => waiting.set(target.documentId, resolve));
  const form = new FormData();
  form.append("file", pdf, "paystub.pdf");
  const t0 = performance.now();
  const res = await fetch(`${base}/api/upload/${target.link}/documents/${target.documentId}`, { method: "POST", body: form });
  const t1 = performance.now();
  if (res.status !== 200) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
  const t2 = await received;
  fromResponse.push(t2 - t1);
  fromRequest.push(t2 - t0);
}

for (const ws of sockets) ws.close();
await server.stop();
rmSync(dataDir, { recursive: true, force: true });

const sortedResponse = [...fromResponse].sort((a, b) => a - b);
const sortedRequest = [...fromRequest].sort((a, b) => a - b);
const fmt = (ms: number) => `${ms.toFixed(2)} ms`;
console.log(`sockets: ${BROKERS} broker + ${all.length} customer; uploads measured: ${fromResponse.length}`);
console.log(`event after the upload's response: median ${fmt(percentile(sortedResponse, 50))}, p99 ${fmt(percentile(sortedResponse, 99))}, max ${fmt(sortedResponse.at(-1)!)}`);
console.log(`event after the upload's request:  median ${fmt(percentile(sortedRequest, 50))}, p99 ${fmt(percentile(sortedRequest, 99))}, max ${fmt(sortedRequest.at(-1)!)}`);
console.log(`server memory: ${idle.toFixed(0)} MB idle, ${connected.toFixed(0)} MB with ${sockets.length} idle sockets → ${(((connected - idle) * 1024) / sockets.length).toFixed(1)} KB per socket`);
