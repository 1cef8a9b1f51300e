// Part 5: every write, sent the way a foreign page would make the browser send it — with the
// victim's broker and customer cookies attached, and cross-site headers. Refused, nothing changed.
import { beforeAll, describe, expect, test } from "bun:test";
import { useTestServer } from "../support/server.ts";
import {
  appRoutes,
  changedTables,
  expectJsonError,
  fingerprint,
  multipartBody,
  multipartParts,
  rawFetch,
  record,
  ROUTE_TABLE,
  routeKey,
  seedWorld,
  victimPdf,
  type AppRoute,
  victimPath,
  type World,
} from "./support.ts";

const srv = useTestServer();
let world: World;
let writes: AppRoute[];
let brokerCookie = "";

beforeAll(async () => {
  world = await seedWorld(srv);
  writes = appRoutes(srv).filter((r) => !["GET", "HEAD", "OPTIONS", "WS"].includes(r.method));
  const res = await fetch(`${srv.url}/api/auth/signin`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: world.brokerA.user.email, password: "correct horse battery" }),
  });
  brokerCookie = (res.headers.get("set-cookie") ?? "").split(";")[0]!;
  if (!brokerCookie.includes("portal_session=")) throw new Error(`no broker cookie: ${res.status}`);
});

/** The request a forged form or fetch would make: the victim's own ids, the victim's cookies. */
function forged(route: AppRoute, headers: Record<string, string>): { url: string; init: RequestInit } {
  const entry = ROUTE_TABLE[routeKey(route)]!;
  const path = victimPath(world, route);
  const h: Record<string, string> = { cookie: `${brokerCookie}; ${world.victim.cookie}`, ...headers };
  let body: BodyInit | undefined;
  if (entry.multipart) {
    const mp = multipartBody(multipartParts(entry, world, [{ name: "file", filename: "forged.pdf", contentType: "application/pdf", data: victimPdf() }]));
    h["content-type"] = mp.contentType;
    body = mp.body;
  } else if (entry.body) {
    // Browsers can send JSON cross-site only after a preflight; text/plain needs none. Try the
    // simple one: a server that parses it anyway would be forgeable by a plain HTML form.
    h["content-type"] = headers["x-form"] ? "text/plain" : "application/json";
    body = JSON.stringify(entry.body(world));
  }
  delete h["x-form"];
  return { url: srv.url + path, init: { method: route.method, headers: h, body } };
}

const CROSS_SITE: { label: string; headers: Record<string, string> }[] = [
  { label: "Sec-Fetch-Site: cross-site + foreign Origin", headers: { "sec-fetch-site": "cross-site", origin: "https://evil.example" } },
  { label: "foreign Origin only (older browser)", headers: { origin: "https://evil.example" } },
  { label: "Origin: null (sandboxed frame, data: URL)", headers: { origin: "null" } },
  { label: "Sec-Fetch-Site: same-site (a sibling subdomain)", headers: { "sec-fetch-site": "same-site", origin: "https://attacker.localhost" } },
  { label: "a text/plain form post, cross-site", headers: { "sec-fetch-site": "cross-site", origin: "https://evil.example", "x-form": "1" } },
  { label: "foreign Origin spoofing our port on another host", headers: { origin: "http://127.0.0.1.evil.example:PORT" } },
];

describe("cross-site writes with the victim's cookies", () => {
  test("the write routes are found from the router", () => {
    expect(writes.length).toBeGreaterThanOrEqual(25);
  });

  for (const variant of CROSS_SITE) {
    test(`${variant.label}: every write refused with 403 JSON, nothing changed`, async () => {
      const problems: string[] = [];
      for (const route of writes) {
        const headers = Object.fromEntries(Object.entries(variant.headers).map(([k, v]) => [k, v.replace("PORT", String(srv.server.port))]));
        const { url, init } = forged(route, headers);
        const before = fingerprint(srv);
        const res = await rawFetch(url, init);
        const label = `${routeKey(route)} (${variant.label}) → ${res.status}`;
        try {
          expectJsonError(res, label, [403]);
          expect(changedTables(before, fingerprint(srv)), `${label} changed tables`).toEqual([]);
        } catch (error) {
          problems.push((error as Error).message.split("\n")[0]!);
        }
      }
      record("csrf", { variant: variant.label, writes: writes.length, problems: problems.length });
      expect(problems, problems.join("\n")).toEqual([]);
    });
  }

  test("the same cookies from our own origin do work (so the refusals are about the site, not the cookie)", async () => {
    const own = { "sec-fetch-site": "same-origin", origin: srv.url };
    const broker = await rawFetch(`${srv.url}/api/notifications/mark-all-read`, { method: "POST", headers: { cookie: brokerCookie, ...own } });
    expect(broker.status).toBe(200);
    const customer = await rawFetch(`${srv.url}/api/upload/${world.victim.uploadLink}/notifications/mark-all-read`, {
      method: "POST",
      headers: { cookie: world.victim.cookie, ...own },
    });
    expect(customer.status).toBe(200);
  });

  test("session cookies are HttpOnly and SameSite", async () => {
    const res = await fetch(`${srv.url}/api/auth/signin`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: world.brokerA.user.email, password: "correct horse battery" }),
    });
    const cookie = res.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=(Lax|Strict)/i);
  });
});
