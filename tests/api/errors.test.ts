// The error model and the headers every response carries (DESIGN.md section 3).
import { describe, expect, test } from "bun:test";
import { cookieHeader, startTestServer, useTestServer } from "../support/server.ts";

const srv = useTestServer();

describe("JSON errors", () => {
  test("an unknown path under /api answers 404 JSON for any method", async () => {
    for (const method of ["GET", "POST", "DELETE"]) {
      const res = await srv.call("/api/no-such-thing", { method });
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toContain("application/json");
      expect(res.body).toEqual({ message: `No such endpoint: ${method} /api/no-such-thing` });
    }
  });

  test("a body that is not JSON answers 400 with a message, not a 500", async () => {
    const res = await srv.call("/api/auth/signin", {
      method: "POST",
      body: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("The request body could not be read. Send valid JSON or form data.");
  });

  test("a field holding an object that cannot become text answers 400 with the field's message, not a 500", async () => {
    const res = await srv.call("/api/auth/signin", { method: "POST", body: { email: { toString: "x" }, password: "long password" } });
    expect(res).toMatchObject({ status: 400, body: { message: "Please enter a valid email address" } });
  });

  test("a body of the wrong shape answers 400 and never leaks a stack", async () => {
    const res = await srv.call("/api/auth/signin", { method: "POST", body: [1, 2, 3] });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body)).toEqual(["message"]);
    expect(JSON.stringify(res.body)).not.toContain("at ");
  });
});

describe("security headers", () => {
  const expectSecurityHeaders = (headers: Headers) => {
    const csp = headers.get("content-security-policy")!;
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("unsafe-eval");
    expect(headers.get("x-content-type-options")).toBe("nosniff");
    expect(headers.get("referrer-policy")).toBeTruthy();
  };

  test("on JSON answers, errors, the web app and its assets", async () => {
    expectSecurityHeaders((await srv.call("/healthz")).headers);
    expectSecurityHeaders((await srv.call("/api/auth/user")).headers);
    expectSecurityHeaders((await srv.call("/api/nope", { method: "POST" })).headers);
    const page = await srv.call("/customers");
    expectSecurityHeaders(page.headers);
    const script = (page.body as string).match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
    expect(script).toBeDefined();
    expectSecurityHeaders((await srv.call(script!)).headers);
  });
});

describe("web app", () => {
  test("any GET outside /api serves the app's HTML; unknown assets are 404", async () => {
    for (const path of ["/", "/dashboard", "/customer/123", "/upload/abc", "/some/unknown/page"]) {
      const res = await srv.call(path);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain("text/html");
      expect(res.body).toContain('<div id="root">'); // the app's mount point (holding the loading frame until React renders)
    }
    expect((await srv.call("/assets/missing-1234.js")).status).toBe(404);
  });

  test("hashed assets are cached for a year, the page is revalidated", async () => {
    const page = await srv.call("/");
    expect(page.headers.get("cache-control")).toBe("no-cache");
    const script = (page.body as string).match(/src="(\/assets\/[^"]+\.js)"/)![1]!;
    const asset = await srv.call(script);
    expect(asset.status).toBe(200);
    expect(asset.headers.get("content-type")).toContain("javascript");
    expect(asset.headers.get("cache-control")).toContain("immutable");
  });

  test("/healthz answers ok once the database answers", async () => {
    expect(await srv.call("/healthz")).toMatchObject({ status: 200, body: { status: "ok" } });
  });
});

describe("cross-site writes", () => {
  test("a cookie-authenticated write from another site is refused; same-origin and bearer pass", async () => {
    const signup = await srv.call("/api/auth/signup", {
      method: "POST",
      body: { email: "csrf@example.com", password: "long enough pw" },
    });
    const cookie = cookieHeader(signup);

    const forged = await srv.call("/api/auth/signout", { method: "POST", headers: { cookie, origin: "https://evil.example" } });
    expect(forged).toMatchObject({ status: 403, body: { message: "Cross-site request refused" } });
    const forgedFetch = await srv.call("/api/auth/signout", { method: "POST", headers: { cookie, "sec-fetch-site": "cross-site" } });
    expect(forgedFetch.status).toBe(403);
    // Nothing happened: the session still works.
    expect((await srv.call("/api/auth/user", { headers: { cookie } })).status).toBe(200);

    const sameOrigin = await srv.call("/api/auth/signout", { method: "POST", headers: { cookie, "sec-fetch-site": "same-origin" } });
    expect(sameOrigin.status).toBe(200);
    const bearer = await srv.call("/api/auth/signout", {
      method: "POST",
      token: signup.body.token,
      headers: { origin: "https://elsewhere.example" },
    });
    expect(bearer.status).toBe(200);
  });

  test("a sign-in posted from another site is refused (login CSRF)", async () => {
    const res = await srv.call("/api/auth/signin", {
      method: "POST",
      body: { email: "csrf@example.com", password: "long enough pw" },
      headers: { "sec-fetch-site": "cross-site" },
    });
    expect(res.status).toBe(403);
  });
});

test("sign-in failures from one address are refused after 20, across accounts (TRUST_PROXY on)", { timeout: 30_000 }, async () => {
  const proxied = await startTestServer({ TRUST_PROXY: "true" });
  try {
    const attempt = (n: number, ip: string) =>
      proxied.call("/api/auth/signin", {
        method: "POST",
        body: { email: `nobody${n}@example.com`, password: "whatever1" },
        headers: { "x-forwarded-for": ip },
      });
    for (let i = 0; i < 20; i++) expect((await attempt(i, "203.0.113.9")).status).toBe(401);
    expect((await attempt(99, "203.0.113.9")).status).toBe(429);
    expect((await attempt(99, "203.0.113.10")).status).toBe(401);
  } finally {
    await proxied.stop();
  }
});
