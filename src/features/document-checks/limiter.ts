// The checks that read a whole file into memory and parse or decode it (pdf.js, JPEG/PNG
// decoding and re-encoding, HEIC conversion, the bytes sent to clamd) run a few at a time: each
// holds the file and what its parser builds from it, so 50 uploads arriving together would hold
// 50 of those at once (500 MB and more for 10 MB files). An upload waiting for a slot holds only
// its temporary file on disk. The work is CPU-bound, so more slots than cores would not finish
// sooner anyway.
import { availableParallelism } from "node:os";
import { Limiter } from "../../lib/limiter.ts";

/** The one limiter every check in this process goes through: one slot per CPU. */
export const checkSlots = new Limiter(Math.max(1, availableParallelism()));
