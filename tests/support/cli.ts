// Runs the portal CLI from source as its own process, the way a user would.
import { join } from "node:path";
import { freePort } from "./smtp.ts";

export const repoRoot = join(import.meta.dir, "..", "..");
export const cliEntry = join(repoRoot, "src", "cli.ts");

export interface CliResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

export async function runCli(args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  const proc = Bun.spawn([process.execPath, cliEntry, ...args], {
    env: { ...process.env, LOG_LEVEL: "silent", ...env },
    stdout: "pipe",
    stderr: "pipe",
  });
  const [stdout, stderr, exitCode] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  return { exitCode, stdout, stderr };
}

/**
 * Waits until the server answers /healthz or gives up. Generous: a portal starting from source on
 * a busy 2-core laptop (load ~10) took over 15 s; a process that exits early is reported by the
 * callers that race its exit.
 */
export async function waitForHealthy(url: string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await Bun.sleep(100);
  }
  throw new Error(`${url} did not become healthy in ${timeoutMs} ms`);
}

export interface ServeProcess {
  url: string;
  proc: ReturnType<typeof Bun.spawn>;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number>;
}

/** `portal serve` from source on a random port and this data directory, once it answers /healthz. */
export async function serveProcess(dataDir: string, env: Record<string, string> = {}): Promise<ServeProcess> {
  const port = await freePort();
  const proc = Bun.spawn([process.execPath, cliEntry, "serve", "--port", String(port), "--data", dataDir], {
    env: { ...process.env, LOG_LEVEL: "silent", HOST: "127.0.0.1", ...env },
    stdout: "ignore",
    stderr: "pipe",
  });
  const url = `http://127.0.0.1:${port}`;
  // A portal that cannot start says why on stderr and exits: report that, not a time-out.
  const exitedEarly = proc.exited.then(async (code) => {
    throw new Error(`portal serve exited with ${code} before answering: ${await new Response(proc.stderr).text()}`);
  });
  exitedEarly.catch(() => {});
  await Promise.race([waitForHealthy(url), exitedEarly]);
  return {
    url,
    proc,
    async stop() {
      proc.kill("SIGTERM");
      return proc.exited;
    },
  };
}

/** Signs a broker in over HTTP, as the web app would. */
export const signInAt = (url: string, email: string, password: string) =>
  fetch(`${url}/api/auth/signin`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password }) });

/**
 * The database setting a CLI process needs to work on a test server's database: its own
 * DATABASE_URL on PostgreSQL (the runner's environment names no real database), none on SQLite.
 */
export function databaseEnv(srv: { server: { ctx: { config: { databaseUrl: string | null } } } }): Record<string, string> {
  const url = srv.server.ctx.config.databaseUrl;
  return url ? { DATABASE_URL: url } : {};
}
