// Hostile: API keys (issue 43). Every broker and file route is called with a key of each scope and
// must take it exactly as ROUTE_TABLE's `key` says (read, write, or session only); a read key's
// write, a write-only key's read and any key on a session-only route are 403 and change nothing.
// A revoked or expired key is 401 and reads nothing; a key beside a session cookie is refused.
// Workspace B's key against A's ids is part of the route sweep (routes.test.ts, "otherBrokerKey").
import { beforeAll, describe, expect, test } from "bun:test";
import { apiKeyMessages } from "../../src/shared/api-keys.ts";
import { useTestServer } from "../support/server.ts";
import { exec, statement } from "../support/sql.ts";
import {
  appRoutes,
  changedTables,
  expectNoLeak,
  fingerprint,
  multipartBody,
  multipartParts,
  rawFetch,
  record,
  ROUTE_TABLE,
  routeKey,
  seedWorld,
  victimPath,
  victimPdf,
  victimSecrets,
  type AppRoute,
  type World,
} from "./support.ts";

const srv = useTestServer();
let world: World;
let routes: AppRoute[];

async function keyOfA(scopes: string[], name = `A ${scopes.join("+")}`): Promise<{ id: string; key: string }> {
  const made = await srv.call("/api/api-keys", { method: "POST", token: world.brokerA.token, body: { name, scopes } });
  expect(made.status).toBe(201);
  return made.body;
}

/** The route aimed at A's own data, as A's key would call it, with the body and parts ROUTE_TABLE gives. */
function call(route: AppRoute, key: string, extra: Record<string, string> = {}) {
  const entry = ROUTE_TABLE[routeKey(route)]!;
  const headers: Record<string, string> = { authorization: `Bearer ${key}`, ...extra };
  let body: BodyInit | undefined;
  if (entry.multipart) {
    const mp = multipartBody(multipartParts(entry, world, [{ name: "file", filename: "key.pdf", contentType: "application/pdf", data: victimPdf() }]));
    headers["content-type"] = mp.contentType;
    body = mp.body;
  } else if (entry.body) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(entry.body(world));
  }
  const query = entry.query ? "?" + new URLSearchParams(entry.query(world)).toString() : "";
  return rawFetch(srv.url + victimPath(world, route) + query, { method: route.method, headers, body });
}

const brokerRoutes = () => routes.filter((r) => ["broker", "file"].includes(ROUTE_TABLE[routeKey(r)]?.auth ?? ""));

beforeAll(async () => {
  world = await seedWorld(srv);
  routes = appRoutes(srv);
});

describe("every broker route takes a key exactly as ROUTE_TABLE says", () => {
  test("refused (403) and nothing changed: a read key on write routes, a write-only key on read routes, any key on session-only routes", async () => {
    const readKey = (await keyOfA(["read"])).key;
    const writeKey = (await keyOfA(["write"])).key;
    const failures: string[] = [];
    let refused = 0;
    for (const route of brokerRoutes()) {
      const level = ROUTE_TABLE[routeKey(route)]!.key;
      // The keys that lack what the route needs, and what they are told.
      const attempts: [string, string, string][] =
        level === "read" ? [["write-only", writeKey, apiKeyMessages.missingScope.read]]
        : level === "write" ? [["read", readKey, apiKeyMessages.missingScope.write]]
        : [["read", readKey, apiKeyMessages.sessionOnly], ["write-only", writeKey, apiKeyMessages.sessionOnly]];
      for (const [name, key, message] of attempts) {
        const before = fingerprint(srv);
        const res = await call(route, key);
        const changed = changedTables(before, fingerprint(srv));
        const label = `${name} key on ${routeKey(route)} (${level ?? "session only"}) → ${res.status} ${res.text.slice(0, 120)}`;
        if (res.status !== 403 || res.body?.message !== message || changed.length > 0) failures.push(`${label}; changed ${changed.join(", ")}`);
        refused++;
      }
    }
    record("api-keys", { refused, failures: failures.length });
    expect(failures, failures.join("\n")).toEqual([]);
    expect(refused).toBeGreaterThan(60);
  });

  test("a key with the route's scope gets past the check (no 401 or 403) on every read route", async () => {
    const readKey = (await keyOfA(["read"])).key;
    const failures: string[] = [];
    for (const route of brokerRoutes().filter((r) => ROUTE_TABLE[routeKey(r)]!.key === "read")) {
      const res = await call(route, readKey);
      if (res.status === 401 || res.status === 403 || res.status >= 500) failures.push(`${routeKey(route)} → ${res.status} ${res.text.slice(0, 120)}`);
    }
    expect(failures, failures.join("\n")).toEqual([]);
  });
});

describe("keys that no longer work", () => {
  test("revoked and expired keys are 401 on every read route and read nothing", async () => {
    const revoked = await keyOfA(["read", "write"], "revoked");
    expect((await srv.call(`/api/api-keys/${revoked.id}`, { method: "DELETE", token: world.brokerA.token })).status).toBe(200);
    const expired = await keyOfA(["read", "write"], "expired");
    await exec(srv.server.ctx.db, statement("update api_keys set expires_at = ? where id = ?", srv.clock.now().getTime() - 1, expired.id));
    const secrets = victimSecrets(world, { knowsEmail: false });
    const failures: string[] = [];
    for (const key of [revoked.key, expired.key]) {
      // Past the window of wrong keys each time: the allowance (20 per address) is tests/api/api-keys.test.ts's business.
      srv.clock.advance(16 * 60_000);
      for (const route of brokerRoutes().filter((r) => ROUTE_TABLE[routeKey(r)]!.key).slice(0, 18)) {
        const before = fingerprint(srv);
        const res = await call(route, key);
        const changed = changedTables(before, fingerprint(srv)).filter((t) => t !== "rate_limits");
        if (res.status !== 401 || changed.length) failures.push(`${routeKey(route)} → ${res.status}; changed ${changed.join(", ")}`);
        expectNoLeak(res.text, secrets, routeKey(route), srv.url + victimPath(world, route));
      }
    }
    expect(failures, failures.join("\n")).toEqual([]);
  });

  test("a key with a session cookie beside it is refused and changes nothing", async () => {
    const key = (await keyOfA(["read", "write"], "with a cookie")).key;
    const route = routes.find((r) => routeKey(r) === "PUT /api/customers/:id")!;
    const before = fingerprint(srv);
    const res = await call(route, key, { cookie: world.brokerA.cookie });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(apiKeyMessages.keyAndSession);
    expect(changedTables(before, fingerprint(srv))).toEqual([]);
  });
});
