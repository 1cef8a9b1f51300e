// A real S3-compatible server for tests: npm's s3rver (it speaks the S3 REST protocol and keeps
// objects in a folder; it knows its access key but does not check SigV4 signatures), run in a
// child process of its own on a free port, so the memory a test measures is the portal's alone.
// Buckets are made over HTTP.
import { spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** s3rver's built-in account. */
export const S3_ACCESS_KEY_ID = "S3RVER";
export const S3_SECRET_ACCESS_KEY = "S3RVER";

export interface S3TestServer {
  /** Path-style endpoint: http://127.0.0.1:PORT */
  endpoint: string;
  port: number;
  /** The folder s3rver keeps buckets and objects in. */
  directory: string;
  /** Makes a new, empty bucket; a unique name unless one is given. */
  createBucket(name?: string): Promise<string>;
  /** The portal's settings for a bucket on this server. */
  env(bucket: string): Record<string, string>;
  /** Stops the server (a test of an upload cut off), keeping its folder. */
  kill(): Promise<void>;
  /** Starts it again on the same folder and port. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

let buckets = 0;

export async function startS3Server(): Promise<S3TestServer> {
  const directory = mkdtempSync(join(tmpdir(), "portal-s3-"));
  let child: ChildProcess;
  let port = 0;
  const launch = async (wantedPort: number) => {
    const started = await spawnS3rver(directory, wantedPort);
    child = started.child;
    port = started.port;
  };
  await launch(0);
  const endpoint = `http://127.0.0.1:${port}`;
  const stopChild = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGKILL");
    await exited;
  };
  return {
    endpoint,
    port,
    directory,
    async createBucket(name = `bucket-${process.pid}-${++buckets}`) {
      // s3rver takes an unsigned request as anonymous, and lets anyone make a bucket.
      const res = await fetch(`${endpoint}/${name}`, { method: "PUT" });
      if (!res.ok) throw new Error(`s3rver refused to create bucket ${name}: ${res.status} ${await res.text()}`);
      return name;
    },
    env: (bucket) => ({
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY,
    }),
    kill: stopChild,
    async restart() {
      await stopChild();
      await launch(port);
    },
    async stop() {
      await stopChild();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

let shared: Promise<S3TestServer> | undefined;

/**
 * One s3rver for the whole test process, started on first use (TEST_STORAGE=s3 gives every test
 * portal a bucket of its own on it); it and its folder go when the process ends.
 */
export function sharedS3Server(): Promise<S3TestServer> {
  return (shared ??= startS3Server());
}

function spawnS3rver(directory: string, port: number): Promise<{ child: ChildProcess; port: number }> {
  const s3rver = createRequire(import.meta.url).resolve("s3rver");
  const child = spawn("node", ["--openssl-legacy-provider", "-e", CHILD, s3rver, directory, String(port)], { stdio: ["pipe", "pipe", "pipe"] });
  let errors = "";
  child.stderr!.on("data", (chunk) => (errors += chunk));
  return new Promise((resolve, reject) => {
    let out = "";
    const onData = (chunk: Buffer) => {
      out += chunk;
      if (!out.includes("\n")) return;
      child.stdout!.off("data", onData);
      child.stdout!.resume(); // nothing else is read; never let a full pipe stall the child
      resolve({ child, port: JSON.parse(out.split("\n")[0]!).port });
    };
    child.stdout!.on("data", onData);
    child.once("error", reject); // no node on PATH
    child.once("exit", (code) => reject(new Error(`s3rver exited (${code}) before it listened: ${errors}`)));
  });
}

/**
 * The child: s3rver on 127.0.0.1, silent, keeping everything in the folder; it prints its
 * address as one JSON line. When the test process (holding its stdin) ends, however it ends, the
 * child removes the folder and ends too (bun test runs no "exit" handlers of ours).
 *
 * It runs on Node.js, the runtime s3rver is written for, not Bun, for two reasons found the hard
 * way: s3rver pages a bucket listing on the assumption that fs.readdirSync returns names in
 * order (Node's does, Bun's does not: pages repeated and skipped keys), and it seals the
 * listing's continuation token with DES, which OpenSSL 3 offers only with its legacy provider
 * (hence the flag; Bun has no DES at all).
 */
const CHILD = `
const [s3rver, directory, port] = process.argv.slice(1);
const S3rver = require(s3rver);
const server = new S3rver({ address: "127.0.0.1", port: Number(port), directory, silent: true });
server.run().then((address) => process.stdout.write(JSON.stringify(address) + "\\n"));
process.stdin.on("end", () => {
  require("node:fs").rmSync(directory, { recursive: true, force: true });
  process.exit(0);
}).resume();
`;
