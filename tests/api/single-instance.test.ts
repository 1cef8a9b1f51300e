// One portal per port and per data directory: a second `portal serve` that would share either
// refuses to start, with one clear line, and the first keeps serving undisturbed.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { cliEntry, runCli, waitForHealthy, type CliResult } from "../support/cli.ts";
import { tempDir, testDatabaseEnv } from "../support/server.ts";
import { freePort } from "../support/smtp.ts";

const dirs: string[] = [];
const dataDir = () => {
  const dir = tempDir("portal-single-");
  dirs.push(dir);
  return dir;
};

// Under test:postgres every portal here shares one PostgreSQL database; what is tested is the port and the data directory.
const database = await testDatabaseEnv();
const serveEnv = { ...process.env, LOG_LEVEL: "silent", HOST: "127.0.0.1", ...database };
const spawnServe = (port: number, dir: string) =>
  Bun.spawn([process.execPath, cliEntry, "serve", "--port", String(port), "--data", dir], { env: serveEnv, stdout: "ignore", stderr: "pipe" });

/** Runs a `portal serve` expected to refuse; one that starts anyway is stopped after a while. */
async function serveExpectingRefusal(port: number, dir: string): Promise<CliResult & { started: boolean }> {
  const proc = spawnServe(port, dir);
  // Refusing is quick; only a portal that wrongly starts waits the whole minute (a busy machine
  // may take many seconds to get as far as refusing).
  const exited = await Promise.race([proc.exited, Bun.sleep(60_000).then(() => null)]);
  if (exited === null) proc.kill("SIGKILL");
  return { exitCode: await proc.exited, stdout: "", stderr: await new Response(proc.stderr).text(), started: exited === null };
}

let first: ReturnType<typeof spawnServe>;
let firstPort: number;
let firstDir: string;
const firstUrl = () => `http://127.0.0.1:${firstPort}`;
const inflightUpload = () => join(firstDir, "files", ".tmp", "upload-in-progress");

beforeAll(async () => {
  firstDir = dataDir();
  firstPort = await freePort();
  first = spawnServe(firstPort, firstDir);
  await waitForHealthy(firstUrl());
  // Stands for an upload the first portal is receiving right now.
  writeFileSync(inflightUpload(), "%PDF-1.4 half of it");
  // A hook's own limit is 5 s: a portal started from source, migrating a fresh PostgreSQL database
  // on a busy 2-core machine, took longer (waitForHealthy allows 90 s).
}, 120_000);

afterAll(async () => {
  first.kill("SIGTERM");
  await first.exited;
  dirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
});

describe("a second portal serve", () => {
  test("on the same data directory (another port) refuses to start; the first keeps serving", async () => {
    const second = await serveExpectingRefusal(await freePort(), firstDir);
    expect(second.started).toBe(false);
    expect(second.exitCode).toBe(1);
    expect(second.stderr.trim().split("\n")).toHaveLength(1);
    expect(second.stderr).toContain(`already using the data directory ${firstDir}`);
    expect(second.stderr).toContain(`process ${first.pid}`);
    expect((await fetch(`${firstUrl()}/healthz`)).status).toBe(200);
    expect(existsSync(inflightUpload())).toBe(true);
  }, 120_000);

  test("on the same port (another data directory) refuses to start with one clear line", async () => {
    const dir = dataDir();
    const second = await serveExpectingRefusal(firstPort, dir);
    expect(second.started).toBe(false);
    expect(second.exitCode).toBe(1);
    expect(second.stderr.trim()).toBe(`Port ${firstPort} is already in use. Stop the program using it, or choose another with --port or PORT.`);
    expect((await fetch(`${firstUrl()}/healthz`)).status).toBe(200);
    // It let go of its own data directory on the way out.
    expect(existsSync(join(dir, "portal.lock"))).toBe(false);
  }, 120_000);
});

describe("the data directory lock", () => {
  test("other commands still work beside the running portal and leave its uploads alone", async () => {
    writeFileSync(inflightUpload(), "%PDF-1.4 half of it");
    const list = await runCli(["mail", "list", "--data", firstDir], database);
    expect(list.exitCode).toBe(0);
    expect(existsSync(inflightUpload())).toBe(true);
  });

  test("a lock file naming a live process that holds no lock (a PID reused after a reboot) does not stop the portal", async () => {
    const dir = dataDir();
    mkdirSync(dir, { recursive: true });
    // This test runner is alive, and is not a portal holding the directory.
    writeFileSync(join(dir, "portal.lock"), String(process.pid));
    const port = await freePort();
    const server = spawnServe(port, dir);
    try {
      await waitForHealthy(`http://127.0.0.1:${port}`);
      expect(readFileSync(join(dir, "portal.lock"), "utf8")).toBe(String(server.pid));
    } finally {
      server.kill("SIGTERM");
      expect(await server.exited).toBe(0);
    }
  }, 120_000);

  test("a portal killed with SIGKILL leaves its lock file behind, and the next one starts at once", async () => {
    const dir = dataDir();
    const port = await freePort();
    const killed = spawnServe(port, dir);
    await waitForHealthy(`http://127.0.0.1:${port}`);
    killed.kill("SIGKILL");
    await killed.exited;
    expect(readFileSync(join(dir, "portal.lock"), "utf8")).toBe(String(killed.pid));
    const next = spawnServe(port, dir);
    try {
      await waitForHealthy(`http://127.0.0.1:${port}`);
    } finally {
      next.kill("SIGTERM");
      expect(await next.exited).toBe(0);
    }
  }, 120_000);

  test("a lock left by a process that is gone is taken over; a clean stop removes it", async () => {
    const dir = dataDir();
    const gone = Bun.spawn([process.execPath, "-e", "0"]);
    await gone.exited;
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "portal.lock"), String(gone.pid));
    const port = await freePort();
    const server = spawnServe(port, dir);
    try {
      await waitForHealthy(`http://127.0.0.1:${port}`);
    } finally {
      server.kill("SIGTERM");
      expect(await server.exited).toBe(0);
    }
    expect(existsSync(join(dir, "portal.lock"))).toBe(false);
  }, 120_000);
});
