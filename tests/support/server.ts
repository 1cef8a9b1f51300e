// Starts the real app on a random port with a temp DATA_DIR and a real SQLite file, and makes
// authorised calls to it. Every API test suite uses this.
import { afterAll, beforeAll } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { dialect } from "../../db/dialect.ts";
import { loadConfig } from "../../src/config.ts";
import { ManualClock } from "../../src/lib/clock.ts";
import { createLogger, type Logger } from "../../src/lib/log.ts";
import { startServer, type RunningServer } from "../../src/server.ts";
import { newestCode } from "./outbox.ts";
import { createTestDatabase } from "./postgres.ts";
import { sharedS3Server } from "./s3.ts";

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface CallOptions {
  method?: string;
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
}

export interface Broker {
  user: { id: string; email: string; firstName: string | null; lastName: string | null };
  token: string;
  /** The session cookie as a Cookie request header. */
  cookie: string;
}

export interface TestServer {
  url: string;
  dataDir: string;
  clock: ManualClock;
  server: RunningServer;
  /** Runs every due background job now (the scheduler's timer is off in tests). */
  runJobs(): Promise<number>;
  call<T = any>(path: string, options?: CallOptions): Promise<ApiResponse<T>>;
  signUpBroker(overrides?: Partial<{ email: string; password: string; firstName: string; lastName: string }>): Promise<Broker>;
  stop(): Promise<void>;
}

export function tempDir(prefix = "portal-test-"): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/**
 * The database setting of a new test portal: under `npm run test:postgres` a fresh PostgreSQL
 * database of its own (DATABASE_URL), else none (SQLite in its DATA_DIR).
 */
export async function testDatabaseEnv(): Promise<Record<string, string>> {
  return dialect === "postgres" ? { DATABASE_URL: await createTestDatabase() } : {};
}

let brokerCount = 0;

/**
 * Where test portals keep files: local disk, or with TEST_STORAGE=s3 (the whole API suite on
 * object storage) a bucket of their own on one s3rver for the test process.
 */
const defaultStorage = (): "local" | "s3" => (process.env.TEST_STORAGE === "s3" ? "s3" : "local");

export async function startTestServer(
  env: Record<string, string> = {},
  options: { log?: Logger; storage?: "local" | "s3" } = {},
): Promise<TestServer> {
  const dataDir = tempDir();
  const clock = new ManualClock();
  if (!env.DATABASE_URL) env = { ...(await testDatabaseEnv()), ...env };
  const storage = options.storage ?? defaultStorage();
  const storageEnv = storage === "s3" && !env.S3_BUCKET ? await s3Settings() : {};
  const config = loadConfig({ PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, ...storageEnv, ...env });
  const server = await startServer(config, { clock, log: options.log ?? createLogger("silent"), runScheduler: false });
  const url = server.url;

  const call = async <T,>(path: string, options: CallOptions = {}): Promise<ApiResponse<T>> => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: BodyInit | undefined;
    if (options.body instanceof FormData || typeof options.body === "string") body = options.body;
    else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers["content-type"] = "application/json";
    }
    const response = await fetch(url + path, { method: options.method ?? "GET", headers, body, redirect: "manual" });
    const text = await response.text();
    let parsed: unknown = text;
    if (response.headers.get("content-type")?.includes("json")) parsed = text ? JSON.parse(text) : null;
    return { status: response.status, body: parsed as T, headers: response.headers };
  };

  return {
    url,
    dataDir,
    clock,
    server,
    call,
    // One pass, and the long jobs it started beside itself (a recognition) to their end, so a test
    // reads their outcome; long jobs beyond the scheduler's slots are run by further passes.
    runJobs: async () => {
      let claimed = await server.scheduler.tick();
      await server.scheduler.settled();
      while (server.scheduler.deferred > 0) {
        const deferred = server.scheduler.deferred;
        claimed += (await server.scheduler.tick()) - deferred;
        await server.scheduler.settled();
      }
      return claimed;
    },
    async signUpBroker(overrides = {}) {
      const n = ++brokerCount;
      const body = { email: `broker${n}@example.com`, password: "correct horse battery", firstName: "Bree", lastName: `Broker${n}`, ...overrides };
      const signUp = (extra = {}) => call<Broker>("/api/auth/signup", { method: "POST", body: { ...body, ...extra } });
      // The portal's first broker is created at once; later ones finish with the emailed code.
      let res = await signUp();
      if (res.status === 202) res = await signUp({ code: await newestCode(server.ctx.db, body.email, "broker_signup_code") });
      if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
      return { ...res.body, cookie: cookieHeader(res) };
    },
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}


/** S3_* settings for a new bucket on the process's s3rver. */
async function s3Settings(): Promise<Record<string, string>> {
  const s3 = await sharedS3Server();
  return s3.env(await s3.createBucket());
}

/** The value of a Set-Cookie header's cookie, as a Cookie request header. */
export function cookieHeader(response: ApiResponse): string {
  return (response.headers.get("set-cookie") ?? "").split(";")[0]!;
}

/**
 * One server for the whole test file: started before its first test, stopped after its last.
 * The server only exists once beforeAll has run, after the file's top level, so this returns a
 * stand-in that reads the running server on every use; tests write `srv.call(...)` as usual.
 */
export function useTestServer(env: Record<string, string> = {}): TestServer {
  let running: TestServer | undefined;
  const current = () => {
    if (!running) throw new Error("the test server starts in beforeAll; use it inside a test or a hook");
    return running;
  };
  beforeAll(async () => {
    running = await startTestServer(env);
  });
  afterAll(() => running?.stop());
  return {
    get url() {
      return current().url;
    },
    get dataDir() {
      return current().dataDir;
    },
    get clock() {
      return current().clock;
    },
    get server() {
      return current().server;
    },
    runJobs: () => current().runJobs(),
    call: <T,>(path: string, options?: CallOptions) => current().call<T>(path, options),
    signUpBroker: (overrides) => current().signUpBroker(overrides),
    stop: () => current().stop(),
  };
}

/** useTestServer with one broker signed up before the first test, as most API suites need. */
export function useServerWithBroker(
  env: Record<string, string> = {},
  brokerDetails: Parameters<TestServer["signUpBroker"]>[0] = {},
): { srv: TestServer; broker: Broker } {
  const srv = useTestServer(env);
  let signedUp: Broker | undefined;
  beforeAll(async () => {
    signedUp = await srv.signUpBroker(brokerDetails);
  });
  const current = () => {
    if (!signedUp) throw new Error("the broker signs up in beforeAll; use it inside a test or a hook");
    return signedUp;
  };
  return {
    srv,
    broker: {
      get user() {
        return current().user;
      },
      get token() {
        return current().token;
      },
      get cookie() {
        return current().cookie;
      },
    },
  };
}

/**
 * A portal started some other way (a `portal serve` process, the compiled executable), as far as
 * the shared helpers need one: JSON and form calls to its URL, with its own Origin.
 */
export function remoteServer(url: string): TestServer {
  const call = async (path: string, options: CallOptions = {}) => {
    const headers: Record<string, string> = { origin: url, ...options.headers };
    let body: BodyInit | undefined;
    if (options.body instanceof FormData) body = options.body;
    else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers["content-type"] = "application/json";
    }
    const response = await fetch(url + path, { method: options.method ?? "GET", headers, body, redirect: "manual" });
    const text = await response.text();
    return { status: response.status, body: response.headers.get("content-type")?.includes("json") && text ? JSON.parse(text) : text, headers: response.headers };
  };
  return { url, call } as unknown as TestServer;
}
