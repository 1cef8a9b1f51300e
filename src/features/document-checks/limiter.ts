// The checks that read a whole file into memory and parse or decode it (pdf.js, JPEG/PNG
// decoding and re-encoding, HEIC conversion, the bytes sent to clamd) run a few at a time: each
// holds the file and what its parser builds from it, so 50 uploads arriving together would hold
// 50 of those at once (500 MB and more for 10 MB files). An upload waiting for a slot holds only
// its temporary file on disk.
//
// The work is CPU-bound and runs on the check threads (check-workers.ts), one per slot. One core
// is left to the server's own thread: with a slot per core, two photos converting on a 2-core
// server took both cores, and a broker's reads meanwhile halved (scripts/bench/checks.ts: 27–31
// thousand in 10 s, p99 9.5 ms, against 53–57 thousand, p99 4.2–4.5 ms, with one slot).
import { availableParallelism } from "node:os";
import { Limiter } from "../../lib/limiter.ts";

/** The one limiter every check in this process goes through: one slot per core but one. */
export const checkSlots = new Limiter(Math.max(1, availableParallelism() - 1));
