// The web app's files go out gzipped to browsers that accept it (issue 14: a phone on slow 4G
// downloads about a third of the bytes), and as they are to clients that do not.
import { expect, test } from "bun:test";
import { gunzipSync } from "node:zlib";
import { useTestServer } from "../support/server.ts";

const srv = useTestServer();

async function raw(path: string, encoding: string) {
  const res = await fetch(srv.url + path, { headers: { "accept-encoding": encoding }, decompress: false } as RequestInit);
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

test("index.html and its entry script are gzipped for a browser, identical once unzipped", async () => {
  const page = await raw("/dashboard", "gzip, deflate, br");
  expect(page.res.headers.get("content-encoding")).toBe("gzip");
  expect(page.res.headers.get("vary")).toContain("Accept-Encoding");
  const html = new TextDecoder().decode(gunzipSync(page.bytes));
  const script = html.match(/<script[^>]+src="([^"]+)"/)![1]!;

  const zipped = await raw(script, "gzip");
  const plain = await raw(script, "identity");
  expect(zipped.res.headers.get("content-encoding")).toBe("gzip");
  expect(plain.res.headers.get("content-encoding")).toBeNull();
  expect(zipped.res.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
  expect(zipped.bytes.length).toBeLessThan(plain.bytes.length / 2);
  expect(Buffer.from(gunzipSync(zipped.bytes)).equals(Buffer.from(plain.bytes))).toBe(true);
}, 60_000);
