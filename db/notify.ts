// Messages between the portal instances sharing one database: PostgreSQL's LISTEN/NOTIFY. What
// one instance publishes (a customer's upload) reaches the sockets held by every instance (the
// broker's). SQLite has one portal process, which needs no channel.
import type { Db } from "./client.ts";
import type { PgDb } from "./postgres.ts";
import { engineOf } from "./transaction.ts";

const CHANNEL = "portal_events";
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
export const MAX_PAYLOAD_BYTES = 7900;

export interface EventChannel {
  send(payload: string): Promise<void>;
  /** Starts hearing every instance's messages (this one's too); returns how to stop. */
  listen(onMessage: (payload: string) => void): Promise<() => Promise<void>>;
}

export function eventChannel(db: Db): EventChannel | null {
  const engine = engineOf(db);
  if (engine.kind !== "postgres") return null;
  const client = (engine.db as PgDb).$client;
  return {
    async send(payload) {
      await client.notify(CHANNEL, payload);
    },
    async listen(onMessage) {
      const { unlisten } = await client.listen(CHANNEL, onMessage);
      return unlisten;
    },
  };
}
