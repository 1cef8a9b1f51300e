// The SQLite checkpointer's thread (see db/checkpointer.ts): its own connection to the database
// file, copying the write-ahead log back into the file whenever the log has grown, so that the
// fsyncs this takes never stop the server's event loop.
import { Database } from "bun:sqlite";
import { statSync } from "node:fs";

declare const self: Worker;

interface Start {
  file: string;
  /** Checkpoint once the log is this large (SQLite's own default is 1000 pages, ~4 MB). */
  walBytes: number;
  intervalMs: number;
}

let db: Database | null = null;
let timer: ReturnType<typeof setInterval> | null = null;

const walSize = (file: string) => {
  try {
    return statSync(`${file}-wal`).size;
  } catch {
    return 0;
  }
};

self.onmessage = (event: MessageEvent<Start | "stop">) => {
  if (event.data === "stop") {
    if (timer) clearInterval(timer);
    db?.close();
    db = null;
    postMessage("stopped");
    return;
  }
  const { file, walBytes, intervalMs } = event.data;
  db = new Database(file);
  db.exec("PRAGMA busy_timeout = 5000");
  // PASSIVE: copies what no reader still needs, never waits for readers or blocks the writer.
  const checkpoint = db.query("PRAGMA wal_checkpoint(PASSIVE)");
  timer = setInterval(() => {
    try {
      if (db && walSize(file) >= walBytes) checkpoint.get();
    } catch {
      // Busy (another connection is checkpointing, e.g. one closing): the next look tries again.
    }
  }, intervalMs);
  postMessage("started");
};
