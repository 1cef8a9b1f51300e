// The compiled ./portal carries the document checks' libraries (pdf.js, libheif's WASM, jpeg-js):
// real files uploaded to the executable are opened, judged and converted as in development.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { startPortal, type Portal } from "./support.ts";

const corpus = (name: string) => new Uint8Array(readFileSync(join(import.meta.dir, "..", "files", "corpus", name)));
let portal: Portal;
let token = "";
beforeAll(async () => {
  portal = await startPortal({ MIN_IMAGE_PIXELS: "400x400" });
  const signup = await fetch(`${portal.url}/api/auth/signup`, {
    method: "POST",
    headers: { "content-type": "application/json", "sec-fetch-site": "same-origin" },
    body: JSON.stringify({ email: "checks@example.com", password: "a good password", firstName: "Cara", lastName: "Checks" }),
  });
  expect(signup.status).toBe(201);
  token = ((await signup.json()) as { token: string }).token;
});
afterAll(() => portal?.stop());

async function upload(name: string) {
  const res = await fetch(`${portal.url}/api/customers`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ email: `c-${crypto.randomUUID().slice(0, 8)}@example.com`, requiredDocuments: [{ name: "Paystub" }] }),
  });
  const customer = (await res.json()) as { uploadLink: string; documents: { id: string }[] };
  const form = new FormData();
  form.append("file", new Blob([corpus(name)]), name);
  const up = await fetch(`${portal.url}/api/upload/${customer.uploadLink}/documents/${customer.documents[0]!.id}`, { method: "POST", body: form });
  return { status: up.status, body: (await up.json()) as { message: string } };
}

test("a PDF with junk before its header is opened and accepted", async () => {
  expect(await upload("qpdf--leading-junk.pdf")).toMatchObject({ status: 200 });
});

test("a PDF with an open password is refused asking for an unlocked copy", async () => {
  const res = await upload("pdfjs--issue3371.pdf");
  expect(res.status).toBe(400);
  expect(res.body.message).toContain("copy without a password");
});

test("an iPhone HEIC is converted, a turned JPEG turned", async () => {
  expect(await upload("exif-samples--heic_samplefilehub.heif")).toMatchObject({ status: 200 });
  expect(await upload("exif-samples--jpg_orientation_landscape_6.jpg")).toMatchObject({ status: 200 });
}, 60_000);
