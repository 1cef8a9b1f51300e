// Caches expensive reads (dashboard metrics, customer lists, who a session belongs to) until the
// database changes. The version is the database's own record of commits (changeCounter in
// db/change-counters.ts: SQLite's change counters, PostgreSQL's current snapshot), so every write,
// through any feature, process or instance, invalidates everything; no write path can forget to.
// Reads that depend on the clock (overdue, "today") are also recomputed at least every BUCKET_MS.
//
// Why it exists: every screen polls its reads, and most of them aggregate a whole brokerage.
// Before it, the dashboard's metrics took 94 ms at the median (517 requests/s) and the customer
// list 393 ms; in process a cached metrics read costs 4 µs against 3,074 µs computed, a customer's
// detail 9 µs against 62 µs, and on PostgreSQL the metrics went from 780 to 6,489 requests/s.
// Under constant writes the first read after each write pays the computed cost. Figures:
// docs/performance.md, "The levers".
import { getSchemaValidator, ValidationError, type Static, type TSchema } from "elysia";
import type { Clock } from "./clock.ts";

const BUCKET_MS = 10_000;

const encoder = new TextEncoder();

interface ValueOptions {
  /** false: the answer does not depend on the time (or its key names the day it is for). */
  clock?: boolean;
}

interface CacheOptions {
  maxEntries?: number;
  /** The headers every answer carries (see AnswerHeaders). */
  headers?: Record<string, string>;
  /** The default of ValueOptions.clock: false for a cache of what never depends on the time. */
  clock?: boolean;
}

export class ReadCache {
  private entries = new Map<string, { version: string; value: unknown }>();
  // Computations under way: the requests that miss together (50 dashboards polling when a write
  // or the clock's bucket turns the version) wait for one computation instead of each running it.
  private computing = new Map<string, { version: string; value: Promise<unknown> }>();

  // Each cached answer's schema, compiled once (on its first fill).
  private answerChecks = new WeakMap<TSchema, (value: unknown) => unknown>();

  private readonly maxEntries: number;
  private readonly answerHeaders: AnswerHeaders;
  private readonly clockByDefault: boolean;

  constructor(
    private readonly changes: () => string | Promise<string>,
    private readonly clock: Clock,
    options: CacheOptions = {},
  ) {
    this.maxEntries = options.maxEntries ?? 500;
    this.clockByDefault = options.clock ?? true;
    this.answerHeaders = new AnswerHeaders(options.headers ?? {});
  }

  // Synchronous on SQLite: a cache hit then costs no turn of the microtask queue.
  private version(withClock: boolean): string | Promise<string> {
    const changes = this.changes();
    if (!withClock) return changes;
    const bucket = Math.floor(this.clock.now().getTime() / BUCKET_MS);
    return typeof changes === "string" ? `${changes}:${bucket}` : changes.then((c) => `${c}:${bucket}`);
  }

  /**
   * What `compute()` answers, reused while nothing has changed (and, unless `clock: false`, for
   * at most BUCKET_MS). Every request gets the same
   * object, so plain objects and arrays are frozen: a caller that changed one would throw.
   */
  value<T>(key: string, compute: () => Promise<T>, options: ValueOptions = {}): T | Promise<T> {
    // Taken before computing: a write committed meanwhile gives the next request another version.
    const asked = this.version(options.clock ?? this.clockByDefault);
    // A hit on SQLite is answered as it is, not through an async function's promise: a request
    // asks up to three times (its session, its link, its answer).
    if (typeof asked === "string") {
      const hit = this.entries.get(key);
      if (hit && hit.version === asked) return hit.value as T;
    }
    return this.computed(key, compute, asked);
  }

  private async computed<T>(key: string, compute: () => Promise<T>, asked: string | Promise<string>): Promise<T> {
    const version = typeof asked === "string" ? asked : await asked;
    const hit = this.entries.get(key);
    if (hit && hit.version === version) return hit.value as T;
    const pending = this.computing.get(key);
    if (pending && pending.version === version) return (await pending.value) as T;
    const value = (async () => deepFreeze(await compute()))();
    this.computing.set(key, { version, value });
    try {
      const done = await value;
      this.entries.delete(key); // re-insert to keep the Map in least-recently-set order
      this.entries.set(key, { version, value: done });
      if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
      return done;
    } finally {
      if (this.computing.get(key)?.value === value) this.computing.delete(key);
    }
  }

  /**
   * The JSON of `compute()` as a Blob of UTF-8: sent as it is, neither re-encoded nor copied, on
   * every request. (A Response made from a Uint8Array copies it: 77 µs for a 430 KB list, 3 µs
   * for 10 KB; from a Blob it shares the bytes, ~1 µs whatever the size.)
   */
  json(key: string, compute: () => Promise<unknown>): Blob | Promise<Blob> {
    return this.value(key, async () => new Blob([encoder.encode(JSON.stringify(await compute()))]));
  }

  /**
   * A route's answer from the cached JSON of `compute()` (see AnswerHeaders), checked against the
   * route's response `schema` as Elysia checks every other answer (extra fields dropped, a missing
   * or mistyped one a 500 that is logged), but once per fill: a hit sends the bytes checked then.
   * An answer that breaks its schema is not cached.
   */
  async response<Schema extends TSchema>(set: ResponseSet, key: string, schema: Schema, compute: () => Promise<Static<Schema>>): Promise<Response> {
    return this.answerHeaders.response(set, await this.json(key, async () => this.answerCheck(schema)(await compute())));
  }

  private answerCheck(schema: TSchema): (value: unknown) => unknown {
    let check = this.answerChecks.get(schema);
    if (!check) {
      const validator = getSchemaValidator(schema, { normalize: true });
      check = (value) => {
        const cleaned = validator.Clean ? validator.Clean(value) : value;
        if (!validator.Check(cleaned)) throw new ValidationError("response", validator, cleaned);
        return cleaned;
      };
      this.answerChecks.set(schema, check);
    }
    return check;
  }
}

function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== "object" || Object.isFrozen(value)) return value;
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== Array.prototype && proto !== null) return value; // bytes, dates
  for (const inner of Object.values(value)) deepFreeze(inner);
  return Object.freeze(value);
}

/** The part of Elysia's `set` a cached answer takes over (see AnswerHeaders). */
export interface ResponseSet {
  headers: Record<string, string | number>;
  status?: number | string;
  cookie?: Record<string, unknown>;
}

const JSON_TYPE = "application/json; charset=utf-8";

/**
 * A cached read's answer: its JSON, with the headers this request has gathered (security headers,
 * the request id, no-store) moved from `set` into the Response. Elysia hands a Response back as
 * it is when `set` holds nothing; otherwise it copies it into a new one, merging headers one by
 * one and turning the body into a stream: 40 % of a cached read's time. An empty cookie jar
 * counts as something to Elysia (any route that reads a cookie has one), so it is dropped when
 * nothing was written to it; a cookie written, or another status, leaves the merge to Elysia.
 * A ready Response also skips Elysia's response validation, so `response()` checks the answer
 * against the route's schema itself when it computes it.
 *
 * The headers every answer carries (`always`: the security headers) are prepared once as a
 * Headers: a Response copies one in ~1 µs, and builds one from a plain object of eight in ~2 µs,
 * a sixth of a cached portal read. Only what differs from them is set one by one.
 */
class AnswerHeaders {
  private readonly prepared: Headers;

  constructor(private readonly always: Record<string, string>) {
    this.prepared = new Headers({ ...always, "content-type": JSON_TYPE });
  }

  response(set: ResponseSet, json: Blob): Response {
    const untouched = (set.status === undefined || set.status === 200) && (!set.cookie || Object.keys(set.cookie).length === 0);
    if (!untouched) return new Response(json, { headers: { "content-type": JSON_TYPE } });
    const response = new Response(json, { headers: this.prepared });
    const gathered = set.headers as Record<string, string>;
    for (const name in gathered) if (this.always[name] !== gathered[name]) response.headers.set(name, gathered[name]!);
    set.headers = {};
    set.cookie = undefined;
    return response;
  }
}
