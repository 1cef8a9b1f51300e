// Threads for CPU work of unknown length (parsing, decoding, OCR), kept off the server's event
// loop: a pool of at most `size` Bun workers running one entry file. A thread does one task at a
// time, in the order handed to it; it is handed up to a few at once (the caller's limiter decides
// how many), so it never sits idle while the server's busy thread gets round to handing it the
// next. A thread idle for IDLE_MS is stopped, giving its memory back. A task that runs past its
// time limit, or a thread that dies on one, abandons that task (the caller gets WorkAbandoned);
// the thread is stopped, and the tasks waiting behind it go to another: a hostile file cannot
// hold the server, nor fail its neighbours. A background task (recognition's reading) is handed
// only to a thread with nothing to do, and otherwise waits in the pool: the other tasks (an
// upload's checks) then wait behind at most one of them running, never a queue of them. The one
// pool is src/lib/work-threads.ts.

const IDLE_MS = 30_000;

/** The task was given up on: it took longer than its time limit, or its thread died on it. */
export class WorkAbandoned extends Error {
  constructor(
    readonly reason: "time_limit" | "thread_failed",
    message: string,
  ) {
    super(message);
  }
}

/** Bun's Worker, which can be told whether it keeps the process alive (the DOM's type cannot). */
type BunWorker = Worker & { ref(): void; unref(): void };

interface Job<Task, Answer> {
  task: Task;
  timeLimitMs: number;
  /** What the task is, in the messages ("The check took longer than 60 s"). */
  name: string;
  background: boolean;
  resolve(answer: Answer): void;
  reject(error: WorkAbandoned): void;
}

/** One thread and the tasks handed to it, in order: the first is the one it is working on. */
class PoolThread<Task, Answer> {
  readonly #worker: BunWorker;
  readonly jobs: Job<Task, Answer>[] = [];
  #timer: ReturnType<typeof setTimeout> | undefined;
  #stopped = false;

  constructor(
    entry: string,
    private readonly name: string,
    private readonly onStop: (thread: PoolThread<Task, Answer>, waiting: Job<Task, Answer>[]) => void,
    private readonly onIdle: (thread: PoolThread<Task, Answer>) => void,
  ) {
    this.#worker = new Worker(entry) as BunWorker;
    this.#worker.addEventListener("message", (event: MessageEvent<Answer>) => {
      if (this.#stopped) return; // an answer that crossed with the time limit: already given up
      const job = this.jobs.shift();
      if (this.jobs.length === 0) this.onIdle(this);
      this.#next();
      job?.resolve(event.data);
    });
    this.#worker.addEventListener("error", (event: ErrorEvent) => this.#fail("thread_failed", `The ${this.name} thread failed: ${event.message}`));
    this.#worker.addEventListener("close", () => this.#fail("thread_failed", `The ${this.name} thread stopped`));
    this.#idle();
  }

  give(job: Job<Task, Answer>): void {
    this.jobs.push(job);
    this.#worker.postMessage(job.task);
    if (this.jobs.length === 1) this.#next();
  }

  /** Times the task now being worked on; with none, waits IDLE_MS for one before stopping. */
  #next(): void {
    clearTimeout(this.#timer);
    const current = this.jobs[0];
    if (!current) return this.#idle();
    this.#worker.ref();
    this.#timer = setTimeout(() => this.#fail("time_limit", `The ${current.name} took longer than ${current.timeLimitMs / 1000} s`), current.timeLimitMs);
  }

  #idle(): void {
    // An idle thread never keeps a process (a test run, a CLI command) from exiting.
    this.#worker.unref();
    this.#timer = setTimeout(() => this.#stop([]), IDLE_MS);
    this.#timer.unref();
  }

  /** The task being worked on is given up on; the ones waiting behind it go to another thread. */
  #fail(reason: WorkAbandoned["reason"], message: string): void {
    if (this.#stopped) return;
    const [current, ...waiting] = this.jobs.splice(0);
    this.#stop(waiting);
    current?.reject(new WorkAbandoned(reason, message));
  }

  #stop(waiting: Job<Task, Answer>[]): void {
    this.#stopped = true;
    clearTimeout(this.#timer);
    this.#worker.terminate();
    this.onStop(this, waiting);
  }
}

export class ThreadPool<Task, Answer> {
  readonly #threads: PoolThread<Task, Answer>[] = [];
  /** Background tasks waiting for a thread with nothing to do. */
  readonly #waiting: Job<Task, Answer>[] = [];

  /**
   * `entry`: the worker's file (a URL from source; a path inside the compiled executable);
   * `name`: what a task is, in the messages, unless its run() names it.
   */
  constructor(
    private readonly entry: () => string,
    private readonly name: string,
    readonly size: number,
  ) {}

  #stopped = (thread: PoolThread<Task, Answer>, waiting: Job<Task, Answer>[]): void => {
    const at = this.#threads.indexOf(thread);
    if (at >= 0) this.#threads.splice(at, 1);
    for (const job of waiting) this.#handOut(job);
    this.#handOutWaiting();
  };

  #idle = (thread: PoolThread<Task, Answer>): void => {
    const job = this.#waiting.shift();
    if (job) thread.give(job);
  };

  /** Waiting background tasks to threads with nothing to do, or new ones while there is room. */
  #handOutWaiting(): void {
    while (this.#waiting.length && (this.#threads.some((t) => t.jobs.length === 0) || this.#threads.length < this.size)) this.#handOut(this.#waiting.shift()!);
  }

  /** To an idle thread, else a new one while there are fewer than `size`, else the least busy. */
  #handOut(job: Job<Task, Answer>): void {
    let thread = this.#threads.find((t) => t.jobs.length === 0);
    if (!thread && this.#threads.length < this.size) this.#threads.push((thread = new PoolThread(this.entry(), this.name, this.#stopped, this.#idle)));
    if (!thread && job.background) {
      this.#waiting.push(job);
      return;
    }
    thread ??= this.#threads.reduce((a, b) => (b.jobs.length < a.jobs.length ? b : a));
    thread.give(job);
  }

  /**
   * Hands one task to a thread and waits for its answer, the time limit, or the thread's end.
   * `background`: only to a thread with nothing to do (see the file's comment).
   */
  run(task: Task, timeLimitMs: number, options: { name?: string; background?: boolean } = {}): Promise<Answer> {
    return new Promise((resolve, reject) => this.#handOut({ task, timeLimitMs, name: options.name ?? this.name, background: options.background ?? false, resolve, reject }));
  }

  /** Background tasks waiting for a thread (for tests). */
  waiting(): number {
    return this.#waiting.length;
  }

  /** Threads waiting for work now (for tests). */
  idle(): number {
    return this.#threads.filter((t) => t.jobs.length === 0).length;
  }

  /** Threads running now, idle or not (for tests). */
  count(): number {
    return this.#threads.length;
  }
}
