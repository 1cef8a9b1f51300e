// The access plugin's macros (broker, portal, reader) read Elysia's cookie jar and resolve
// against their own app's context, even with several apps in one process.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { createCustomer } from "../support/fixtures.ts";
import { startTestServer, type Broker, type TestServer } from "../support/server.ts";

let first: TestServer;
let second: TestServer;
let broker: Broker;

beforeAll(async () => {
  [first, second] = await Promise.all([await startTestServer(), await startTestServer()]);
  broker = await first.signUpBroker();
});
afterAll(async () => {
  await Promise.all([first.stop(), second.stop()]);
});

test("a session is the broker of the app that issued it, and of no other app in the process", async () => {
  expect((await first.call("/api/auth/user", { headers: { cookie: broker.cookie } })).body.id).toBe(broker.user.id);
  expect((await first.call("/api/auth/user", { token: broker.token })).status).toBe(200);
  expect((await second.call("/api/auth/user", { headers: { cookie: broker.cookie } })).status).toBe(401);
  expect((await second.call("/api/auth/user", { token: broker.token })).status).toBe(401);
});

test("a session cookie that Elysia would parse as JSON is no session: 401, not 500", async () => {
  const name = broker.cookie.split("=")[0]!;
  for (const value of ["{}", "[1]", '{"a":1}', "%zz"]) {
    const res = await first.call("/api/auth/user", { headers: { cookie: `${name}=${value}` } });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: "Authentication required" });
  }
});

test("the portal and file reads resolve through the same lookups", async () => {
  const c = await createCustomer(first, broker.token, { requiredDocuments: [{ name: "Paystub" }] });
  expect((await first.call(`/api/upload/${c.uploadLink}`)).status).toBe(200);
  expect((await second.call(`/api/upload/${c.uploadLink}`)).status).toBe(404);
  // A guest (the link alone) reads no file; the broker reads their own, to 404 for a missing file.
  expect((await first.call(`/api/documents/${c.documents[0]!.id}/download`)).status).toBe(401);
  expect((await first.call(`/api/documents/${c.documents[0]!.id}/download`, { headers: { cookie: broker.cookie } })).status).toBe(404);
});
