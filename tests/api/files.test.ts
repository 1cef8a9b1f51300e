import { beforeAll, describe, expect, test } from "bun:test";
import { createCustomer, customerCookie, sampleFiles, uploadFile } from "../support/fixtures.ts";
import { useServerWithBroker } from "../support/server.ts";

const { srv, broker } = useServerWithBroker();
let docId: string;
let otherDocId: string;
let ownerCookie: string;
let strangerCookie: string;
const pdf = sampleFiles.pdf();

beforeAll(async () => {
  const c = await createCustomer(srv, broker.token);
  const other = await createCustomer(srv, broker.token);
  docId = c.documents[0]!.id;
  otherDocId = other.documents[0]!.id;
  await uploadFile(srv, c.uploadLink, docId, { bytes: pdf, name: "pay stub.pdf" });
  await uploadFile(srv, other.uploadLink, otherDocId, { bytes: sampleFiles.png(), name: "id.png", type: "image/png" });
  ownerCookie = await customerCookie(srv, c.uploadLink, c.email);
  strangerCookie = await customerCookie(srv, other.uploadLink, other.email);
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(srv.url + path, { headers, redirect: "manual" });

describe("who may read a file", () => {
  test("a guest (no session) may not; the signed-in customer may, inline or as a download", async () => {
    const guest = await get(`/api/documents/${docId}/view`);
    expect(guest.status).toBe(401);
    expect(await guest.json()).toEqual({ message: "Please sign in to view this file." });

    const view = await get(`/api/documents/${docId}/view`, { cookie: ownerCookie });
    expect(view.status).toBe(200);
    expect(new Uint8Array(await view.arrayBuffer())).toEqual(pdf);
    expect(view.headers.get("content-type")).toBe("application/pdf");
    expect(view.headers.get("content-disposition")).toStartWith('inline; filename="pay stub.pdf"');
    expect(view.headers.get("x-content-type-options")).toBe("nosniff");
    expect(view.headers.get("referrer-policy")).toBe("no-referrer");
    expect(view.headers.get("cache-control")).toBe("no-store");
    // Shown inline, a file is still a sandboxed document that no page frames (the app draws it).
    expect(view.headers.get("x-frame-options")).toBe("DENY");
    expect(view.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(view.headers.get("content-security-policy")).toContain("sandbox");
    expect(view.headers.get("content-security-policy")).toContain("default-src 'none'");

    const image = await get(`/api/documents/${otherDocId}/view`, { cookie: strangerCookie });
    expect(image.headers.get("content-security-policy")).toContain("sandbox");
    const download = await get(`/api/documents/${docId}/download`, { cookie: ownerCookie });
    expect(download.headers.get("content-disposition")).toStartWith("attachment;");
    expect(download.headers.get("x-frame-options")).toBe("DENY");
    expect(download.headers.get("content-security-policy")).toContain("sandbox");
  });

  test("another customer, or another broker, gets 404; the owning broker reads it", async () => {
    expect((await get(`/api/documents/${docId}/download`, { cookie: strangerCookie })).status).toBe(404);
    const otherBroker = await srv.signUpBroker();
    expect((await get(`/api/documents/${docId}/download`, { authorization: `Bearer ${otherBroker.token}` })).status).toBe(404);
    expect((await get(`/api/documents/${docId}/download`, { authorization: `Bearer ${broker.token}` })).status).toBe(200);
  });
});

describe("short-lived links", () => {
  test("a link works without signing in, for that document only, for 15 minutes", async () => {
    const made = await srv.call(`/api/documents/${docId}/link`, { method: "POST", token: broker.token });
    expect(made.status).toBe(200);
    const url = new URL(made.body.url);
    expect(url.pathname).toBe(`/api/documents/${docId}/view`);
    const token = url.searchParams.get("token")!;

    expect((await get(`${url.pathname}?token=${token}`)).status).toBe(200);
    const wrongDoc = await get(`/api/documents/${otherDocId}/view?token=${token}`);
    expect(wrongDoc.status).toBe(403);
    const tampered = await get(`${url.pathname}?token=${token.replace(/.$/, (c) => (c === "A" ? "B" : "A"))}`);
    expect(tampered.status).toBe(403);

    srv.clock.advance(16 * 60_000);
    const expired = await get(`${url.pathname}?token=${token}`);
    expect(expired.status).toBe(403);
    expect((await expired.json()).message).toBe("This file link is invalid or has expired. Ask for a new one.");
  });

  test("a guest cannot make a link", async () => {
    expect((await srv.call(`/api/documents/${docId}/link`, { method: "POST" })).status).toBe(401);
  });
});

describe("download-proxy", () => {
  test("serves this portal's own file URLs, with the given name made safe", async () => {
    const res = await get(`/api/download-proxy?url=${encodeURIComponent(`/api/documents/${docId}/download`)}&filename=${encodeURIComponent("../../x\r\nSet-Cookie: a=b.pdf")}`, {
      cookie: ownerCookie,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(res.headers.get("content-disposition")).toStartWith('attachment; filename="xSet-Cookie: a=b.pdf"');
  });

  test.each([
    ["another host", "http://127.0.0.1:1/api/documents/x/download"],
    ["a loopback address", `http://localhost:9/secret`],
    ["a protocol-relative URL", "//evil.example/api/documents/x/download"],
    ["another path of ours", "/api/customers"],
    ["a traversal", "/api/documents/../customers/download"],
    ["a file URL", "file:///etc/passwd"],
  ])("refuses %s without fetching anything", async (_case, url) => {
    const res = await get(`/api/download-proxy?url=${encodeURIComponent(url)}`, { cookie: ownerCookie });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe("Only files stored in this portal can be downloaded here.");
  });
});
