// Every broker and portal read under load: each endpoint at 50 connections with wrk, then a bare
// Bun.serve answering the same bytes, body and headers (the ceiling), in the same run, for the ratio.
// Used by broker-api.ts (1,000 customers), growth.ts (1,000 → 10,000) and all.ts.
import { rmSync } from "node:fs";
import { join } from "node:path";
import { tempDir } from "../../tests/support/server.ts";
import { seedBroker, type Seeded } from "./seed.ts";
import { captureAnswer, coresBusy, rssMb, startBenchServer, startCeilingServer, wrk, type CapturedAnswer, type WrkResult } from "./support.ts";

export const CONNECTIONS = 50;

export interface ReadRow {
  label: string;
  bytes: number;
  portal: WrkResult;
  ceiling: WrkResult;
  ratio: number;
  /** With BENCH_ROOT_PID (scale-out.ts): cores each command under it kept busy during the portal's run. */
  cores?: Map<string, number>;
}

export interface ReadRun {
  customers: number;
  /** Resident memory of the freshly started server on the seeded data, before any load. */
  idleRssMb: number;
  /** After every endpoint's load. */
  afterRssMb: number;
  rows: ReadRow[];
}

/** The reads the issue names, as [label, path, who asks]. */
export function readEndpoints(s: Seeded): { label: string; path: string; as: "broker" | "customer" | "guest" }[] {
  const id = s.customerId;
  const link = s.uploadLink;
  return [
    // Not a read the issue names: the floor, what Elysia, the portal's hooks and Bun's HTTP cost
    // with no work at all (the body is two words), against the same ceiling.
    { label: "healthz (no work: the floor)", path: "/healthz", as: "guest" },
    { label: "metrics", path: "/api/dashboard/metrics", as: "broker" },
    { label: "customers", path: "/api/customers", as: "broker" },
    { label: "all-customers", path: "/api/all-customers", as: "broker" },
    { label: "all-customers page", path: "/api/all-customers?page=1&pageSize=25&sort=name", as: "broker" },
    { label: "customer", path: `/api/customer/${id}`, as: "broker" },
    { label: "documents", path: `/api/customer/${id}/documents`, as: "broker" },
    { label: "document-limit", path: `/api/customers/${id}/document-limit`, as: "broker" },
    { label: "pending list", path: "/api/pending-documents", as: "broker" },
    { label: "completed list", path: "/api/completed-documents", as: "broker" },
    { label: "shared list", path: "/api/shared-documents", as: "broker" },
    { label: "notifications", path: "/api/notifications", as: "broker" },
    { label: "unread count", path: "/api/notifications/unread-count", as: "broker" },
    { label: "subscription", path: "/api/subscription", as: "broker" },
    { label: "auth user", path: "/api/auth/user", as: "broker" },
    { label: "upload-link view (guest)", path: `/api/upload/${link}`, as: "guest" },
    { label: "upload-link view (signed in)", path: `/api/upload/${link}`, as: "customer" },
    { label: "portal notifications", path: `/api/upload/${link}/notifications`, as: "customer" },
    { label: "portal unread count", path: `/api/upload/${link}/notifications/unread-count`, as: "customer" },
  ];
}

export async function benchReads(options: { customers: number; seconds: number; only?: string[] }): Promise<ReadRun> {
  const dataDir = tempDir("portal-bench-reads-");
  console.log(`Seeding ${options.customers.toLocaleString("en")} customers with 10 documents each…`);
  const seeded = await seedBroker(dataDir, options.customers);
  const server = await startBenchServer(dataDir);
  await Bun.sleep(1000);
  const idleRssMb = rssMb(server.pid);

  const headersFor = (as: "broker" | "customer" | "guest"): Record<string, string> =>
    as === "broker" ? { authorization: `Bearer ${seeded.token}` } : as === "customer" ? { cookie: `portal_customer=${seeded.customerToken}` } : {};
  const endpoints = readEndpoints(seeded).filter((e) => !options.only || options.only.some((o) => e.label.includes(o)));

  // The ceiling answers by path; the same path asked by two callers gets a suffix.
  const answers: Record<string, CapturedAnswer> = {};
  const ceilingPaths = new Map<string, string>();
  for (const e of endpoints) {
    const res = await fetch(server.base + e.path, { headers: headersFor(e.as) });
    const answer = await captureAnswer(res);
    if (!res.ok) throw new Error(`${e.label}: ${res.status} ${answer.body.slice(0, 200)}`);
    const key = `${e.path}${e.path.includes("?") ? "&" : "?"}as=${e.as}`;
    answers[key] = answer;
    ceilingPaths.set(e.label, key);
  }
  const answersFile = join(dataDir, "ceiling.json");
  await Bun.write(answersFile, JSON.stringify(answers));
  const ceilingServer = await startCeilingServer(answersFile);

  const rows: ReadRow[] = [];
  const load = { connections: CONNECTIONS, seconds: options.seconds };
  for (const e of endpoints) {
    const headers = headersFor(e.as);
    await wrk(server.base + e.path, { ...load, seconds: 1, headers }); // warm-up, not reported
    const rootPid = process.env.BENCH_ROOT_PID;
    const { result: portal, cores } = rootPid
      ? await coresBusy(Number(rootPid), options.seconds, () => wrk(server.base + e.path, { ...load, headers }))
      : { result: await wrk(server.base + e.path, { ...load, headers }), cores: undefined };
    const key = ceilingPaths.get(e.label)!;
    const ceiling = await wrk(ceilingServer.base + key, { ...load, headers });
    const row = { label: e.label, bytes: answers[key]!.body.length, portal, ceiling, ratio: portal.rps / ceiling.rps, cores };
    rows.push(row);
    console.log(formatReadRow(row));
  }
  const afterRssMb = rssMb(server.pid);
  await ceilingServer.stop();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
  return { customers: options.customers, idleRssMb, afterRssMb, rows };
}

export const READ_HEADER = `| Read | Response | Portal req/s | Ceiling req/s | Ratio | p50 | p99 | Errors |
|---|---:|---:|---:|---:|---:|---:|---|`;

export const formatReadRow = (r: ReadRow) =>
  `| ${r.label} | ${(r.bytes / 1024).toFixed(1)} KB | ${r.portal.rps.toFixed(0)} | ${r.ceiling.rps.toFixed(0)} | ${r.ratio.toFixed(2)} | ${r.portal.p50.toFixed(2)} ms | ${r.portal.p99.toFixed(2)} ms | ${r.portal.errors} |`;
