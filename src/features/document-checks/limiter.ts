// The checks that read a whole file into memory and parse or decode it (pdf.js, JPEG/PNG
// decoding and re-encoding, HEIC conversion, the bytes sent to clamd) run a few at a time: each
// holds the file and what its parser builds from it, so 50 uploads arriving together would hold
// 50 of those at once (500 MB and more for 10 MB files). An upload waiting for a slot holds only
// its temporary file on disk. The work is CPU-bound, so more slots than cores would not finish
// sooner anyway.
import { availableParallelism } from "node:os";

/** At most `slots` tasks run at once; the others wait in arrival order. */
export class Limiter {
  #active = 0;
  readonly #queue: Array<() => void> = [];

  constructor(readonly slots: number) {
    if (!Number.isInteger(slots) || slots < 1) throw new Error(`A limiter needs at least one slot, not ${slots}`);
  }

  /** Tasks running now. */
  get active(): number {
    return this.#active;
  }

  /** Tasks waiting for a slot. */
  get waiting(): number {
    return this.#queue.length;
  }

  /** Runs `task` once a slot is free; the slot is given back however the task ends. */
  async run<T>(task: () => Promise<T> | T): Promise<T> {
    await this.#acquire();
    try {
      return await task();
    } finally {
      this.#release();
    }
  }

  #acquire(): Promise<void> {
    if (this.#active < this.slots) {
      this.#active++;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => this.#queue.push(resolve));
  }

  #release(): void {
    const next = this.#queue.shift();
    // The slot passes straight to the next waiter (active stays the same), so a task arriving
    // meanwhile cannot jump the queue.
    if (next) next();
    else this.#active--;
  }
}

/** The one limiter every check in this process goes through: one slot per CPU. */
export const checkSlots = new Limiter(Math.max(1, availableParallelism()));
