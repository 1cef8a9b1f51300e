// Messages between the portal instances sharing one database: PostgreSQL's LISTEN/NOTIFY. What
// one instance publishes (a customer's upload) reaches the sockets held by every instance (the
// broker's). SQLite has one portal process, which needs no channel.
//
// The listening connection is this module's own, not postgres-js's `sql.listen()`: that one
// reconnects after a PostgreSQL restart only on the pool's shared backoff (6–47 s measured,
// issue 39 item 11), says nothing while it is down, and gives up on a failed attempt until the
// next close. Here a lost connection is seen at once (the driver's onclose), LISTEN is tried again
// after 0.25 s, doubling to 5 s (with jitter, so instances do not all knock at once), and the
// caller is told each time it stops and starts hearing.
import type postgres from "postgres";
import type { Db } from "./client.ts";
import type { PgDb } from "./postgres.ts";
import { engineOf } from "./transaction.ts";
import { backoffMs, type Backoff } from "../src/shared/backoff.ts";

const CHANNEL = "portal_events";
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
export const MAX_PAYLOAD_BYTES = 7900;

/** Reconnects: 250 ms after the first failure, doubling to 5 s, ±25 % so instances spread out. */
const RECONNECT: Backoff = { firstMs: 250, maxMs: 5_000, jitter: 0.25 };
/** A server that does not answer a connection attempt within this is tried again (the driver waits 30 s). */
const CONNECT_TIMEOUT_S = 5;

export interface EventChannel {
  send(payload: string): Promise<void>;
  /**
   * Starts hearing every instance's messages (this one's too) once LISTEN succeeds; returns how
   * to stop. Afterwards `onListening(false)` as soon as the connection is lost and
   * `onListening(true)` once it listens again: messages sent in between were not heard.
   */
  listen(onMessage: (payload: string) => void, onListening: (listening: boolean) => void): Promise<() => Promise<void>>;
}

export function eventChannel(db: Db, databaseUrl: string | null): EventChannel | null {
  const engine = engineOf(db);
  if (engine.kind !== "postgres") return null;
  if (!databaseUrl) throw new Error("A PostgreSQL database needs its DATABASE_URL to listen for other instances' events");
  const client = (engine.db as PgDb).$client;
  return {
    async send(payload) {
      await client.notify(CHANNEL, payload);
    },
    listen: (onMessage, onListening) => listenOnOwnConnection(databaseUrl, onMessage, onListening),
  };
}

async function listenOnOwnConnection(
  url: string,
  onMessage: (payload: string) => void,
  onListening: (listening: boolean) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let listening = false;
  let connecting = false;
  let failures = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const options = {
    max: 1,
    // Never closed on purpose: a recycled connection would drop events like a lost one.
    max_lifetime: null,
    fetch_types: false,
    connect_timeout: CONNECT_TIMEOUT_S,
    // The waits between attempts are scheduleRetry's; the driver's own would add up to 20 s.
    backoff: () => 0,
    onnotice: () => {},
    connection: { application_name: "broker-portal listener" },
    // Not in postgres-js's type declarations, but read by its options parser: every NOTIFY.
    onnotify: (channel: string, payload: string) => {
      if (channel === CHANNEL) onMessage(payload);
    },
    onclose: () => {
      if (listening) {
        listening = false;
        onListening(false);
      }
      scheduleRetry();
    },
  };
  // Loaded here, as db/database.ts loads db/postgres.ts: a SQLite portal never loads the driver.
  const { default: connect } = await import("postgres");
  const sql = connect(url, options as postgres.Options<Record<string, never>>);

  function scheduleRetry(): void {
    // One attempt at a time; a failed attempt both rejects LISTEN and closes the connection.
    if (stopped || connecting || retry) return;
    failures++;
    const wait = backoffMs(failures, RECONNECT);
    retry = setTimeout(() => {
      retry = undefined;
      void attempt().catch(() => scheduleRetry());
    }, wait);
  }

  async function attempt(): Promise<void> {
    connecting = true;
    try {
      await sql.unsafe(`listen ${CHANNEL}`);
    } finally {
      connecting = false;
    }
    if (stopped) return;
    failures = 0;
    listening = true;
    onListening(true);
  }

  try {
    await attempt(); // at start: a database that cannot be listened to stops the start
  } catch (error) {
    stopped = true;
    await sql.end({ timeout: 0 });
    throw error;
  }
  return async () => {
    stopped = true;
    listening = false; // closing on purpose is not a loss to report
    clearTimeout(retry);
    await sql.end({ timeout: 1 });
  };
}
