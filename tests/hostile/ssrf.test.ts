// Part 4: /api/download-proxy?url= spelled every way an attacker would, aimed at a canary HTTP
// server on loopback that counts every connection. The portal must never fetch anything.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Server } from "bun";
import { useTestServer, type Broker } from "../support/server.ts";
import { createCustomerAs, expectJsonError, rawFetch, record, uploadRaw, victimPdf } from "./support.ts";

const srv = useTestServer();
let broker: Broker;
let canary: Server<undefined>;
let hits = 0;
let ownDocumentId = "";

beforeAll(async () => {
  canary = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch(req) {
      hits++;
      const url = new URL(req.url);
      // A redirecting canary too: if anything follows it, the second hop counts as well.
      if (url.pathname === "/redirect") return Response.redirect(`http://127.0.0.1:${canary.port}/landed`, 302);
      return new Response("CANARY-SECRET-BODY", { headers: { "content-type": "application/pdf" } });
    },
  });
  broker = await srv.signUpBroker();
  const c = await createCustomerAs(srv, broker, { email: "ssrf@example.com", requiredDocuments: [{ name: "Paystub" }] });
  ownDocumentId = c.documents[0]!.id;
  const up = await uploadRaw(srv, c.uploadLink, ownDocumentId, { bytes: victimPdf() });
  if (up.status !== 200) throw new Error(`upload failed ${up.status}`);
});
afterAll(() => canary?.stop(true));

function spellings(): string[] {
  const p = canary.port;
  const own = new URL(srv.url);
  return [
    `http://127.0.0.1:${p}/`,
    `http://127.0.0.1:${p}/api/documents/${ownDocumentId}/download`,
    `http://localhost:${p}/api/documents/${ownDocumentId}/download`,
    `http://2130706433:${p}/`, // decimal
    `http://0177.0.0.1:${p}/`, // octal
    `http://0x7f.0x0.0x0.0x1:${p}/`, // hex
    `http://0x7f000001:${p}/`,
    `http://127.1:${p}/`,
    `http://0:${p}/`,
    `http://0.0.0.0:${p}/`,
    `http://[::1]:${p}/`,
    `http://[::ffff:127.0.0.1]:${p}/`,
    `http://[0:0:0:0:0:ffff:7f00:1]:${p}/`,
    `http://user:pass@127.0.0.1:${p}/`,
    `http://${own.host}@127.0.0.1:${p}/api/documents/${ownDocumentId}/download`,
    `http://127.0.0.1:${p}#@${own.host}/api/documents/${ownDocumentId}/download`,
    `http://127.0.0.1:${p}\\@${own.host}/api/documents/${ownDocumentId}/download`,
    `http://127.0.0.1:${p}/redirect`,
    `http://127.0.0.1:${p}/redirect?next=${encodeURIComponent(srv.url)}`,
    `//127.0.0.1:${p}/api/documents/${ownDocumentId}/download`,
    `\\\\127.0.0.1:${p}/api/documents/${ownDocumentId}/download`,
    `/\\127.0.0.1:${p}/api/documents/${ownDocumentId}/download`,
    `http:/127.0.0.1:${p}/`,
    `HTTP://127.0.0.1:${p}/`,
    ` http://127.0.0.1:${p}/`,
    `http://127.0.0.1%3A${p}/`,
    `http://127。0。0。1:${p}/`, // ideographic full stops
    `http://①②⑦.0.0.1:${p}/`,
    `https://127.0.0.1:${p}/`,
    `ws://127.0.0.1:${p}/`,
    `file:///etc/passwd`,
    `file://127.0.0.1:${p}/etc/passwd`,
    `gopher://127.0.0.1:${p}/_GET%20/%20HTTP/1.1%0D%0A`,
    `dict://127.0.0.1:${p}/info`,
    `ftp://127.0.0.1:${p}/`,
    `data:application/pdf;base64,JVBERi0xLjQK`,
    `javascript:fetch('http://127.0.0.1:${p}/')`,
    `jar:http://127.0.0.1:${p}/a.zip!/`,
    // Our own origin, twisted.
    `${srv.url}/api/documents/../../../etc/passwd`,
    `${srv.url}/api/documents/${ownDocumentId}/download/../../../../etc/passwd`,
    `${srv.url}/api/documents/%2e%2e%2f%2e%2e%2fetc%2fpasswd/download`,
    `${srv.url}/api/documents/..%2f..%2fportal.sqlite/download`,
    `${srv.url}/api/documents/${ownDocumentId}%2f..%2f..%2fportal.sqlite/download`,
    `${srv.url}/api/download-proxy?url=http://127.0.0.1:${p}/`,
    `${srv.url}@127.0.0.1:${p}/api/documents/${ownDocumentId}/download`,
    `${srv.url}.127.0.0.1.nip.io:${p}/api/documents/${ownDocumentId}/download`,
    `http://localhost:${own.port}/api/documents/${ownDocumentId}/download?x=http://127.0.0.1:${p}/`,
  ];
}

describe("download-proxy never fetches", () => {
  test("the canary counts (so 0 hits below means something)", async () => {
    await fetch(`http://127.0.0.1:${canary.port}/probe`);
    expect(hits).toBe(1);
    hits = 0;
  });

  test("every spelling of loopback, other schemes and twisted own-origin URLs: refused or our own file, canary 0 hits", async () => {
    const auth = { authorization: `Bearer ${broker.token}` };
    const problems: string[] = [];
    const list = spellings();
    for (const url of list) {
      const res = await rawFetch(`${srv.url}/api/download-proxy?url=${encodeURIComponent(url)}&filename=x.pdf`, { headers: auth });
      const label = `download-proxy ${url} → ${res.status}`;
      try {
        expect(res.text, label).not.toContain("CANARY-SECRET-BODY");
        expect(res.text, label).not.toMatch(/root:x:0:0|SQLite format 3/);
        if (res.status === 200) {
          // Only our own stored file may come back, and only for a URL naming our origin.
          expect(res.text, label).toContain("VICTIM-FILE-BYTES");
        } else {
          expectJsonError(res, label, [400, 401, 403, 404]);
        }
      } catch (error) {
        problems.push((error as Error).message.split("\n")[0]!);
      }
    }
    await Bun.sleep(300); // anything asynchronous would have arrived by now
    record("ssrf", { spellings: list.length, canaryHits: hits, problems: problems.length });
    expect(problems, problems.join("\n")).toEqual([]);
    expect(hits, "connections that reached the canary").toBe(0);
  });

  test("the proxy still serves our own file by its own URL (the refusals are not a blanket 400)", async () => {
    const res = await rawFetch(
      `${srv.url}/api/download-proxy?url=${encodeURIComponent(`${srv.server.ctx.config.publicUrl}/api/documents/${ownDocumentId}/download`)}`,
      { headers: { authorization: `Bearer ${broker.token}` } },
    );
    expect(res.status).toBe(200);
    expect(res.text).toContain("VICTIM-FILE-BYTES");
    expect(hits).toBe(0);
  });

  test("without a session the proxy refuses even a valid own URL", async () => {
    const res = await rawFetch(`${srv.url}/api/download-proxy?url=${encodeURIComponent(`/api/documents/${ownDocumentId}/download`)}`);
    expectJsonError(res, "anonymous proxy", [401]);
  });
});
