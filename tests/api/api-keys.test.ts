// API keys (issue 43, item 1): an owner makes keys on the Integrations page; the key is shown once,
// stored as its SHA-256; `Authorization: Bearer <key>` works on the broker API within its scopes.
// Every route's level (read, write, session only) is swept in tests/hostile/api-keys.test.ts.
import { describe, expect, test } from "bun:test";
import { apiKeyMessages } from "../../src/shared/api-keys.ts";
import { createCustomer } from "../support/fixtures.ts";
import { useServerWithBroker } from "../support/server.ts";
import { exec, rows, statement } from "../support/sql.ts";
import { dialect } from "../../db/dialect.ts";
import { statementsDuring } from "../support/statements.ts";

const { srv, broker } = useServerWithBroker({}, { firstName: "Olive", lastName: "Owner" });

async function makeKey(body: Record<string, unknown> = {}, token = broker.token) {
  const res = await srv.call("/api/api-keys", { method: "POST", token, body: { name: "CRM sync", scopes: ["read", "write"], ...body } });
  expect(res.status).toBe(201);
  return res.body as { id: string; name: string; prefix: string; scopes: string[]; key: string; expiresAt: string | null };
}

describe("creating, listing and revoking", () => {
  test("the key is in the creation's answer only; the database keeps its SHA-256", async () => {
    const made = await makeKey({ name: "  Loan system  ", scopes: ["write", "read"] });
    expect(made.key).toMatch(/^bpk_[A-Za-z0-9_-]{43}$/);
    expect(made).toMatchObject({ name: "Loan system", scopes: ["read", "write"], prefix: made.key.slice(0, 8), expiresAt: null });
    const listed = await srv.call("/api/api-keys", { token: broker.token });
    expect(listed.status).toBe(200);
    const mine = listed.body.find((k: { id: string }) => k.id === made.id);
    expect(mine).toMatchObject({ name: "Loan system", prefix: made.key.slice(0, 8), scopes: ["read", "write"], lastUsedAt: null, expiresAt: null });
    expect(JSON.stringify(listed.body)).not.toContain(made.key);
    const [stored] = await rows<{ key_hash: string }>(srv.server.ctx.db, statement("select key_hash from api_keys where id = ?", made.id));
    expect(stored!.key_hash).toBe(new Bun.CryptoHasher("sha256").update(made.key).digest("hex"));
    expect(JSON.stringify(await rows(srv.server.ctx.db, statement("select * from api_keys")))).not.toContain(made.key);
  });

  test("bad input is a 400 with a message and makes no key", async () => {
    const before = (await srv.call("/api/api-keys", { token: broker.token })).body.length;
    for (const [body, message] of [
      [{ name: " ", scopes: ["read"] }, apiKeyMessages.nameRequired],
      [{ name: "x", scopes: [] }, apiKeyMessages.scopesRequired],
      [{ name: "x", scopes: ["read"], expiresAt: "2000-01-01" }, apiKeyMessages.expiryInPast],
      [{ name: "x", scopes: ["read"], expiresAt: "next tuesday" }, "expiresAt must be a date (YYYY-MM-DD) or an ISO 8601 time"],
      [{ name: "x", scopes: ["admin"] }, "scopes must be a list of read, write"],
    ] as const) {
      const res = await srv.call("/api/api-keys", { method: "POST", token: broker.token, body });
      expect({ body, status: res.status, message: res.body.message }).toEqual({ body, status: 400, message });
    }
    expect((await srv.call("/api/api-keys", { token: broker.token })).body.length).toBe(before);
  });

  test("a revoked key stops at once (401) and leaves the list; revoking it again is 404", async () => {
    const made = await makeKey();
    expect((await srv.call("/api/customers", { token: made.key })).status).toBe(200);
    const revoked = await srv.call(`/api/api-keys/${made.id}`, { method: "DELETE", token: broker.token });
    expect(revoked).toMatchObject({ status: 200, body: { message: "API key revoked" } });
    expect(await srv.call("/api/customers", { token: made.key })).toMatchObject({ status: 401, body: { message: apiKeyMessages.invalid } });
    expect((await srv.call("/api/api-keys", { token: broker.token })).body.map((k: { id: string }) => k.id)).not.toContain(made.id);
    expect((await srv.call(`/api/api-keys/${made.id}`, { method: "DELETE", token: broker.token })).status).toBe(404);
  });

  test("only an owner manages keys: a broker of the workspace gets 403", async () => {
    const colleague = await srv.signUpBroker({ email: "colleague@example.com" });
    const workspaceId = (await srv.call("/api/auth/user", { token: broker.token })).body.workspaceId;
    await exec(srv.server.ctx.db, statement("update workspace_members set workspace_id = ?, role = 'broker' where user_id = ?", workspaceId, colleague.user.id));
    for (const [method, path] of [["POST", "/api/api-keys"], ["GET", "/api/api-keys"], ["DELETE", `/api/api-keys/${(await makeKey()).id}`]] as const) {
      const res = await srv.call(path, { method, token: colleague.token, body: method === "POST" ? { name: "mine", scopes: ["read"] } : undefined });
      expect({ method, status: res.status }).toEqual({ method, status: 403 });
    }
  });
});

describe("a key on the broker API", () => {
  test("lists the workspace's customers and acts as its creator, named by the key in the audit trail", async () => {
    const key = (await makeKey({ name: "Pipeline CRM" })).key;
    const customer = await createCustomer(srv, broker.token, { name: "Carla Key" });
    const listed = await srv.call("/api/customers", { token: key });
    expect(listed.status).toBe(200);
    expect(listed.body.map((c: { id: string }) => c.id)).toContain(customer.id);
    const created = await srv.call("/api/customers", { method: "POST", token: key, body: { email: "from-crm@example.com", name: "From CRM", requiredDocuments: [{ name: "Paystub" }] } });
    expect(created.status).toBe(201);
    const trail = (await srv.call(`/api/customer/${created.body.id}/audit?limit=10`, { token: broker.token })).body.entries;
    expect(trail[0]).toMatchObject({ action: "invited", actor: { kind: "broker", id: broker.user.id, label: "API key Pipeline CRM" } });
  });

  test("a read key reads but gets 403 on a write, and changes nothing", async () => {
    const key = (await makeKey({ scopes: ["read"] })).key;
    const customer = await createCustomer(srv, broker.token, { name: "Read Only" });
    expect((await srv.call(`/api/customer/${customer.id}`, { token: key })).status).toBe(200);
    const refused = await srv.call(`/api/customers/${customer.id}`, { method: "PUT", token: key, body: { name: "Changed", email: "changed@example.com", loanType: "va" } });
    expect(refused).toMatchObject({ status: 403, body: { message: apiKeyMessages.missingScope.write } });
    expect((await srv.call(`/api/customer/${customer.id}`, { token: broker.token })).body.name).toBe("Read Only");
  });

  test("a write-only key is refused on reads (403)", async () => {
    const key = (await makeKey({ scopes: ["write"] })).key;
    expect(await srv.call("/api/customers", { token: key })).toMatchObject({ status: 403, body: { message: apiKeyMessages.missingScope.read } });
  });

  test("session-only routes refuse a key with 403: account, members, billing, two-factor, keys themselves", async () => {
    const key = (await makeKey()).key;
    for (const [method, path, body] of [
      ["GET", "/api/auth/user"],
      ["POST", "/api/auth/change-password", { currentPassword: "correct horse battery", newPassword: "a brand new password" }],
      ["GET", "/api/workspace/members"],
      ["GET", "/api/subscription"],
      ["GET", "/api/two-factor"],
      ["GET", "/api/profile"],
      ["GET", "/api/api-keys"],
      ["POST", "/api/api-keys", { name: "made by a key", scopes: ["read"] }],
    ] as const) {
      const res = await srv.call(path, { method, token: key, body });
      expect({ path, status: res.status, message: res.body.message }).toEqual({ path, status: 403, message: apiKeyMessages.sessionOnly });
    }
  });

  test("a key with a session cookie beside it is refused (400)", async () => {
    const key = (await makeKey()).key;
    const res = await srv.call("/api/customers", { token: key, headers: { cookie: broker.cookie } });
    expect(res).toMatchObject({ status: 400, body: { message: apiKeyMessages.keyAndSession } });
  });

  test("an expired key is 401; a plain date works until that day ends (UTC)", async () => {
    const day = new Date(srv.clock.now().getTime() + 2 * 86_400_000).toISOString().slice(0, 10);
    const made = await makeKey({ expiresAt: day });
    expect(made.expiresAt).toBe(`${day}T23:59:59.999Z`);
    expect((await srv.call("/api/customers", { token: made.key })).status).toBe(200);
    const until = (at: string) => srv.clock.advance(new Date(at).getTime() - srv.clock.now().getTime());
    until(`${day}T23:59:59.000Z`);
    expect((await srv.call("/api/customers", { token: made.key })).status).toBe(200);
    until(`${day}T23:59:59.999Z`);
    expect(await srv.call("/api/customers", { token: made.key })).toMatchObject({ status: 401, body: { message: apiKeyMessages.invalid } });
  });

  test("last used is written at most once a minute", async () => {
    const made = await makeKey();
    const lastUsed = async () => (await srv.call("/api/api-keys", { token: broker.token })).body.find((k: { id: string }) => k.id === made.id).lastUsedAt;
    expect(await lastUsed()).toBeNull();
    const first = srv.clock.now().toISOString();
    await srv.call("/api/customers", { token: made.key });
    expect(await lastUsed()).toBe(first);
    srv.clock.advance(30_000);
    await srv.call("/api/customers", { token: made.key });
    expect(await lastUsed()).toBe(first);
    srv.clock.advance(31_000);
    const later = srv.clock.now().toISOString();
    await srv.call("/api/customers", { token: made.key });
    expect(await lastUsed()).toBe(later);
  });

  // On PostgreSQL the sessions' cache moves with every commit (change-counters.ts: no per-connection
  // triggers there), a key's last use like any other write; on SQLite it counts its tables' changes.
  test.skipIf(dialect === "postgres")("a key's last use leaves every broker's cached session in place; a revocation does not", async () => {
    const made = await makeKey();
    let computed = 0;
    // A cached answer beside the sessions and keys: computed again only when their version moves.
    const probe = () => srv.server.ctx.brokerSessions.value("probe:last-use", async () => ++computed);
    const settle = () => Bun.sleep(5); // past the event-loop turn the version was asked in
    await probe();
    await settle();
    expect(await probe()).toBe(1);
    await srv.call("/api/customers", { token: made.key }); // its first use: last_used_at written
    expect((await rows<{ last_used_at: number | null }>(srv.server.ctx.db, statement("select last_used_at from api_keys where id = ?", made.id)))[0]!.last_used_at).not.toBeNull();
    await settle();
    expect(await probe()).toBe(1);
    // Still written once a minute, not on every request the cached row (its old last use) says to.
    srv.clock.advance(61_000);
    await srv.call("/api/customers", { token: made.key });
    const written = srv.clock.now().getTime();
    srv.clock.advance(1_000);
    const again = await statementsDuring(() => srv.call("/api/customers", { token: made.key }));
    expect(again.filter((text) => /^update "api_keys"/.test(text))).toEqual([]);
    expect((await rows<{ last_used_at: number }>(srv.server.ctx.db, statement("select last_used_at from api_keys where id = ?", made.id)))[0]!.last_used_at).toBe(written);
    await settle();
    expect(await probe()).toBe(1);
    expect((await srv.call(`/api/api-keys/${made.id}`, { method: "DELETE", token: broker.token })).status).toBeLessThan(300);
    await settle();
    expect(await probe()).toBe(2);
    expect((await srv.call("/api/customers", { token: made.key })).status).toBe(401);
  });

  test("a removed creator's keys stop with their sessions", async () => {
    const leaver = await srv.signUpBroker({ email: "leaver@example.com" });
    const key = (await makeKey({}, leaver.token)).key;
    expect((await srv.call("/api/customers", { token: key })).status).toBe(200);
    await exec(srv.server.ctx.db, statement("delete from workspace_members where user_id = ?", leaver.user.id));
    expect((await srv.call("/api/customers", { token: key })).status).toBe(401);
  });

  test("wrong keys are counted per address like wrong passwords: 20 are told 401, then 429", async () => {
    srv.clock.advance(16 * 60_000); // past the window of the wrong keys the tests above sent
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await srv.call("/api/customers", { token: `bpk_${"x".repeat(40)}${i}` })).status);
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    const refused = await srv.call("/api/customers", { token: "bpk_another-guess" });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBeTruthy();
    const [counted] = await rows<{ n: number }>(srv.server.ctx.db, statement("select count(*) as n from rate_limits where key like 'api-key:address:%'"));
    expect(Number(counted!.n)).toBe(1);
  });
});
