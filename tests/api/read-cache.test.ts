import { changeCounter, tableChangeCounter } from "../../db/change-counters.ts";
import { transaction } from "../../db/transaction.ts";
import { afterAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { Database } from "bun:sqlite";
import { t } from "elysia";
import { closeDatabase, migrateDatabase, openDatabase, sqliteWriterClient } from "../../db/client.ts";
import { ManualClock } from "../../src/lib/clock.ts";
import { ReadCache } from "../../src/lib/read-cache.ts";
import { SESSION_TTL_MS } from "../../src/features/auth/service.ts";
import { CUSTOMER_SESSION_TTL_MS } from "../../src/features/customer-auth/service.ts";
import { createCustomer, customerCookie, sampleFiles, uploadFile } from "../support/fixtures.ts";
import { tempDir, useTestServer } from "../support/server.ts";

const dir = tempDir("portal-cache-");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

test("a cached read is reused until any write, from this or another connection, or 10 s pass", async () => {
  const db = openDatabase(dir);
  migrateDatabase(db);
  const clock = new ManualClock();
  const cache = new ReadCache(changeCounter(db), clock);
  let computed = 0;
  const read = async () => (await cache.json("k", async () => ({ n: ++computed }))).text();

  expect(await read()).toBe('{"n":1}');
  expect(await read()).toBe('{"n":1}');

  // A raw write on the reading connection (no service makes one) and another process's commit
  // are seen from the next event-loop turn: the database is asked once per turn.
  db.$client.run("insert into users (id, email) values ('u1', 'a@example.com')");
  await nextTurn();
  expect(await read()).toBe('{"n":2}');

  const other = new Database(join(dir, "portal.sqlite")); // e.g. `portal admin create` while serving
  other.run("insert into users (id, email) values ('u2', 'b@example.com')");
  other.close();
  expect(await read()).toBe('{"n":2}'); // still this turn
  await nextTurn();
  expect(await read()).toBe('{"n":3}');

  // This process's commits are seen at once, in the same turn.
  await transaction(db, async () => void sqliteWriterClient(db).run("insert into users (id, email) values ('u4', 'd@example.com')"));
  expect(await read()).toBe('{"n":4}');
  // Even a transaction that wrote nothing and rolled back moves it (more recomputing, never less).
  await transaction(db, async () => { throw new Error("no"); }).catch(() => {});
  expect(await read()).toBe('{"n":5}');

  clock.advance(10_000);
  expect(await read()).toBe('{"n":6}');
  expect(await read()).toBe('{"n":6}');
  db.$client.close();
});

test("the broker-session cache's version moves with sessions and users only, or another connection's commit", async () => {
  const tablesDir = tempDir("portal-cache-tables-");
  const db = openDatabase(tablesDir);
  migrateDatabase(db);
  const writer = sqliteWriterClient(db);
  const version = tableChangeCounter(db, ["sessions", "users"], changeCounter(db));
  const inTransaction = (statement: string) => transaction(db, async () => void writer.run(statement));
  const job = (id: string) => `insert into jobs (id, kind, payload, run_at) values ('${id}', 'k', '{}', 0)`;

  await inTransaction("insert into users (id, email) values ('u1', 'a@example.com')");
  const start = version();
  // Writes to other tables (documents, jobs: the busy ones) leave it, this turn and the next.
  await inTransaction(job("j1"));
  expect(version()).toBe(start);
  await nextTurn();
  expect(version()).toBe(start);

  // This process's changes to either table move it at once, cascades included.
  await inTransaction("insert into sessions (id, user_id, expires_at) values ('s1', 'u1', 9999999999999)");
  const signedIn = version();
  expect(signedIn).not.toBe(start);
  await inTransaction("update users set first_name = 'Ann' where id = 'u1'");
  const renamed = version();
  expect(renamed).not.toBe(signedIn);
  await inTransaction("delete from users where id = 'u1'"); // its session goes with it
  expect(writer.query("select count(*) as n from sessions").get()).toEqual({ n: 0 });
  const removed = version();
  expect(removed).not.toBe(renamed);

  // While a transaction is open on the connection, what it has not committed may already be
  // counted: every call answers a value never given before, so nothing is cached under it.
  let commit!: () => void;
  const open = transaction(db, async () => {
    writer.run("insert into users (id, email) values ('u2', 'b@example.com')");
    await new Promise<void>((resolve) => (commit = resolve));
  });
  await nextTurn();
  const during = [version(), version()];
  expect(new Set([...during, removed]).size).toBe(3);
  commit();
  await open;
  expect(version()).not.toBe(removed);
  const committed = version();

  // Another connection's commit (the CLI while serving), of any table, is seen from the next turn.
  const other = new Database(join(tablesDir, "portal.sqlite"));
  other.run(job("j2"));
  other.close();
  expect(version()).toBe(committed);
  await nextTurn();
  const afterOther = version();
  expect(afterOther).not.toBe(committed);

  // A table rebuilt through this very connection (how a migration changes a column) loses its
  // temporary triggers: seen from the next turn, and its changes are counted again after that.
  writer.exec(`CREATE TABLE __new_sessions AS SELECT * FROM sessions; DROP TABLE sessions; ALTER TABLE __new_sessions RENAME TO sessions`);
  await nextTurn();
  const rebuilt = version();
  expect(rebuilt).not.toBe(afterOther);
  await inTransaction("insert into users (id, email) values ('u3', 'c@example.com')");
  const userAdded = version();
  await inTransaction("insert into sessions (id, user_id, expires_at) values ('s3', 'u3', 9999999999999)");
  expect(version()).not.toBe(userAdded);
  closeDatabase(db);
  rmSync(tablesDir, { recursive: true, force: true });
});

test("requests that miss together share one computation; a write during it is not served afterwards", async () => {
  const db = openDatabase(dir);
  migrateDatabase(db);
  const cache = new ReadCache(changeCounter(db), new ManualClock());
  let computed = 0;
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const slow = async () => {
    const n = ++computed;
    await gate;
    return { n };
  };
  const together = Array.from({ length: 20 }, () => cache.json("k", slow));
  release();
  const answers = await Promise.all((await Promise.all(together)).map((json) => json.text()));
  expect(computed).toBe(1);
  expect(new Set(answers)).toEqual(new Set(['{"n":1}']));

  await transaction(db, async () => void sqliteWriterClient(db).run("insert into users (id, email) values ('u3', 'c@example.com')"));
  expect(await (await cache.json("k", async () => ({ n: ++computed }))).text()).toBe('{"n":2}');
  db.$client.close();
});

test("a cached answer carries the headers its request gathered; what one answer adds never reaches the next", async () => {
  const db = openDatabase(dir);
  migrateDatabase(db);
  const always = { "X-Frame-Options": "DENY", "Referrer-Policy": "no-referrer" };
  const cache = new ReadCache(changeCounter(db), new ManualClock(), { headers: always });
  const Answer = t.Object({ n: t.Number() });
  const answer = (headers: Record<string, string>) => cache.response({ headers: { ...always, ...headers } }, "k", Answer, async () => ({ n: 1 }));

  const first = await answer({ "cache-control": "no-store", "Referrer-Policy": "same-origin", "x-request-id": "first" });
  expect(Object.fromEntries(first.headers)).toEqual({
    "cache-control": "no-store",
    "content-type": "application/json; charset=utf-8",
    "referrer-policy": "same-origin",
    "x-frame-options": "DENY",
    "x-request-id": "first",
  });
  const second = await answer({ "x-request-id": "second" });
  expect(Object.fromEntries(second.headers)).toEqual({
    "content-type": "application/json; charset=utf-8",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
    "x-request-id": "second",
  });
  expect(await second.text()).toBe('{"n":1}');

  // Another status, or a cookie written: Elysia merges `set` itself, so it is left untouched.
  const set = { headers: { ...always, "x-request-id": "third" }, status: 201 };
  const created = await cache.response(set, "k", Answer, async () => ({ n: 1 }));
  expect(Object.fromEntries(created.headers)).toEqual({ "content-type": "application/json; charset=utf-8" });
  expect(set.headers["x-request-id"]).toBe("third");
  db.$client.close();
});

describe("through the API: cached reads never outlive a write to their data, whoever writes", () => {
  const srv = useTestServer();
  const get = (path: string, token: string) => srv.call<any>(path, { token });

  test("a customer's upload, another broker's writes, a second broker's reads", async () => {
    const a = await srv.signUpBroker();
    const b = await srv.signUpBroker();
    const customer = await createCustomer(srv, a.token, { name: "Ann", email: "ann@example.com" });

    // Broker A's cached reads: the list, the customer, the metrics.
    const before = await get("/api/customers", a.token);
    expect(before.body.map((c: any) => c.documentCounts.underReview)).toEqual([0]);
    expect((await get(`/api/customer/${customer.id}`, a.token)).body.documents.every((d: any) => d.status === "requested")).toBe(true);
    expect((await get("/api/dashboard/metrics", a.token)).body.totalCustomers).toBe(1);
    expect((await get("/api/notifications", a.token)).body).toEqual([]);
    expect((await get(`/api/customer/${customer.id}/documents`, a.token)).body.every((d: any) => d.status === "requested")).toBe(true);

    // The customer (not a broker) writes to A's data through the link: A sees it at once.
    expect((await uploadFile(srv, customer.uploadLink, customer.documents[0]!.id, { bytes: sampleFiles.pdf() })).status).toBe(200);
    expect((await get("/api/customers", a.token)).body.map((c: any) => c.documentCounts.underReview)).toEqual([1]);
    const detail = await get(`/api/customer/${customer.id}`, a.token);
    expect(detail.body.documents.find((d: any) => d.id === customer.documents[0]!.id).status).toBe("uploaded");
    expect((await get("/api/notifications", a.token)).body.map((n: any) => n.type)).toEqual(["document_uploaded"]);
    expect((await get(`/api/customer/${customer.id}/documents`, a.token)).body.find((d: any) => d.id === customer.documents[0]!.id).status).toBe("uploaded");
    expect((await get(`/api/customer/${customer.id}/documents`, b.token)).status).toBe(404);

    // Broker B writes its own data: B's reads hold only B's, A's only A's, both up to date.
    await createCustomer(srv, b.token, { name: "Bob", email: "bob@example.com" });
    expect((await get("/api/customers", b.token)).body.map((c: any) => c.name)).toEqual(["Bob"]);
    expect((await get("/api/customers", a.token)).body.map((c: any) => c.name)).toEqual(["Ann"]);
    expect((await get("/api/dashboard/metrics", b.token)).body.totalCustomers).toBe(1);
    expect((await get(`/api/customer/${customer.id}`, b.token)).status).toBe(404);

    // A's own change shows in A's next read.
    expect((await srv.call(`/api/documents/${customer.documents[0]!.id}/verify`, { method: "POST", token: a.token, body: { status: "approved" } })).status).toBe(200);
    expect((await get("/api/customers", a.token)).body[0].documentCounts).toMatchObject({ approved: 1, underReview: 0 });
    expect((await get("/api/dashboard/metrics", a.token)).body.completedToday).toBe(1);
  });

  test("the upload-link view: a guest never gets the signed-in view, another customer never gets this one, a broker's review shows at once", async () => {
    const broker = await srv.signUpBroker();
    const mine = await createCustomer(srv, broker.token, { name: "Cara", email: "cara@example.com" });
    const theirs = await createCustomer(srv, broker.token, { name: "Dan", email: "dan@example.com" });
    const doc = mine.documents[0]!;
    expect((await uploadFile(srv, mine.uploadLink, doc.id, { bytes: sampleFiles.pdf() })).status).toBe(200);
    const cookie = await customerCookie(srv, mine.uploadLink, "cara@example.com");
    const view = (link: string, headers: Record<string, string> = {}) => srv.call<any>(`/api/upload/${link}`, { headers });

    const signedIn = await view(mine.uploadLink, { cookie });
    expect(signedIn.body.authenticated).toBe(true);
    expect(signedIn.body.documents.find((d: any) => d.id === doc.id).status).toBe("uploaded");
    // The headers the request gathered travel with the cached answer (src/lib/read-cache.ts AnswerHeaders).
    expect(signedIn.headers.get("cache-control")).toContain("no-store");
    expect(signedIn.headers.get("x-request-id")).toBeTruthy();
    expect(signedIn.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(signedIn.headers.get("x-frame-options")).toBe("DENY");
    expect(signedIn.headers.get("content-type")).toBe("application/json; charset=utf-8");

    // The same link right after, as a guest: no statuses, no files.
    const guest = await view(mine.uploadLink);
    expect(guest.body.authenticated).toBe(false);
    expect(guest.body.documents.find((d: any) => d.id === doc.id)).not.toHaveProperty("status");
    expect(guest.body.customer).toEqual({ id: mine.id, name: "Cara" });
    // Cara's session on Dan's link: Dan's guest view, nothing of Cara's.
    const other = await view(theirs.uploadLink, { cookie });
    expect(other.body).toMatchObject({ authenticated: false, customer: { id: theirs.id, name: "Dan" } });
    expect(other.body.documents.map((d: any) => d.id)).not.toContain(doc.id);

    const notes = async () => (await srv.call<any>(`/api/upload/${mine.uploadLink}/notifications`, { headers: { cookie } })).body.length as number;
    const notesBefore = await notes();
    expect((await srv.call(`/api/documents/${doc.id}/verify`, { method: "POST", token: broker.token, body: { status: "approved" } })).status).toBe(200);
    expect(await notes()).toBe(notesBefore + 1);
    expect((await view(mine.uploadLink, { cookie })).body.documents.find((d: any) => d.id === doc.id).status).toBe("approved");
    expect((await view(mine.uploadLink)).body.documents.find((d: any) => d.id === doc.id).canUpload).toBe(false);
  });

  // Who a session belongs to is kept in ctx.lookups like a read; expiry is the clock's, not a write's.
  test("a cached session ends at its expiry to the millisecond, and at sign-out at once", async () => {
    // Start mid-way through the cache's 10 s clock bucket, so expiry does not coincide with a new bucket.
    srv.clock.advance((15_000 - (srv.clock.now().getTime() % 10_000)) % 10_000);
    const broker = await srv.signUpBroker();
    const customer = await createCustomer(srv, broker.token, { name: "Eve", email: "eve@example.com" });
    const cookie = await customerCookie(srv, customer.uploadLink, "eve@example.com");
    const brokerUntil = srv.clock.now().getTime() + SESSION_TTL_MS;
    const customerUntil = srv.clock.now().getTime() + CUSTOMER_SESSION_TTL_MS;
    const me = async () => (await srv.call("/api/auth/user", { token: broker.token })).status;
    const signedIn = async () => (await srv.call<any>(`/api/upload/${customer.uploadLink}`, { headers: { cookie } })).body.authenticated;

    srv.clock.advance(customerUntil - 1 - srv.clock.now().getTime());
    expect(await signedIn()).toBe(true);
    expect(await signedIn()).toBe(true); // now from the cache
    srv.clock.advance(1);
    expect(await signedIn()).toBe(false);

    srv.clock.advance(brokerUntil - 1 - srv.clock.now().getTime());
    expect(await me()).toBe(200);
    expect(await me()).toBe(200);
    srv.clock.advance(1);
    expect(await me()).toBe(401);

    const again = await srv.signUpBroker();
    expect((await srv.call("/api/auth/user", { token: again.token })).status).toBe(200);
    expect((await srv.call("/api/auth/signout", { method: "POST", token: again.token })).status).toBe(200);
    expect((await srv.call("/api/auth/user", { token: again.token })).status).toBe(401);
  });
});
