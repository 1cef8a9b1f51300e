// One serving portal per data directory. A second one on the same directory would empty the
// first one's temp folder at start (breaking its uploads in progress) and run the same jobs, so
// `portal serve` holds an exclusive kernel lock (flock) on `portal.lock`, which also names its PID
// for the message another portal prints. The kernel drops the lock with the process, however it
// ends: a crash, kill -9, a reboot. A PID in a lock file is never trusted on its own (after a
// reboot it may name another live process, and a killed portal lingers until it is reaped).
// Other commands (backup, mail list …) take no lock: they are made to run beside the server.
import { dlopen, FFIType, read } from "bun:ffi";
import { closeSync, fstatSync, ftruncateSync, openSync, readFileSync, rmSync, statSync, writeSync } from "node:fs";
import { join } from "node:path";
import { instanceState } from "./instance-state.ts";

export const LOCK_FILE = "portal.lock";

export class DataDirLockedError extends Error {
  constructor(dataDir: string, pid: number | null) {
    super(
      `Another portal${pid ? ` (process ${pid})` : ""} is already using the data directory ${dataDir}. Stop it first, or choose another with --data or DATA_DIR.`,
    );
    this.name = "DataDirLockedError";
  }
}

const LOCK_EX = 2;
const LOCK_NB = 4;
const LOCK_UN = 8;
const EWOULDBLOCK = process.platform === "darwin" ? 35 : 11;

// flock(2) from the C library: Node's fs has no file locks. Opened on first use only.
const libc = instanceState("the C library's flock", "per process", "a handle on this process's C library, opened once", {
  symbols: null as { flock(fd: number, op: number): number; errno(): number } | null,
});
function flockLib() {
  if (libc.symbols) return libc.symbols;
  const darwin = process.platform === "darwin";
  const { symbols } = dlopen(darwin ? "libSystem.B.dylib" : "libc.so.6", {
    flock: { args: [FFIType.i32, FFIType.i32], returns: FFIType.i32 },
    [darwin ? "__error" : "__errno_location"]: { args: [], returns: FFIType.ptr },
  });
  const errnoAt = (darwin ? symbols.__error : symbols.__errno_location) as () => number;
  libc.symbols = { flock: (fd, op) => symbols.flock(fd, op) as number, errno: () => read.i32(errnoAt() as never) };
  return libc.symbols;
}

/** Locks the data directory for this process; returns the function that releases it. */
export function lockDataDir(dataDir: string): () => void {
  const lockPath = join(dataDir, LOCK_FILE);
  const { flock, errno } = flockLib();
  // A portal stopping removes the file; one that opened it just before then holds a lock on a
  // file no longer in the directory. So the lock counts only if the file locked is still the one
  // at the path; otherwise try again on the new one.
  for (let attempt = 0; attempt < 5; attempt++) {
    const fd = openSync(lockPath, "a+", 0o600);
    if (flock(fd, LOCK_EX | LOCK_NB) !== 0) {
      const code = errno();
      closeSync(fd);
      if (code === EWOULDBLOCK) throw new DataDirLockedError(dataDir, lockHolder(lockPath));
      throw new Error(`The data directory ${dataDir} could not be locked (flock failed with errno ${code}). Put it on a local disk.`);
    }
    if (!sameFile(fd, lockPath)) {
      closeSync(fd);
      continue;
    }
    ftruncateSync(fd, 0);
    writeSync(fd, String(process.pid), 0);
    return () => {
      // Unlinked while still locked, so a portal starting now never locks the departing file.
      rmSync(lockPath, { force: true });
      flock(fd, LOCK_UN);
      closeSync(fd);
    };
  }
  throw new DataDirLockedError(dataDir, lockHolder(lockPath));
}

function sameFile(fd: number, path: string): boolean {
  try {
    const held = fstatSync(fd);
    const named = statSync(path);
    return held.ino === named.ino && held.dev === named.dev;
  } catch {
    return false; // removed meanwhile
  }
}

/** The PID the holder wrote, for the message; null while it is still writing it. */
function lockHolder(lockPath: string): number | null {
  try {
    const pid = Number(readFileSync(lockPath, "utf8").trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}
