// Each route with a known first render is answered with its own page, which preloads the route's
// scripts and first API reads (issue 14: LCP on a phone); every other path gets the plain page.
import { expect, test } from "bun:test";
import { useTestServer } from "../support/server.ts";

const srv = useTestServer();

async function page(path: string) {
  const res = await fetch(srv.url + path);
  const html = await res.text();
  const preloads = (rel: string) => [...html.matchAll(new RegExp(`<link rel="${rel}"[^>]*href="([^"]+)"`, "g"))].map((m) => m[1]!);
  return { res, html, scripts: preloads("modulepreload"), fetches: [...html.matchAll(/<link rel="preload" as="fetch"[^>]*href="([^"]+)"/g)].map((m) => m[1]!) };
}

test("/dashboard preloads its scripts, the session check, the metrics and the Customer Overview's first page", async () => {
  const dashboard = await page("/dashboard");
  expect(dashboard.res.headers.get("content-type")).toBe("text/html; charset=utf-8");
  expect(dashboard.res.headers.get("cache-control")).toBe("no-cache");
  expect(dashboard.scripts.length).toBeGreaterThan(0);
  expect(dashboard.fetches).toEqual(["/api/auth/user", "/api/dashboard/metrics", "/api/all-customers?page=1&pageSize=12&status=all&sort=urgency"]);
  // Every preloaded script is served.
  for (const script of dashboard.scripts) expect((await fetch(srv.url + script)).status).toBe(200);
}, 60_000);

test("the other broker screens preload the broker area and the session check; the portal its scripts", async () => {
  const dashboard = await page("/dashboard");
  for (const path of ["/customers", "/customer/abc", "/profile", "/notifications", "/templates"]) {
    const broker = await page(path);
    expect(broker.fetches).toEqual(["/api/auth/user"]);
    expect(broker.scripts.length).toBeGreaterThan(0);
    expect(broker.scripts.every((script) => dashboard.scripts.includes(script))).toBe(true);
  }
  const portal = await page("/upload/some-link");
  expect(portal.fetches).toEqual([]); // not shaped like a link: nothing is preloaded for it
  expect(portal.scripts.length).toBeGreaterThan(0);
  expect(portal.scripts.some((script) => !dashboard.scripts.includes(script))).toBe(true);
}, 60_000);

test("an upload link's page preloads that link's data, and nothing but a link's characters is written into the page", async () => {
  const link = "Abc_def-1234567890abcdefghijklmn";
  const portal = await page(`/upload/${link}`);
  expect(portal.fetches).toEqual([`/api/upload/${link}`]);
  expect(portal.scripts).toEqual((await page("/upload/some-link")).scripts);
  // The preloaded URL is the API's own read (an unknown link: its JSON 404), not another page.
  expect((await fetch(srv.url + portal.fetches[0])).status).toBe(404);
  for (const hostile of ["/upload/%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E0123456789", "/upload/" + "a".repeat(200), `/upload/${link}/extra`]) {
    const other = await page(hostile);
    expect(other.res.status).toBe(200);
    expect(other.fetches).toEqual([]);
    expect(other.html).not.toContain("<script>alert");
  }
  // Gzipped like every page when the browser accepts it.
  const zipped = await fetch(srv.url + `/upload/${link}`, { headers: { "accept-encoding": "gzip" }, decompress: false });
  expect(zipped.headers.get("content-encoding")).toBe("gzip");
  expect(new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await zipped.arrayBuffer())))).toContain(`href="/api/upload/${link}"`);
}, 60_000);

test("the landing page, unknown paths and the page files themselves are the plain page", async () => {
  for (const path of ["/", "/reset-password", "/no-such-page", "/dashboardx"]) {
    const plain = await page(path);
    expect(plain.html).toContain('<div id="root">');
    expect(plain.scripts).toEqual([]);
    expect(plain.fetches).toEqual([]);
  }
  const file = await fetch(srv.url + "/index.dashboard.html");
  expect(file.headers.get("cache-control")).toBe("no-cache");
}, 60_000);

test("every page paints a frame with a loading status before its scripts arrive; the portal's is its own header and loading text", async () => {
  const status = (html: string) => html.match(/<p[^>]*role="status"[^>]*>([^<]*)<\/p>/)?.[1];
  const portal = await page("/upload/Abc_def-1234567890abcdefghijklmn");
  expect(status(portal.html)).toBe("Loading your documents...");
  expect(portal.html).toContain(">Customer Dashboard<");
  for (const path of ["/", "/dashboard", "/customers"]) {
    const other = await page(path);
    expect(status(other.html)).toBe("Loading...");
    expect(other.html).not.toContain("Customer Dashboard");
  }
  // Styled by the page itself: nothing it needs waits for a script.
  expect(portal.html).toMatch(/<style>[^<]*\.boot-bar\{/);
}, 60_000);
