// What the benchmarks share: the portal as its own process on a free port, and its memory.
import { readdirSync, readFileSync } from "node:fs";
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
 * BENCH_CPU_PROF=dir runs it from source under `bun --cpu-prof`, the profile written into dir
 * when the server stops (open it in Chrome's DevTools, Performance tab).
 */
export async function startBenchServer(dataDir: string, options: { fromSource?: boolean; logFile?: string; env?: Record<string, string> } = {}): Promise<BenchServer> {
  const binary = process.env.BENCH_PORTAL ?? join(root, "portal");
  const profileDir = process.env.BENCH_CPU_PROF;
  const fromSource = options.fromSource || Boolean(process.env.BENCH_FROM_SOURCE || profileDir) || !(await Bun.file(binary).exists());
  const profile = profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [];
  const command = fromSource ? [process.execPath, ...profile, join(root, "src/cli.ts")] : [binary];
  const port = 20000 + Math.floor(Math.random() * 20000);
  const proc = Bun.spawn([...command, "serve", "--port", String(port), "--data", dataDir], {
    env: { ...process.env, ...options.env, HOST: "127.0.0.1", LOG_LEVEL: "warn" },
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

/** What the portal answered at a path, as the ceiling answers it back. */
export interface CapturedAnswer {
  body: string;
  headers: Record<string, string>;
}

/**
 * The portal's answer as bytes on the wire: its body and every header it sent (the security
 * headers are part of what any server of this app must send), less those Bun adds by itself
 * (Date, Content-Length). The request id varies per request; the ceiling sends one of its length.
 */
export async function captureAnswer(res: Response): Promise<CapturedAnswer> {
  const headers: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    if (name === "date" || name === "content-length" || name === "transfer-encoding") return;
    headers[name] = name === "x-request-id" ? "0".repeat(value.length) : value;
  });
  return { body: await res.text(), headers };
}

/**
 * The ceiling: a bare Bun.serve in its own process answering, for each path, what the portal
 * answered there (captured into `answersFile` as { path: CapturedAnswer }): the same body and
 * headers. Nothing but the runtime's HTTP.
 */
export async function startCeilingServer(answersFile: string): Promise<{ base: string; stop(): Promise<void> }> {
  const port = 20000 + Math.floor(Math.random() * 20000);
  const source = `
    const answers = new Map(Object.entries(await Bun.file(${JSON.stringify(answersFile)}).json()));
    Bun.serve({ port: ${port}, hostname: "127.0.0.1", fetch(req) {
      const u = req.url, s = u.indexOf("/", 8);
      const answer = answers.get(u.slice(s));
      return answer ? new Response(answer.body, { headers: answer.headers }) : new Response("");
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

/**
 * A round-robin reverse proxy in its own process (scripts/bench/proxy.ts): each request goes to
 * the next of `upstreams` in turn. The same proxy in front of one instance and of two, so the
 * comparison carries the proxy's cost on both sides.
 */
export async function startProxy(upstreams: string[]): Promise<{ base: string; pid: number; stop(): Promise<void> }> {
  const port = 20000 + Math.floor(Math.random() * 20000);
  const proc = Bun.spawn([process.execPath, join(import.meta.dir, "proxy.ts"), String(port), ...upstreams], { stdout: "inherit", stderr: "inherit" });
  const base = `http://127.0.0.1:${port}`;
  await waitForHealthy(base);
  return {
    base,
    pid: proc.pid,
    async stop() {
      proc.kill();
      await proc.exited;
    },
  };
}

/**
 * CPU seconds (user + system) used so far by `root` and every process under it, summed by command
 * name. Only this bench's own tree: the machine is shared, and others run PostgreSQL too.
 */
export function cpuSecondsByCommand(root: number): Map<string, number> {
  const ticks = 100; // USER_HZ on Linux
  const processes: { pid: number; ppid: number; command: string; seconds: number }[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue; // gone meanwhile
    }
    // "pid (comm) state ppid …": comm may hold spaces; utime and stime are fields 14 and 15.
    const close = stat.lastIndexOf(")");
    const fields = stat.slice(close + 2).split(" ");
    processes.push({
      pid: Number(entry),
      ppid: Number(fields[1]),
      // npm's Bun runs as bun.exe; one name for both.
      command: stat.slice(stat.indexOf("(") + 1, close).replace(/^bun\.exe$/, "bun"),
      seconds: (Number(fields[11]) + Number(fields[12])) / ticks,
    });
  }
  const inTree = new Set([root]);
  for (let grown = true; grown; ) {
    grown = false;
    for (const p of processes) if (!inTree.has(p.pid) && inTree.has(p.ppid)) (inTree.add(p.pid), (grown = true));
  }
  const byCommand = new Map<string, number>();
  for (const p of processes) if (inTree.has(p.pid)) byCommand.set(p.command, (byCommand.get(p.command) ?? 0) + p.seconds);
  return byCommand;
}

/**
 * Runs `work` (a load of `seconds`) and answers how many cores each command under `root` kept
 * busy in the middle of it (CPU seconds per second of wall time, from 0.5 s after the start to
 * 0.5 s before the end, while wrk is still running), e.g. { postgres: 0.8, portal: 0.7, wrk: 0.2 }.
 */
export async function coresBusy<T>(root: number, seconds: number, work: () => Promise<T>): Promise<{ result: T; cores: Map<string, number> }> {
  const running = work();
  await Bun.sleep(500);
  const before = cpuSecondsByCommand(root);
  const started = performance.now();
  await Bun.sleep(Math.max(500, seconds * 1000 - 1000));
  const after = cpuSecondsByCommand(root);
  const wall = (performance.now() - started) / 1000;
  const cores = new Map<string, number>();
  for (const [command, used] of after) {
    const rate = (used - (before.get(command) ?? 0)) / wall;
    if (rate >= 0.01) cores.set(command, rate);
  }
  return { result: await running, cores };
}

export const formatCores = (cores: Map<string, number>, names: string[]) =>
  names.map((name) => `${name} ${(cores.get(name) ?? 0).toFixed(2)}`).join(", ");
