// PostgreSQL going away under a running portal (issue 39, item 12): every request that needs the
// database answers 503 with Retry-After and a message saying so, never a 500, and the portal
// serves again by itself once the database is back. The portal reaches its own PostgreSQL database
// through a TCP relay on loopback that the test cuts (every connection dropped, new ones refused)
// and restores, as a database restart or a network cut does.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { dialect } from "../../db/dialect.ts";
import { pgRelay, type PgRelay } from "../support/pg-relay.ts";
import { createTestDatabase } from "../support/postgres.ts";
import { startTestServer, type Broker, type TestServer } from "../support/server.ts";

// The process's database is chosen once, from DATABASE_URL: this runs in `npm run test:postgres`.
if (dialect !== "postgres") console.log("skipped: PostgreSQL going away (runs under npm run test:postgres)");
describe.skipIf(dialect !== "postgres")("PostgreSQL going away under a running portal", () => {
  let srv: TestServer;
  let broker: Broker;
  let link: PgRelay;
  let port: number;

  beforeAll(async () => {
    const direct = new URL(await createTestDatabase());
    link = pgRelay({ host: direct.hostname, port: Number(direct.port) });
    port = await link.listen(0);
    const relayed = new URL(direct.href);
    relayed.port = String(port);
    srv = await startTestServer({ DATABASE_URL: relayed.href });
    broker = await srv.signUpBroker();
  });
  afterAll(async () => {
    await srv?.stop().catch(() => {});
    await link?.cut().catch(() => {});
  });

  test("a request while it is down: 503 with Retry-After and a message; once it is back, served again", async () => {
    expect((await srv.call("/api/customers", { token: broker.token })).status).toBe(200);
    await link.cut();

    const write = await srv.call("/api/customers", { method: "POST", token: broker.token, body: { email: "while-down@example.com", name: "Dana" } });
    expect(write.status).toBe(503);
    expect(write.headers.get("retry-after")).toBe("5");
    expect(write.body).toEqual({ message: "The database cannot be reached right now. Please try again in a moment.", code: "errors.databaseDown" });
    const read = await srv.call("/api/all-customers", { token: broker.token });
    expect(read.status).toBe(503);

    await link.listen(port);
    // The driver connects again by itself; the first requests may still meet a dropped connection.
    let back = 0;
    for (let i = 0; i < 60 && back !== 200; i++) {
      back = (await srv.call("/api/customers", { token: broker.token })).status;
      if (back !== 200) {
        expect(back).toBe(503);
        await Bun.sleep(500);
      }
    }
    expect(back).toBe(200);
    // Nothing was created while it was down.
    const list = (await srv.call("/api/customers", { token: broker.token })).body as { email: string }[];
    expect(list.some((c) => c.email === "while-down@example.com")).toBe(false);
  }, 120_000);
});
