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
 * brokerages run), else from source; BENCH_FROM_SOURCE=1 forces source.
 */
export async function startBenchServer(dataDir: string, options: { fromSource?: boolean } = {}): Promise<BenchServer> {
  const binary = join(root, "portal");
  const fromSource = options.fromSource || Boolean(process.env.BENCH_FROM_SOURCE) || !(await Bun.file(binary).exists());
  const command = fromSource ? [process.execPath, join(root, "src/cli.ts")] : [binary];
  const port = 20000 + Math.floor(Math.random() * 20000);
  const proc = Bun.spawn([...command, "serve", "--port", String(port), "--data", dataDir], {
    env: { ...process.env, HOST: "127.0.0.1", LOG_LEVEL: "warn" },
    stdout: "inherit",
    stderr: "inherit",
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
