// SQLite writes each commit to its write-ahead log and, by default, the committing connection
// copies the log back into the database file every ~4 MB: a checkpoint, with an fsync of the log
// and of the file. On the server that connection lives on the event loop, so every request in
// flight waited for those fsyncs (under the writes bench, 1 commit in 70, 5–10 ms each).
// `portal serve` therefore turns the server's own checkpoints off and runs them on a worker thread
// with a connection of its own (db/checkpoint-worker.ts). If the worker cannot start or stops,
// the server's connection checkpoints again as before.
import type { Database } from "bun:sqlite";
import { embeddedFiles } from "../src/lib/embedded.ts";
import type { Logger } from "../src/lib/log.ts";

// The compiled executable holds the worker as an entrypoint of its own (scripts/compile.ts), found
// by its path from the project's root; from source it is the file next to this one.
const workerPath = () => (embeddedFiles() ? "./db/checkpoint-worker.ts" : new URL("./checkpoint-worker.ts", import.meta.url).href);
const WAL_BYTES = 4 * 1024 * 1024;
const INTERVAL_MS = 250;

export interface Checkpointer {
  stop(): Promise<void>;
}

export async function startCheckpointer(writer: Database, file: string, log: Logger): Promise<Checkpointer> {
  const serverCheckpoints = (on: boolean) => writer.exec(`PRAGMA wal_autocheckpoint = ${on ? 1000 : 0}`);
  let worker: Worker;
  try {
    worker = new Worker(workerPath());
    const started = new Promise<void>((resolve, reject) => {
      worker.addEventListener("message", (event) => event.data === "started" && resolve(), { once: true });
      worker.addEventListener("error", (event) => reject(new Error(event.message)), { once: true });
    });
    worker.postMessage({ file, walBytes: WAL_BYTES, intervalMs: INTERVAL_MS });
    await started;
  } catch (error) {
    log.warn("The SQLite checkpoint thread did not start; the server checkpoints on its own", { error: String(error) });
    return { stop: async () => {} };
  }
  serverCheckpoints(false);
  let running = true;
  worker.addEventListener("error", (event) => {
    if (!running) return;
    running = false;
    serverCheckpoints(true);
    log.error("The SQLite checkpoint thread stopped; the server checkpoints on its own again", { error: event.message });
  });
  return {
    async stop() {
      if (!running) return;
      running = false;
      serverCheckpoints(true);
      const stopped = new Promise<void>((resolve) => worker.addEventListener("message", (event) => event.data === "stopped" && resolve()));
      worker.postMessage("stop");
      await Promise.race([stopped, Bun.sleep(2000)]);
      worker.terminate();
    },
  };
}
