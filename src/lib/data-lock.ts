// One serving portal per data directory. A second one on the same directory would empty the
// first one's temp folder at start (breaking its uploads in progress) and run the same jobs, so
// `portal serve` takes an exclusive lock file holding its PID. A lock whose process is gone (the
// portal was killed) is stale and taken over. Other commands (backup, mail list …) take no lock:
// they are made to run beside the server.
import { linkSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export const LOCK_FILE = "portal.lock";

export class DataDirLockedError extends Error {
  constructor(dataDir: string, pid: number) {
    super(`Another portal (process ${pid}) is already using the data directory ${dataDir}. Stop it first, or choose another with --data or DATA_DIR.`);
    this.name = "DataDirLockedError";
  }
}

/** Locks the data directory for this process; returns the function that releases it. */
export function lockDataDir(dataDir: string): () => void {
  const lockPath = join(dataDir, LOCK_FILE);
  // Written in full under a private name, then linked into place: link() fails if the lock
  // exists, so taking it is atomic and nobody ever reads a half-written PID.
  const draft = join(dataDir, `${LOCK_FILE}.${process.pid}`);
  writeFileSync(draft, String(process.pid), { mode: 0o600 });
  try {
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        linkSync(draft, lockPath);
        return () => release(lockPath);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
        const holder = lockHolder(lockPath);
        // Our own PID in the lock is a previous life of this process slot (a container restarts
        // the portal as PID 1 again), never a live holder: one process locks a directory once.
        if (holder !== null && holder !== process.pid && isRunning(holder)) throw new DataDirLockedError(dataDir, holder);
        rmSync(lockPath, { force: true }); // stale: its portal is gone
      }
    }
    throw new DataDirLockedError(dataDir, lockHolder(lockPath) ?? 0); // another portal won the race
  } finally {
    rmSync(draft, { force: true });
  }
}

function lockHolder(lockPath: string): number | null {
  try {
    const pid = Number(readFileSync(lockPath, "utf8").trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0); // signal 0: only asks whether the process exists
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM"; // exists, owned by someone else
  }
}

/** Removes the lock, unless another process has taken it over meanwhile. */
function release(lockPath: string): void {
  if (lockHolder(lockPath) === process.pid) rmSync(lockPath, { force: true });
}
