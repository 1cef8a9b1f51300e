// The checks that read a whole file into memory and parse or decode it (pdf.js, JPEG/PNG
// decoding and re-encoding, HEIC conversion, the bytes sent to clamd) run a few at a time: each
// holds the file and what its parser builds from it, so 50 uploads arriving together would hold
// 50 of those at once (500 MB and more for 10 MB files). An upload waiting for a slot holds only
// its temporary file on disk. A file of at most 1 MB needs no slot (needsCheckSlot, below).
//
// The work is CPU-bound and runs on the check threads (check-workers.ts), one per core but one:
// one core is left to the server's own thread. With a thread per core, two photos converting on a
// 2-core server took both cores, and a broker's reads meanwhile halved (scripts/bench/checks.ts:
// 27–31 thousand in 10 s, p99 9.5 ms, against 53–57 thousand, p99 4.2–4.5 ms, with one thread).
//
// Each thread is handed two checks at once: it opens one file while the next waits in its
// mailbox, so it never sits idle while the server's busy thread gets round to taking an answer
// and handing it another file (under 20 writers that took ~4 ms a check, the check itself ~1 ms,
// and uploads queued for the thread). A thread still opens one file at a time. With clamd, a slot
// also holds its file while clamd reads it: two files per thread at most.
import { Limiter } from "../../lib/limiter.ts";
import { instanceState } from "../../lib/instance-state.ts";
import { WORK_THREADS } from "../../lib/work-threads.ts";

/** Check threads: one per core but one, at least one; the work threads, shared with recognition's reading. */
export const CHECK_THREADS = WORK_THREADS;

/** Checks handed to one thread at once: the one it works on and the next. */
export const CHECKS_PER_THREAD = 2;

/** The one limiter every check in this process that needs a slot goes through. */
export const checkSlots = instanceState("check slots", "per process", "bound the files this process's check threads hold in memory", new Limiter(CHECK_THREADS * CHECKS_PER_THREAD));

/** Files up to this size are handed to a thread without a slot (see needsCheckSlot). */
export const SLOTLESS_BYTES = 1024 * 1024;

/**
 * Whether a check waits for a slot. A file of at most 1 MB does not: a thread opens one file at a
 * time, so one waiting in its mailbox holds only its path, and the slot bought nothing but a wait
 * for the server's busy thread to take an answer and hand the slot on (writes bench, 20 writers:
 * a 50 KB upload's check took 17.5–21.6 ms at the median with a slot, 9.9–10.5 ms without).
 * Larger files still take one, so at most two of them per thread are handed out and the rest go to
 * whichever thread frees first; so does every file clamd is sent, which is read into the server's
 * memory whole. A small file may wait on its thread behind a photo being converted (seconds), as
 * it waited for that photo's slot before.
 */
export const needsCheckSlot = (size: number, scanned: boolean): boolean => scanned || size > SLOTLESS_BYTES;
