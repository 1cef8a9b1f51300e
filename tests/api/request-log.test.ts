// One JSON line per request, with the id the response carried, and never a secret: the real
// `portal serve` runs a whole session (sign-ups with codes, sign-in, an invitation, an upload,
// a customer account, a metrics scrape), then its entire log is searched for every password,
// token, cookie, code and link that session used.
import { afterAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { cliEntry, waitForHealthy } from "../support/cli.ts";
import { sampleFiles } from "../support/fixtures.ts";
import { closeAnyDatabase, openMigratedDatabase } from "../../db/database.ts";
import { newestCode } from "../support/outbox.ts";
import { freePort, startSmtp } from "../support/smtp.ts";
import { tempDir, testDatabaseEnv } from "../support/server.ts";

const dataDir = tempDir("portal-request-log-");
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const SESSION_SECRET = "session-secret-that-must-never-be-logged-0123456789";
const METRICS_TOKEN = "metrics-token-that-must-never-be-logged";

describe("the request log of a whole run", () => {
  test("one JSON line per request with its X-Request-Id; no password, token, cookie, code or link anywhere", async () => {
    const smtp = await startSmtp();
    const port = await freePort();
    const database = await testDatabaseEnv();
    const url = `http://127.0.0.1:${port}`;
    const server = Bun.spawn([process.execPath, cliEntry, "serve", "--port", String(port), "--data", dataDir], {
      env: { ...process.env, LOG_LEVEL: "debug", HOST: "127.0.0.1", SMTP_URL: smtp.url, SESSION_SECRET, METRICS_TOKEN, PUBLIC_URL: url, ...database },
      stdout: "pipe",
      stderr: "pipe",
    });
    const output = Promise.all([new Response(server.stdout).text(), new Response(server.stderr).text()]);
    const secrets: string[] = [SESSION_SECRET, METRICS_TOKEN];
    const requestIds: string[] = [];
    const call = async (path: string, init: { method?: string; body?: unknown; headers?: Record<string, string>; form?: FormData } = {}) => {
      const headers: Record<string, string> = { origin: url, ...init.headers };
      let body: BodyInit | undefined = init.form;
      if (init.body !== undefined) {
        headers["content-type"] = "application/json";
        body = JSON.stringify(init.body);
      }
      const res = await fetch(url + path, { method: init.method ?? "GET", headers, body });
      requestIds.push(res.headers.get("x-request-id")!);
      const text = await res.text();
      return { status: res.status, body: text.startsWith("{") ? JSON.parse(text) : text, cookie: (res.headers.get("set-cookie") ?? "").split(";")[0]! };
    };
    // Read from the portal's outbox as its operator could, beside the running portal.
    const codeFor = async (email: string, kind: "broker_signup_code" | "account_code") => {
      const db = await openMigratedDatabase({ dataDir, databaseUrl: database.DATABASE_URL ?? null });
      try {
        return await newestCode(db, email, kind);
      } finally {
        await closeAnyDatabase(db);
      }
    };

    try {
      await waitForHealthy(url);
      const first = { email: "first@example.com", password: "first broker password" };
      const second = { email: "second@example.com", password: "second broker password" };
      secrets.push(first.password, second.password);

      const owner = await call("/api/auth/signup", { method: "POST", body: first });
      expect(owner.status).toBe(201);
      expect((await call("/api/auth/signup", { method: "POST", body: second })).status).toBe(202);
      const signupCode = await codeFor(second.email, "broker_signup_code");
      const other = await call("/api/auth/signup", { method: "POST", body: { ...second, code: signupCode } });
      expect(other.status).toBe(201);
      const signedIn = await call("/api/auth/signin", { method: "POST", body: first });
      expect(signedIn.status).toBe(200);
      const token = signedIn.body.token as string;
      secrets.push(signupCode, owner.body.token, other.body.token, token, owner.cookie.split("=")[1]!, signedIn.cookie.split("=")[1]!);
      expect((await call("/api/auth/signin", { method: "POST", body: { ...first, password: "a wrong password guess" } })).status).toBe(401);
      secrets.push("a wrong password guess");

      const auth = { authorization: `Bearer ${token}` };
      const created = await call("/api/customers", { method: "POST", headers: auth, body: { email: "sam@example.com", requiredDocuments: [{ name: "Paystub" }] } });
      expect(created.status).toBe(201);
      const link = created.body.uploadLink as string;
      secrets.push(link);
      const form = new FormData();
      form.append("file", new Blob([sampleFiles.pdf()], { type: "application/pdf" }), "paystub.pdf");
      form.append("isGuest", "true");
      expect((await call(`/api/upload/${link}/documents/${created.body.documents[0].id}`, { method: "POST", form })).status).toBe(200);
      expect((await call(`/api/upload/${link}`)).status).toBe(200);

      const customer = { email: "sam@example.com", password: "customer secret password", uploadLink: link };
      secrets.push(customer.password);
      expect((await call("/api/customer/signup", { method: "POST", body: customer })).status).toBe(202);
      const accountCode = await codeFor(customer.email, "account_code");
      const account = await call("/api/customer/signup", { method: "POST", body: { ...customer, code: accountCode } });
      expect(account.status).toBe(201);
      secrets.push(accountCode, account.cookie.split("=")[1]!);
      expect((await call("/metrics", { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).status).toBe(200);
      expect((await call(`/api/upload/${link}-wrong`)).status).toBe(404);
    } finally {
      server.kill("SIGTERM");
      await server.exited;
      await smtp.stop();
    }
    const log = (await output).join("\n");

    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThanOrEqual(6);
      if (log.includes(secret)) throw new Error(`the log holds a secret used in this run: ${secret}`);
    }
    const records = log.split("\n").filter((line) => line.startsWith("{")).map((line) => JSON.parse(line));
    const requests = records.filter((r) => r.msg === "request");
    for (const id of requestIds) {
      const lines = requests.filter((r) => r.requestId === id);
      expect(lines).toHaveLength(1);
      const { level, method, route, status } = lines[0];
      expect([typeof level, typeof method, typeof route, typeof status]).toEqual(["string", "string", "string", "number"]);
    }
    expect(requests.find((r) => r.route === "/api/upload/:uploadLink/documents/:documentId")).toMatchObject({ method: "POST", status: 200 });
    expect(requests.filter((r) => r.route === "/api/auth/signin").map((r) => r.status).sort()).toEqual([200, 401]);
  }, 30_000);
});
