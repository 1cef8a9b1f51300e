// What the benchmarks share: the portal as its own process on a free port, and its memory.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { waitForHealthy } from "../../tests/support/cli.ts";

const root = join(import.meta.dir, "../..");

export interface BenchServer {
  base: string;
  port: number;
  pid: number;
  stop(): Promise<void>;
}

/**
 * Starts `portal serve` on the data directory: the compiled ./portal when it exists (what
 * brokerages run), else from source; BENCH_FROM_SOURCE=1 forces source, BENCH_PORTAL=path picks
 * another executable (e.g. a build of an earlier commit, for a before/after table).
 */
export async function startBenchServer(dataDir: string, options: { fromSource?: boolean; logFile?: string } = {}): Promise<BenchServer> {
  const binary = process.env.BENCH_PORTAL ?? join(root, "portal");
  const fromSource = options.fromSource || Boolean(process.env.BENCH_FROM_SOURCE) || !(await Bun.file(binary).exists());
  const command = fromSource ? [process.execPath, join(root, "src/cli.ts")] : [binary];
  const port = 20000 + Math.floor(Math.random() * 20000);
  const proc = Bun.spawn([...command, "serve", "--port", String(port), "--data", dataDir], {
    env: { ...process.env, HOST: "127.0.0.1", LOG_LEVEL: "warn" },
    stdout: options.logFile ? Bun.file(options.logFile) : "inherit",
    stderr: options.logFile ? Bun.file(options.logFile) : "inherit",
  });
  const base = `http://127.0.0.1:${port}`;
  await waitForHealthy(base);
  console.log(`server: ${command.join(" ")} (pid ${proc.pid})`);
  return {
    base,
    port,
    pid: proc.pid,
    async stop() {
      proc.kill("SIGTERM");
      await proc.exited;
    },
  };
}

/** Resident memory of a process in MB (0 once it is gone). */
export function rssMb(pid: number): number {
  try {
    return Number(readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

export interface WrkResult {
  rps: number;
  p50: number;
  p99: number;
  /** Non-2xx responses and socket errors, as wrk reports them; "none" when there were none. */
  errors: string;
}

const toMs = (value: string) => {
  const n = Number.parseFloat(value);
  return value.endsWith("us") ? n / 1000 : value.endsWith("ms") ? n : n * 1000;
};

/** wrk (Debian's; apt-get install wrk), one thread, `connections` held open for `seconds`. */
export async function wrk(url: string, options: { connections: number; seconds: number; headers?: Record<string, string> }): Promise<WrkResult> {
  const args = ["wrk", "-t1", `-c${options.connections}`, `-d${options.seconds}s`, "--latency", url];
  for (const [name, value] of Object.entries(options.headers ?? {})) args.push("-H", `${name}: ${value}`);
  const proc = Bun.spawn(args, { stdout: "pipe", stderr: "pipe" });
  const out = await new Response(proc.stdout).text();
  await proc.exited;
  const pick = (re: RegExp) => out.match(re)?.[1] ?? "";
  return {
    rps: Number.parseFloat(pick(/Requests\/sec:\s+([\d.]+)/)),
    p50: toMs(pick(/\s50%\s+([\d.]+\w+)/)),
    p99: toMs(pick(/\s99%\s+([\d.]+\w+)/)),
    errors: [pick(/(Non-2xx or 3xx responses: \d+)/), pick(/(Socket errors: [^\n]+)/)].filter(Boolean).join("; ") || "none",
  };
}

/**
 * The ceiling: a bare Bun.serve in its own process answering, for each path, the bytes the portal
 * answered there (captured into `bodiesFile` as { path: body }). Nothing but the runtime's HTTP.
 */
export async function startCeilingServer(bodiesFile: string): Promise<{ base: string; stop(): Promise<void> }> {
  const port = 20000 + Math.floor(Math.random() * 20000);
  const source = `
    const bodies = new Map(Object.entries(await Bun.file(${JSON.stringify(bodiesFile)}).json()));
    const headers = { "content-type": "application/json; charset=utf-8" };
    Bun.serve({ port: ${port}, hostname: "127.0.0.1", fetch(req) {
      const u = req.url, s = u.indexOf("/", 8);
      return new Response(bodies.get(u.slice(s)) ?? "", { headers });
    } });`;
  const proc = Bun.spawn([process.execPath, "-e", source], { stdout: "inherit", stderr: "inherit" });
  const base = `http://127.0.0.1:${port}`;
  await waitForHealthy(base).catch(() => undefined); // any answer at all means it listens
  return {
    base,
    async stop() {
      proc.kill();
      await proc.exited;
    },
  };
}
