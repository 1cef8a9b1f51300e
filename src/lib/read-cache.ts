// Caches the JSON of expensive reads (dashboard metrics, customer lists) until the database
// changes. The version is the database's own record of commits (db/transaction.ts changeCounter:
// SQLite's change counters, PostgreSQL's current snapshot), so every write, through any feature,
// process or instance, invalidates everything; no write path can forget to. Reads that depend on
// the clock (overdue, "today") are also recomputed at least every BUCKET_MS.
import type { Clock } from "./clock.ts";

const BUCKET_MS = 10_000;

const encoder = new TextEncoder();

export class ReadCache {
  // Kept as UTF-8 bytes: a 400 KB list is then copied out, not re-encoded, on every request.
  private entries = new Map<string, { version: string; json: Uint8Array<ArrayBuffer> }>();
  // Computations under way: the requests that miss together (50 dashboards polling when a write
  // or the clock's bucket turns the version) wait for one computation instead of each running it.
  private computing = new Map<string, { version: string; json: Promise<Uint8Array<ArrayBuffer>> }>();

  constructor(
    private readonly changes: () => string | Promise<string>,
    private readonly clock: Clock,
    private readonly maxEntries = 500,
  ) {}

  private async version(): Promise<string> {
    return `${await this.changes()}:${Math.floor(this.clock.now().getTime() / BUCKET_MS)}`;
  }

  /** The JSON of `compute()`, reused while nothing has changed. */
  async json(key: string, compute: () => Promise<unknown>): Promise<Uint8Array<ArrayBuffer>> {
    // Taken before computing: a write committed meanwhile gives the next request another version.
    const version = await this.version();
    const hit = this.entries.get(key);
    if (hit && hit.version === version) return hit.json;
    const pending = this.computing.get(key);
    if (pending && pending.version === version) return pending.json;
    const json = (async () => encoder.encode(JSON.stringify(await compute())))();
    this.computing.set(key, { version, json });
    try {
      const done = await json;
      this.entries.delete(key); // re-insert to keep the Map in least-recently-set order
      this.entries.set(key, { version, json: done });
      if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
      return done;
    } finally {
      if (this.computing.get(key)?.json === json) this.computing.delete(key);
    }
  }
}

export const jsonResponse = (json: Uint8Array<ArrayBuffer>) => new Response(json, { headers: { "content-type": "application/json; charset=utf-8" } });
