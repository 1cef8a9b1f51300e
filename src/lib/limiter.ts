// At most N tasks at once, the others waiting in arrival order: for work that holds memory or
// CPU per task (document checks, uploads to S3), so many requests arriving together wait their
// turn instead of all holding their share at once.

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
