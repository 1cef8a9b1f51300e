// /metrics speaks Prometheus's text format (parsed here line by line, as a scraper would), is
// closed without METRICS_TOKEN; /readyz says whether the database and the file store answer.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createCustomer, sampleFiles, uploadFile } from "../support/fixtures.ts";
import { connectLive } from "../support/live.ts";
import { startTestServer, type Broker, type TestServer } from "../support/server.ts";

const TOKEN = "metrics-token-for-tests-0123456789";

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Parses the exposition strictly: every line is a HELP/TYPE comment or a well-formed sample. */
function parsePrometheus(text: string): { samples: Sample[]; types: Map<string, string> } {
  expect(text.endsWith("\n")).toBe(true);
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  for (const line of text.trimEnd().split("\n")) {
    const comment = line.match(/^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) (.+)$/);
    if (comment) {
      if (comment[1] === "TYPE") {
        expect(["counter", "gauge", "histogram"]).toContain(comment[3]!);
        types.set(comment[2]!, comment[3]!);
      }
      continue;
    }
    const sample = line.match(/^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (-?[0-9.e+-]+|\+Inf)$/);
    if (!sample) throw new Error(`not a Prometheus sample line: ${line}`);
    const labels: Record<string, string> = {};
    const body = sample[2] ?? "";
    const labelPattern = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(,|$)/y;
    let match: RegExpExecArray | null;
    while (labelPattern.lastIndex < body.length && (match = labelPattern.exec(body))) labels[match[1]!] = match[2]!;
    expect(labelPattern.lastIndex).toBe(body.length);
    samples.push({ name: sample[1]!, labels, value: Number(sample[3]) });
  }
  return { samples, types };
}

const valueOf = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value;

let srv: TestServer;
let broker: Broker;
beforeAll(async () => {
  srv = await startTestServer({ METRICS_TOKEN: TOKEN });
  broker = await srv.signUpBroker();
});
afterAll(() => srv.stop());

const scrape = async () => {
  const res = await fetch(`${srv.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
  return parsePrometheus(await res.text());
};

describe("GET /metrics", () => {
  test("without the token, or with a wrong one: 401 JSON; with METRICS_TOKEN unset: 404 JSON", async () => {
    const attempts: Record<string, string>[] = [{}, { authorization: "Bearer wrong-token-of-some-length" }, { authorization: TOKEN }];
    for (const headers of attempts) {
      const res = await srv.call("/metrics", { headers });
      expect(res.status).toBe(401);
      expect(res.body.message).toContain("METRICS_TOKEN");
    }
    const off = await startTestServer();
    try {
      const res = await off.call("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res).toMatchObject({ status: 404, body: { message: "Metrics are off. Set METRICS_TOKEN to turn them on." } });
    } finally {
      await off.stop();
    }
  });

  test("requests by route pattern and status, a consistent latency histogram, uploads and bytes", async () => {
    const before = (await scrape()).samples;
    const unauthorised = { method: "GET", route: "/api/auth/user", status: "401" };
    const startCount = valueOf(before, "portal_http_requests_total", unauthorised) ?? 0;
    for (let i = 0; i < 3; i++) expect((await srv.call("/api/auth/user")).status).toBe(401);

    const customer = await createCustomer(srv, broker.token);
    const bytes = sampleFiles.pdf();
    expect((await uploadFile(srv, customer.uploadLink, customer.documents[0]!.id, { bytes })).status).toBe(200);

    const { samples, types } = await scrape();
    expect(types.get("portal_http_requests_total")).toBe("counter");
    expect(types.get("portal_http_request_duration_seconds")).toBe("histogram");
    expect(valueOf(samples, "portal_http_requests_total", unauthorised)).toBe(startCount + 3);
    expect(valueOf(samples, "portal_http_requests_total", { method: "POST", route: "/api/customers", status: "201" })).toBeGreaterThanOrEqual(1);
    // The route pattern, never the link itself.
    expect(samples.some((s) => Object.values(s.labels).some((v) => v.includes(customer.uploadLink)))).toBe(false);
    expect(valueOf(samples, "portal_uploads_total")).toBe(1);
    expect(valueOf(samples, "portal_upload_bytes_total")).toBeGreaterThan(bytes.length);

    const route = "/api/auth/user";
    const buckets = samples.filter((s) => s.name === "portal_http_request_duration_seconds_bucket" && s.labels.route === route);
    expect(buckets.at(-1)!.labels.le).toBe("+Inf");
    for (let i = 1; i < buckets.length; i++) expect(buckets[i]!.value).toBeGreaterThanOrEqual(buckets[i - 1]!.value);
    const count = valueOf(samples, "portal_http_request_duration_seconds_count", { route })!;
    expect(buckets.at(-1)!.value).toBe(count);
    expect(count).toBeGreaterThanOrEqual(3);
    expect(valueOf(samples, "portal_http_request_duration_seconds_sum", { route })).toBeGreaterThan(0);
  });

  test("a route that answers with a Response of its own (a redirect) is counted with the status it sent", async () => {
    const redirected = { method: "GET", route: "/api/oidc/start", status: "302" };
    const before = valueOf((await scrape()).samples, "portal_http_requests_total", redirected) ?? 0;
    const res = await fetch(`${srv.url}/api/oidc/start`, { redirect: "manual" });
    expect(res.status).toBe(302);
    const { samples } = await scrape();
    expect(valueOf(samples, "portal_http_requests_total", redirected)).toBe(before + 1);
    expect(valueOf(samples, "portal_http_requests_total", { method: "GET", route: "/api/oidc/start", status: "200" })).toBeUndefined();
  });

  test("jobs and emails by state, and open sockets, read when scraped", async () => {
    const start = (await scrape()).samples;
    const logged = valueOf(start, "portal_emails", { state: "logged" })!;
    const pending = valueOf(start, "portal_emails", { state: "pending" })!;
    await createCustomer(srv, broker.token); // queues an invitation email
    let samples = (await scrape()).samples;
    expect(valueOf(samples, "portal_emails", { state: "pending" })).toBe(pending + 1);
    expect(valueOf(samples, "portal_jobs", { state: "pending" })).toBeGreaterThanOrEqual(1);
    await srv.runJobs();
    samples = (await scrape()).samples;
    expect(valueOf(samples, "portal_emails", { state: "pending" })).toBe(0);
    expect(valueOf(samples, "portal_emails", { state: "logged" })).toBe(logged + pending + 1);
    expect(valueOf(samples, "portal_jobs", { state: "failed" })).toBe(0);

    expect(valueOf(samples, "portal_open_sockets", { side: "brokers" })).toBe(0);
    const live = await connectLive(srv, { cookie: broker.cookie });
    try {
      expect(valueOf((await scrape()).samples, "portal_open_sockets", { side: "brokers" })).toBe(1);
    } finally {
      live.close();
    }
  });
});

describe("GET /readyz and the request id", () => {
  test("ready while the database and the file store answer; 503 with a reason when the store cannot be written", async () => {
    const ready = await srv.call("/readyz");
    expect(ready).toMatchObject({ status: 200, body: { status: "ready", checks: { database: "ok", storage: "ok" } } });

    // The store's temp folder replaced by a plain file: every write fails, as on a broken disk.
    const tmp = srv.server.ctx.files.tempDir;
    rmSync(tmp, { recursive: true, force: true });
    writeFileSync(tmp, "in the way");
    try {
      const broken = await srv.call("/readyz");
      expect(broken.status).toBe(503);
      expect(broken.body.message).toMatch(/^The file store cannot be written \(E[A-Z]+\)$/);
      expect((await srv.call("/healthz")).status).toBe(200); // alive, just not ready
    } finally {
      rmSync(tmp, { force: true });
      mkdirSync(tmp);
    }
    expect((await srv.call("/readyz")).status).toBe(200);
  });

  test("every answer, errors included, carries an X-Request-Id; a sane one from a proxy is kept", async () => {
    const ok = await srv.call("/healthz");
    const missing = await srv.call("/api/no-such-thing");
    const invalid = await srv.call("/api/auth/signin", { method: "POST", body: { email: 1 } });
    const ids = [ok, missing, invalid].map((r) => r.headers.get("x-request-id"));
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(ids).size).toBe(3);
    const forwarded = await srv.call("/healthz", { headers: { "x-request-id": "proxy-id-12345678" } });
    expect(forwarded.headers.get("x-request-id")).toBe("proxy-id-12345678");
    const hostile = await srv.call("/healthz", { headers: { "x-request-id": "x\"}, {\"admin\": true" } });
    expect(hostile.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });
});
