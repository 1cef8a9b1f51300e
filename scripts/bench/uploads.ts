// Benchmark: 50 concurrent 10 MB uploads to the customer portal. The portal runs as its own
// process; its resident memory is sampled from /proc every 20 ms for the peak. Throughput is
// compared with dd writing the same files to the same disk, like for like: as many dd processes
// in parallel as uploads, each writing one file of the same size, once without fsync (into the
// page cache) and once with conv=fsync (on the disk before dd ends). The portal flushes each
// stored file and its folder to the disk before its database row commits (src/lib/storage.ts),
// so the fsync comparison is the fair one; both are printed. A bare Bun.serve doing only the
// disk work (upload-ceiling-server.ts) receives the same uploads from the same client: what the
// runtime itself reaches, in throughput and in memory.
// Run: npm run compile && npx bun scripts/bench/uploads.ts   (BENCH_FROM_SOURCE=1 to run from source)
import { mkdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { closeAnyDatabase, openMigratedDatabase } from "../../db/database.ts";
import { loadConfig } from "../../src/config.ts";
import { buildContext } from "../../src/context.ts";
import { subscribeSideEffects } from "../../src/side-effects.ts";
import { createBrokerAccount } from "../../src/features/auth/service.ts";
import { createCustomer } from "../../src/features/customers/requests.ts";
import { createLogger } from "../../src/lib/log.ts";
import { realPdfOfSize } from "../../tests/files/samples.ts";
import { tempDir } from "../../tests/support/server.ts";
import { benchEnv } from "./seed.ts";
import { cpuSecondsByCommand, rssMb, startBenchServer } from "./support.ts";
import { membershipOf } from "../../src/features/workspaces/members.ts";

const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 50);
const FILE_BYTES = 10_000_000; // 10 MB, under the default MAX_UPLOAD_MB of 10 MiB


// One customer with one requested document per upload.
const dataDir = tempDir("portal-bench-uploads-");
const config = loadConfig(benchEnv(dataDir)); // DATABASE_URL and S3_* too when set (scale-out.ts)
const db = await openMigratedDatabase(config);
const ctx = subscribeSideEffects(buildContext(config, db, { log: createLogger("silent") }));
const broker = await createBrokerAccount(ctx, { email: "bench@example.com", password: "bench password" });
// One more customer for the warm-up upload below.
const targets = await Promise.all(Array.from({ length: UPLOADS + 1 }, async (_, i) => {
  const c = await createCustomer(ctx, { broker, member: (await membershipOf(ctx, broker.id))!,  email: `uploader${i}@example.com`, requiredDocuments: [{ name: "Bank Statement" }] });
  return { link: c.uploadLink, documentId: c.documents[0]!.id };
}));
await closeAnyDatabase(db);

const server = await startBenchServer(dataDir);
await Bun.sleep(500);
const idleRss = rssMb(server.pid);

// A real one-page PDF padded to 10 MB (random bytes in an unused stream): it passes the document
// checks (pdf.js opens every upload), so the run measures what a customer's statement costs.
const file = new Blob([realPdfOfSize(FILE_BYTES)], { type: "application/pdf" });

const upload = async ({ link, documentId }: { link: string; documentId: string }) => {
  const form = new FormData();
  form.append("file", file, "statement.pdf");
  form.append("isGuest", "true");
  const res = await fetch(`${server.base}/api/upload/${link}/documents/${documentId}`, { method: "POST", body: form });
  return res.status;
};

// The first PDF loads pdf.js (about 30 MB, once per process): one upload first, so the figure
// below is what 50 more cost a portal that has already seen a PDF (BENCH_COLD=1 skips it).
let peakRss = idleRss;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb(server.pid))), 20);
const warm = targets.pop()!;
if (!process.env.BENCH_COLD) {
  const status = await upload(warm);
  if (status !== 200) throw new Error(`warm-up upload answered ${status}`);
  await Bun.sleep(500);
}
const warmRss = rssMb(server.pid);
// Under scale-out.ts: CPU seconds each command (portal, postgres, s3rver's node) spent on the uploads.
const rootPid = Number(process.env.BENCH_ROOT_PID ?? process.pid);
const cpuBefore = cpuSecondsByCommand(rootPid);
const started = performance.now();
const results = await Promise.all(targets.map(upload));
const seconds = (performance.now() - started) / 1000;
const cpuAfter = cpuSecondsByCommand(rootPid);
clearInterval(sampler);
peakRss = Math.max(peakRss, rssMb(server.pid));

await server.stop();

// The runtime's own ceiling: a bare Bun.serve receiving the same 50 bodies from the same client,
// each streamed to a file and fsynced (upload-ceiling-server.ts), in a process of its own.
const ceilingDir = join(dataDir, "ceiling");
mkdirSync(ceilingDir);
const ceilingProc = Bun.spawn([process.execPath, join(import.meta.dir, "upload-ceiling-server.ts"), ceilingDir], { stdout: "pipe" });
const firstLine = await ceilingProc.stdout.getReader().read();
const ceilingUrl = `http://127.0.0.1:${new TextDecoder().decode(firstLine.value).trim()}/`;
const sendToCeiling = async () => {
  const form = new FormData();
  form.append("file", file, "statement.pdf");
  form.append("isGuest", "true");
  return (await fetch(ceilingUrl, { method: "POST", body: form })).status;
};
await sendToCeiling(); // warm, as the portal was
await Bun.sleep(500);
const ceilingIdleRss = rssMb(ceilingProc.pid);
let ceilingPeakRss = ceilingIdleRss;
const ceilingSampler = setInterval(() => (ceilingPeakRss = Math.max(ceilingPeakRss, rssMb(ceilingProc.pid))), 20);
const ceilingStarted = performance.now();
const ceilingResults = await Promise.all(targets.map(sendToCeiling));
const ceilingSeconds = (performance.now() - ceilingStarted) / 1000;
clearInterval(ceilingSampler);
ceilingProc.kill();
await ceilingProc.exited;
if (ceilingResults.some((status) => status !== 200)) throw new Error(`the bare server answered ${[...new Set(ceilingResults)].join(", ")}`);

const ok = results.filter((s) => s === 200).length;
// On S3 the files are in the bucket (each upload answered 200 only once its object was stored).
const stored = config.s3 ? `in bucket ${config.s3.bucket}` : statSync(join(dataDir, "files")).isDirectory();
const totalMb = (UPLOADS * FILE_BYTES) / 1e6;
const uploadRate = totalMb / seconds;
const ceilingRate = totalMb / ceilingSeconds;

// dd, like for like: one dd per upload, in parallel, each writing one file of the same size.
async function ddParallel(fsync: boolean): Promise<number> {
  // Each run starts with nothing waiting to be written back (the portal's files, the other run's),
  // which would otherwise slow whichever run comes first.
  Bun.spawnSync(["sync"]);
  const started = performance.now();
  const codes = await Promise.all(
    Array.from({ length: UPLOADS }, (_, i) =>
      Bun.spawn(["dd", "if=/dev/zero", `of=${join(dataDir, `dd-${i}.bin`)}`, "bs=1000000", `count=${FILE_BYTES / 1_000_000}`, ...(fsync ? ["conv=fsync"] : [])], { stderr: "pipe" })
        .exited,
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  if (codes.some((code) => code !== 0)) throw new Error(`dd failed: exit codes ${[...new Set(codes)].join(", ")}`);
  for (let i = 0; i < UPLOADS; i++) rmSync(join(dataDir, `dd-${i}.bin`), { force: true });
  return totalMb / seconds;
}
await ddParallel(false); // warm-up: the first 50 processes start cold (measured 5× slower)
const ddCache = await ddParallel(false);
const ddDisk = await ddParallel(true);
rmSync(dataDir, { recursive: true, force: true });

console.log(`uploads: ${ok} of ${UPLOADS} succeeded (statuses: ${[...new Set(results)].join(", ")}), files stored: ${stored}`);
console.log(`time: ${seconds.toFixed(2)} s for ${totalMb.toFixed(0)} MB → ${uploadRate.toFixed(0)} MB/s`);
console.log(`server memory: idle ${idleRss.toFixed(0)} MB, after one upload ${warmRss.toFixed(0)} MB, peak ${peakRss.toFixed(0)} MB`);
console.log(
  `bare Bun.serve, the same uploads streamed to files and fsynced (the ceiling): ${ceilingRate.toFixed(0)} MB/s, memory idle ${ceilingIdleRss.toFixed(0)} MB, peak ${ceilingPeakRss.toFixed(0)} MB (+${(ceilingPeakRss - ceilingIdleRss).toFixed(0)}); portal/ceiling: throughput ${(uploadRate / ceilingRate).toFixed(2)}, growth +${(peakRss - warmRss).toFixed(0)} MB against +${(ceilingPeakRss - ceilingIdleRss).toFixed(0)}`,
);
console.log(`dd, ${UPLOADS} files of ${FILE_BYTES / 1e6} MB in parallel, same disk, no fsync (page cache): ${ddCache.toFixed(0)} MB/s; ratio upload/dd ${(uploadRate / ddCache).toFixed(2)}`);
console.log(`dd, the same with conv=fsync (each file on the disk, as the portal's): ${ddDisk.toFixed(0)} MB/s; ratio upload/dd ${(uploadRate / ddDisk).toFixed(2)}`);
const cpu = [...cpuAfter].map(([command, used]) => [command, used - (cpuBefore.get(command) ?? 0)] as const).filter(([, used]) => used >= 0.05);
console.log(`CPU seconds during the uploads: ${cpu.sort((x, y) => y[1] - x[1]).map(([command, used]) => `${command} ${used.toFixed(2)}`).join(", ")}`);
process.exit(ok === UPLOADS ? 0 : 1); // a PostgreSQL pool left open by the context would keep the process alive
