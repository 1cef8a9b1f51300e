// Each route with a known first render is answered with its own page, which preloads the route's
// scripts and first API reads (issue 14: LCP on a phone); every other path gets the plain page.
import { describe, expect, test } from "bun:test";
import { escapeHtml } from "../../src/lib/html.ts";
import type { PortalDto } from "../../src/shared/api-types.ts";
import { fetchPreloadTag, portalDataPath } from "../../src/shared/page-preloads.ts";
import { brokerNames, welcomeHeading } from "../../src/shared/portal-welcome.ts";
import { translate } from "../../src/shared/i18n/translate.ts";
import type { MessageKey, MessageValues } from "../../src/shared/i18n/catalog.ts";

const english = (key: MessageKey, values?: MessageValues) => translate("en", key, values);
import { createCustomer, customerCookie } from "../support/fixtures.ts";
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
  for (const path of ["/customers", "/customer/abc", "/profile", "/notifications", "/templates", "/team"]) {
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

describe("an upload link's page carries the guest's welcome, as the API shows it, before any script runs (issue 39, item 4)", () => {
  const welcomeOf = (html: string) => html.match(/<section aria-labelledby="portal-welcome"[^>]*>.*?<\/section>/s)?.[0];

  test("a known link: the welcome's heading and names, escaped, in place of the frame's empty block; kept by no cache", async () => {
    const broker = await srv.signUpBroker({ firstName: "Bo<b>", lastName: "& \"Co\"" });
    const customer = await createCustomer(srv, broker.token, { name: "<script>alert(1)</script> Smith" });
    const api = await srv.call<PortalDto>(`/api/upload/${customer.uploadLink}`);
    const portal = await page(`/upload/${customer.uploadLink}`);
    const welcome = welcomeOf(portal.html);
    // The same words the API's answer gives React for this guest, as text: no markup of theirs.
    expect(welcome).toContain(`>${escapeHtml(welcomeHeading(api.body.customer.name, english))}</h2>`);
    expect(welcome).toContain(`>${escapeHtml(brokerNames(api.body.brokers, english, "en"))} asked you for the documents below.`);
    expect(welcome).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(portal.html).not.toContain("<script>alert");
    expect(welcome).toContain("Bo&lt;b&gt; &amp; &quot;Co&quot;");
    expect(portal.html).not.toContain('<div class="boot-block">');
    expect(portal.html).toContain("Loading your documents...");
    expect(portal.res.headers.get("cache-control")).toBe("private, no-store");
    // Still gzipped.
    const zipped = await fetch(srv.url + `/upload/${customer.uploadLink}`, { headers: { "accept-encoding": "gzip" }, decompress: false });
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    expect(welcomeOf(new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await zipped.arrayBuffer()))))).toBe(welcome);
  }, 60_000);

  test("an unknown link's page says nothing more than the plain frame, with the same headers", async () => {
    const broker = await srv.signUpBroker();
    const known = await createCustomer(srv, broker.token, { name: "Known Person" });
    const unknownLink = "Unknown_link-1234567890abcdefghij";
    expect((await srv.call(`/api/upload/${unknownLink}`)).status).toBe(404);
    const unknown = await page(`/upload/${unknownLink}`);
    expect(welcomeOf(unknown.html)).toBeUndefined();
    // The plain portal page with only the link's own preload, which a known link's page has too.
    const plain = (await page("/upload/some-link")).html;
    expect(unknown.html.replace(`${fetchPreloadTag(portalDataPath(unknownLink))}`, "")).toBe(plain);
    expect(unknown.res.status).toBe(200);
    const knownPage = await page(`/upload/${known.uploadLink}`);
    expect(unknown.res.headers.get("cache-control")).toBe(knownPage.res.headers.get("cache-control"));
    expect([...unknown.res.headers.keys()].sort()).toEqual([...knownPage.res.headers.keys()].sort());
  }, 60_000);

  test("a customer signed in to the link's account gets the plain frame: the portal shows their progress, not a welcome", async () => {
    const broker = await srv.signUpBroker();
    const customer = await createCustomer(srv, broker.token, { name: "Signed Person" });
    const cookie = await customerCookie(srv, customer.uploadLink, customer.email);
    const html = await (await fetch(`${srv.url}/upload/${customer.uploadLink}`, { headers: { cookie } })).text();
    expect(welcomeOf(html)).toBeUndefined();
    expect(welcomeOf((await page(`/upload/${customer.uploadLink}`)).html)).toBeDefined();
  }, 60_000);
});
