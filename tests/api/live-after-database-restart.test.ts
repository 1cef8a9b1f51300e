// Live events across instances when PostgreSQL goes away and comes back (issue 39, item 11).
// Instance A reaches PostgreSQL directly; instance B through a TCP relay the test cuts, as a
// database restart or a network cut does. The broker's socket is held by B. While B's listening
// connection is down, B says so on /readyz (503) and its own events still reach its sockets; once
// it listens again (at once, not after postgres-js's backoff of up to ~45 s) /readyz is 200, every
// socket is told to refetch (events of A meanwhile were missed) and A's events reach B's socket.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import postgres from "postgres";
import { dialect } from "../../db/dialect.ts";
import { NOT_HEARING_OTHER_INSTANCES } from "../../src/lib/events.ts";
import { connectLive, type LiveClient } from "../support/live.ts";
import { pgRelay, type PgRelay } from "../support/pg-relay.ts";
import { createTestDatabase } from "../support/postgres.ts";
import { startTestServer, type Broker, type TestServer } from "../support/server.ts";

const SHARED = { SESSION_SECRET: "one secret for both instances, 32+ characters long" };
const ALL_REFRESH = { type: "force_refresh", updateType: "all_data_refresh" };

// The process's database is chosen once, from DATABASE_URL: this runs in `npm run test:postgres`.
if (dialect !== "postgres") console.log("skipped: live events across a PostgreSQL restart (runs under npm run test:postgres)");
describe.skipIf(dialect !== "postgres")("live events across instances when PostgreSQL restarts", () => {
  let a: TestServer;
  let b: TestServer;
  let relay: PgRelay;
  let relayPort: number;
  let admin: postgres.Sql;
  let broker: Broker;
  let socket: LiveClient;
  let customers = 0;

  /** B's /readyz, asked until it answers `status` (the test's timeout bounds the wait). */
  async function readyzOfB(status: number): Promise<{ status: number; body: any }> {
    for (;;) {
      const answer = await b.call("/readyz");
      if (answer.status === status) return answer;
      await Bun.sleep(100);
    }
  }
  const createCustomerThrough = async (srv: TestServer) => {
    const created = await srv.call("/api/customers", { method: "POST", token: broker.token, body: { email: `c${++customers}@example.com`, name: `C ${customers}` } });
    expect(created.status).toBe(201);
    return (created.body as { id: string }).id;
  };
  const heardOnB = (customerId: string) =>
    socket.next((m) => m.type === "data_update" && m.updateType === "customer_created" && m.data?.customerId === customerId, 20_000);
  const isRefresh = (m: any) => m.type === "force_refresh" && m.updateType === ALL_REFRESH.updateType;
  const refreshes = () => socket.messages.filter(isRefresh);
  /** The first refetch-everything message not among `earlier`. */
  const nextRefresh = (earlier: unknown[]) => socket.next((m) => isRefresh(m) && !earlier.includes(m), 10_000);

  beforeAll(async () => {
    const direct = new URL(await createTestDatabase());
    relay = pgRelay({ host: direct.hostname, port: Number(direct.port) });
    relayPort = await relay.listen(0);
    const relayed = new URL(direct.href);
    relayed.port = String(relayPort);
    admin = postgres(direct.href, { max: 1, onnotice: () => {} });
    a = await startTestServer({ ...SHARED, DATABASE_URL: direct.href });
    b = await startTestServer({ ...SHARED, DATABASE_URL: relayed.href });
    broker = await a.signUpBroker();
    socket = await connectLive(b, { cookie: broker.cookie });
    socket.send({ type: "auth", userId: broker.user.id });
    await socket.next((m) => m.type === "auth_success", 10_000);
  });
  afterAll(async () => {
    socket?.close();
    await relay?.listen(relayPort).catch(() => {});
    await b?.stop().catch(() => {});
    await a?.stop().catch(() => {});
    await relay?.cut().catch(() => {});
    await admin?.end({ timeout: 1 });
  });

  test("B's listening connection alone is lost: not ready, its own events still reach its sockets; back at once, every socket refetches", async () => {
    expect(await heardOnB(await createCustomerThrough(a))).toBeTruthy();
    // B's pool keeps enough open connections to serve while new ones are refused.
    await Promise.all(Array.from({ length: 8 }, () => b.call("/api/customers", { token: broker.token })));

    await relay.refuseNew();
    const ports = relay.upstreamPorts();
    // B's LISTEN session: the relay's connection whose last statement was LISTEN (A's is direct).
    const ended = await admin.unsafe(`select pg_terminate_backend(pid) from pg_stat_activity where query ilike 'listen %' and client_port in (${ports.join(",")})`);
    expect(ended.length).toBe(1);

    const down = await readyzOfB(503);
    expect(down.body).toEqual({ message: NOT_HEARING_OTHER_INSTANCES });
    expect((await b.call("/healthz")).status).toBe(200); // alive, its database answers
    // What B itself publishes meanwhile does not need the channel.
    expect(await heardOnB(await createCustomerThrough(b))).toBeTruthy();
    expect(refreshes()).toEqual([]);

    await relay.listen(relayPort);
    await readyzOfB(200);
    expect(await nextRefresh([])).toEqual(ALL_REFRESH);
    expect(await heardOnB(await createCustomerThrough(a))).toBeTruthy();
  }, 120_000);

  test("every connection of B to PostgreSQL cut, as by a restart: once B is ready again it hears A, and its socket was told to refetch", async () => {
    const earlier = refreshes();
    await relay.cut();
    expect((await readyzOfB(503)).status).toBe(503);

    await relay.listen(relayPort);
    await readyzOfB(200);
    expect(await nextRefresh(earlier)).toEqual(ALL_REFRESH);
    expect(await heardOnB(await createCustomerThrough(a))).toBeTruthy();
  }, 120_000);
});
