// The portal as its own process (`bun src/cli.ts serve`), for attacks that need a real process:
// kill -9, a full disk, crashes that must be seen as an outsider sees them.
import { Database } from "bun:sqlite";
import { mkdtempSync } from "node:fs";
import { databaseFileName } from "../../db/client.ts";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cliEntry, waitForHealthy } from "../support/cli.ts";
import { freePort } from "../support/smtp.ts";
import { codeIn } from "./support.ts";

export interface PortalProcess {
  url: string;
  port: number;
  dataDir: string;
  pid: number;
  /** Everything the process wrote to stdout and stderr so far. */
  log(): string;
  kill9(): Promise<void>;
  stop(): Promise<void>;
  exited: Promise<number>;
}

/** Every portal this test process started: none may outlive it, even when a test dies early. */
const spawned = new Set<{ kill(signal?: number): void }>();
process.on("exit", () => {
  for (const proc of spawned) proc.kill(9);
});

export function freshDataDir(prefix = "portal-hostile-"): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/**
 * Starts `portal serve` on a free port. `wrap` turns the command into another (e.g. run inside
 * `unshare` with DATA_DIR on a small tmpfs); it receives the serve command as an argv array.
 */
export async function startPortal(
  options: { dataDir?: string; env?: Record<string, string>; port?: number; wrap?: (argv: string[]) => string[]; healthyWithinMs?: number } = {},
): Promise<PortalProcess> {
  const dataDir = options.dataDir ?? freshDataDir();
  const port = options.port ?? (await freePort());
  const serve = [process.execPath, cliEntry, "serve", "--port", String(port), "--data", dataDir];
  const argv = options.wrap ? options.wrap(serve) : serve;
  const proc = Bun.spawn(argv, {
    env: { ...process.env, HOST: "127.0.0.1", NODE_ENV: "production", LOG_LEVEL: "info", PUBLIC_URL: `http://127.0.0.1:${port}`, ...options.env },
    stdout: "pipe",
    stderr: "pipe",
  });
  spawned.add(proc);
  void proc.exited.then(() => spawned.delete(proc));
  let output = "";
  const pump = async (stream: ReadableStream<Uint8Array>) => {
    const decoder = new TextDecoder();
    const reader = stream.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      output += decoder.decode(value, { stream: true });
    }
  };
  void pump(proc.stdout as ReadableStream<Uint8Array>);
  void pump(proc.stderr as ReadableStream<Uint8Array>);
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHealthy(url, options.healthyWithinMs);
  } catch (error) {
    proc.kill(9);
    throw new Error(`${(error as Error).message}\n${output}`);
  }
  return {
    url,
    port,
    dataDir,
    pid: proc.pid,
    log: () => output,
    exited: proc.exited,
    async kill9() {
      proc.kill(9);
      await proc.exited;
    },
    async stop() {
      if (proc.exitCode !== null || proc.signalCode) return;
      proc.kill("SIGTERM");
      const timer = setTimeout(() => proc.kill(9), 10_000);
      await proc.exited;
      clearTimeout(timer);
    },
  };
}

/** A read connection to a portal's database from outside the process (WAL: safe while it runs). */
export function openPortalDb(dataDir: string): Database {
  const db = new Database(join(dataDir, databaseFileName));
  db.exec("PRAGMA busy_timeout = 5000");
  return db;
}

export interface HttpBroker {
  token: string;
  id: string;
}

export async function json(url: string, init: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(url, { method: init.method ?? "GET", headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
  const text = await res.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, body, text, headers: res.headers };
}

/**
 * Signs a broker up on a running portal. When sign-up asks for the emailed code (202), the code
 * is read from the portal's outbox on disk, as the owner of the mailbox would read it.
 */
export async function signUpBrokerAt(url: string, dataDir: string, email = `broker-${crypto.randomUUID().slice(0, 8)}@example.com`): Promise<HttpBroker> {
  const body = { email, password: "correct horse battery", firstName: "Pat", lastName: "Process" };
  let res = await json(`${url}/api/auth/signup`, { method: "POST", body });
  if (res.status === 202 && res.body?.codeRequired) {
    const db = openPortalDb(dataDir);
    let code: string | null;
    try {
      const rows = db.query(`select subject, text from emails where "to" = ? order by created_at desc, rowid desc limit 5`).all(email) as { subject: string; text: string }[];
      code = codeIn(rows.map((r) => `${r.subject}\n${r.text}`));
    } finally {
      db.close();
    }
    if (!code) throw new Error(`sign-up asked for a code but none was emailed to ${email}`);
    res = await json(`${url}/api/auth/signup`, { method: "POST", body: { ...body, code } });
  }
  if (res.status !== 201) throw new Error(`broker sign-up failed: ${res.status} ${res.text}`);
  return { token: res.body.token, id: res.body.user.id };
}

export async function createCustomerAt(url: string, token: string, documents: string[] = ["Paystub", "Bank Statement", "Tax Returns"]) {
  const res = await json(`${url}/api/customers`, {
    method: "POST",
    token,
    body: { email: `c-${crypto.randomUUID().slice(0, 10)}@example.com`, requiredDocuments: documents.map((name) => ({ name })) },
  });
  if (res.status !== 201) throw new Error(`create customer failed: ${res.status} ${res.text}`);
  return res.body as { id: string; uploadLink: string; documents: { id: string }[] };
}
