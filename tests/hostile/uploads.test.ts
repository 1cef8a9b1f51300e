// Part 3: the upload matrix on POST /api/upload/:link/documents/:id — type × claimed name ×
// bytes. Files are judged by their content, refusals are JSON, nothing is left in the temp folder,
// and hostile names are made harmless without mangling honest ones.
import { beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Broker } from "../support/server.ts";
import { useTestServer } from "../support/server.ts";
import { realJpeg, realPdfOfSize, realPng } from "../files/samples.ts";
import {
  changedTables,
  createCustomerAs,
  expectJsonError,
  filesIn,
  fingerprint,
  multipartBody,
  rawFetch,
  record,
  uploadRaw,
} from "./support.ts";

const srv = useTestServer();
let broker: Broker;
beforeAll(async () => {
  broker = await srv.signUpBroker();
});

const here = (name: string) => new Uint8Array(readFileSync(join(import.meta.dir, "files", name)));
// Real files: pdf.js's alphatrans.pdf, and a JPEG and PNG at the standard legible-A4 minimum
// (uploads are opened and held to it). The small real camera JPEG and PNG suite image are below it.
const REAL = { pdf: here("alphatrans.pdf"), jpeg: realJpeg(), png: realPng() };
const SMALL = { jpeg: here("Canon_40D.jpg"), png: here("basn6a08.png") };
const enc = (s: string) => new TextEncoder().encode(s);
const concat = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));
const LIMIT = 10 * 1024 * 1024; // MAX_UPLOAD_MB=10, the default

/** A real PDF of exactly `size` bytes, padded inside an unused stream. */
const pdfOfSize = (size: number) => realPdfOfSize(size, 0x20);

const HOSTILE = {
  html: enc("<!doctype html><html><body><script>fetch('/api/customers').then(r=>r.text()).then(alert)</script></body></html>"),
  svg: enc('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.cookie)"><script>alert(1)</script></svg>'),
  exe: concat(new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff, 0, 0, 0xb8]), new Uint8Array(60).fill(0), enc("PE\0\0L\x01")),
  elf: concat(new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), new Uint8Array(120).fill(0)),
  zip: concat(
    new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 0, 0, 0]),
    enc("a.txthello"),
    new Uint8Array([0x50, 0x4b, 0x05, 0x06]),
    new Uint8Array(18).fill(0),
  ),
  gif: concat(enc("GIF89a"), new Uint8Array([1, 0, 1, 0, 0x80, 0, 0, 0xff, 0xff, 0xff, 0, 0, 0, 0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 1, 0, 0x3b])),
  htmlThenPdf: concat(enc("<html><script>alert(1)</script>\n"), REAL.pdf),
  jpegWithHtml: concat(REAL.jpeg, enc("<html><script>alert(document.domain)</script></html>")),
  pdfWithHtml: concat(enc("%PDF-1.4\n<html><body><script>alert(1)</script></body></html>\n"), REAL.pdf.subarray(9)),
};

async function freshDocument() {
  const c = await createCustomerAs(srv, broker, {
    email: `u-${crypto.randomUUID().slice(0, 10)}@example.com`,
    requiredDocuments: [{ name: "Paystub" }],
  });
  return { link: c.uploadLink, documentId: c.documents[0]!.id };
}

const docRow = (id: string) =>
  srv.server.ctx.db.$client.query("select status, storage_key, original_name, mime_type, file_size from documents where id = ?").get(id) as {
    status: string;
    storage_key: string | null;
    original_name: string | null;
    mime_type: string | null;
    file_size: number | null;
  };

const tempFiles = () => filesIn(srv.server.ctx.files.tempDir);
const storedFiles = () => filesIn(join(srv.dataDir, "files")).filter((f) => f !== ".tmp");

async function download(documentId: string) {
  const res = await fetch(`${srv.url}/api/documents/${documentId}/download`, { headers: { authorization: `Bearer ${broker.token}` } });
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

interface Case {
  label: string;
  bytes: Uint8Array;
  name: string;
  type: string;
  /** The stored type (content decides) or the refusal status. */
  expect: { stored: string } | { status: number };
}

const CASES: Case[] = [
  { label: "real PDF", bytes: REAL.pdf, name: "statement.pdf", type: "application/pdf", expect: { stored: "application/pdf" } },
  { label: "JPEG of legible size", bytes: REAL.jpeg, name: "IMG_0001.JPG", type: "image/jpeg", expect: { stored: "image/jpeg" } },
  { label: "PNG of legible size", bytes: REAL.png, name: "scan.png", type: "image/png", expect: { stored: "image/png" } },
  { label: "real camera JPEG below the legible minimum", bytes: SMALL.jpeg, name: "IMG_0002.JPG", type: "image/jpeg", expect: { status: 400 } },
  { label: "real PNG below the legible minimum", bytes: SMALL.png, name: "icon.png", type: "image/png", expect: { status: 400 } },
  { label: "PDF header then garbage", bytes: concat(enc("%PDF-1.7\n"), new Uint8Array(5000).fill(0x41)), name: "statement.pdf", type: "application/pdf", expect: { status: 400 } },
  { label: "real PDF cut in half", bytes: REAL.pdf.subarray(0, 400), name: "statement.pdf", type: "application/pdf", expect: { status: 400 } },
  { label: "PDF named .jpg", bytes: REAL.pdf, name: "photo.jpg", type: "image/jpeg", expect: { stored: "application/pdf" } },
  { label: "JPEG named .pdf", bytes: REAL.jpeg, name: "doc.pdf", type: "application/pdf", expect: { stored: "image/jpeg" } },
  { label: "PNG sent as octet-stream", bytes: REAL.png, name: "scan", type: "application/octet-stream", expect: { stored: "image/png" } },
  { label: "HTML named .pdf", bytes: HOSTILE.html, name: "statement.pdf", type: "application/pdf", expect: { status: 415 } },
  { label: "SVG named .pdf", bytes: HOSTILE.svg, name: "statement.pdf", type: "application/pdf", expect: { status: 415 } },
  { label: "SVG named .png", bytes: HOSTILE.svg, name: "scan.png", type: "image/png", expect: { status: 415 } },
  { label: "EXE named .pdf", bytes: HOSTILE.exe, name: "statement.pdf", type: "application/pdf", expect: { status: 415 } },
  { label: "ELF named .jpg", bytes: HOSTILE.elf, name: "photo.jpg", type: "image/jpeg", expect: { status: 415 } },
  { label: "ZIP named .pdf", bytes: HOSTILE.zip, name: "statement.pdf", type: "application/pdf", expect: { status: 415 } },
  { label: "GIF named .png", bytes: HOSTILE.gif, name: "scan.png", type: "image/png", expect: { status: 415 } },
  { label: "HTML with a PDF after it", bytes: HOSTILE.htmlThenPdf, name: "statement.pdf", type: "application/pdf", expect: { status: 415 } },
  { label: "JPEG+HTML polyglot", bytes: HOSTILE.jpegWithHtml, name: "photo.html", type: "text/html", expect: { stored: "image/jpeg" } },
  { label: "PDF+HTML polyglot", bytes: HOSTILE.pdfWithHtml, name: "statement.html", type: "text/html", expect: { stored: "application/pdf" } },
  { label: "zero bytes", bytes: new Uint8Array(0), name: "empty.pdf", type: "application/pdf", expect: { status: 400 } },
  { label: "exactly the limit (10,485,760 bytes)", bytes: pdfOfSize(LIMIT), name: "limit.pdf", type: "application/pdf", expect: { stored: "application/pdf" } },
  { label: "limit + 1 byte", bytes: pdfOfSize(LIMIT + 1), name: "over.pdf", type: "application/pdf", expect: { status: 413 } },
];

describe("type × claimed name × bytes", () => {
  for (const c of CASES) {
    test(`${c.label} as "${c.name}" (${c.type})`, async () => {
      const { link, documentId } = await freshDocument();
      const before = fingerprint(srv);
      const storedBefore = storedFiles().length;
      const res = await uploadRaw(srv, link, documentId, { bytes: c.bytes, name: c.name, type: c.type });
      if ("stored" in c.expect) {
        expect(res.status, res.text.slice(0, 300)).toBe(200);
        const row = docRow(documentId);
        expect(row.status).toBe("uploaded");
        expect(row.mime_type).toBe(c.expect.stored);
        expect(row.file_size).toBe(c.bytes.byteLength);
        const { res: file, bytes } = await download(documentId);
        expect(file.status).toBe(200);
        expect(Buffer.from(bytes).equals(Buffer.from(c.bytes))).toBe(true);
        expect(file.headers.get("content-type")).toBe(c.expect.stored);
        expect(file.headers.get("x-content-type-options")).toBe("nosniff");
        expect(file.headers.get("content-disposition") ?? "").toStartWith("attachment");
        expect(file.headers.get("content-security-policy") ?? "").toContain("sandbox");
      } else {
        expectJsonError(res, c.label, [c.expect.status]);
        expect(changedTables(before, fingerprint(srv)), `${c.label} changed tables`).toEqual([]);
        expect(docRow(documentId)).toMatchObject({ status: "requested", storage_key: null });
        expect(storedFiles().length).toBe(storedBefore);
      }
      expect(tempFiles(), `temp files after ${c.label}`).toEqual([]);
      record("uploads", { case: c.label, status: res.status });
    });
  }
});

describe("broken and odd multipart", () => {
  const refusals: { label: string; contentType: string; body: BodyInit; status: number[] }[] = [
    { label: "multipart without a boundary", contentType: "multipart/form-data", body: multipartBody([{ name: "file", filename: "a.pdf", data: REAL.pdf }]).body, status: [400] },
    { label: "a boundary that never appears", contentType: "multipart/form-data; boundary=nothere", body: REAL.pdf, status: [400] },
    { label: "JSON instead of multipart", contentType: "application/json", body: JSON.stringify({ file: "JVBERi0xLjQK" }), status: [400] },
    { label: "the file under another field name", ...(() => { const m = multipartBody([{ name: "document", filename: "a.pdf", contentType: "application/pdf", data: REAL.pdf }]); return { contentType: m.contentType, body: m.body }; })(), status: [400] },
    { label: "a file part without a filename", ...(() => { const m = multipartBody([{ name: "file", data: "%PDF-1.4 just a field" }]); return { contentType: m.contentType, body: m.body }; })(), status: [400] },
    { label: "two file parts, the first HTML", ...(() => { const m = multipartBody([{ name: "file", filename: "a.pdf", contentType: "application/pdf", data: HOSTILE.html }, { name: "file", filename: "b.pdf", contentType: "application/pdf", data: REAL.pdf }]); return { contentType: m.contentType, body: m.body }; })(), status: [400, 415] },
    { label: "a body cut off in the middle of the file", ...(() => { const m = multipartBody([{ name: "file", filename: "a.pdf", contentType: "application/pdf", data: REAL.pdf }]); return { contentType: m.contentType, body: m.body.subarray(0, 4000) }; })(), status: [400] },
    { label: "1,000 tiny fields before the file", ...(() => { const m = multipartBody([...Array.from({ length: 1000 }, (_, i) => ({ name: `f${i}`, data: "x" })), { name: "file", filename: "a.pdf", contentType: "application/pdf", data: HOSTILE.html }]); return { contentType: m.contentType, body: m.body }; })(), status: [400, 413, 415] },
  ];
  for (const r of refusals) {
    test(r.label, async () => {
      const { link, documentId } = await freshDocument();
      const before = fingerprint(srv);
      const res = await rawFetch(`${srv.url}/api/upload/${link}/documents/${documentId}`, { method: "POST", headers: { "content-type": r.contentType }, body: r.body });
      expectJsonError(res, r.label, r.status);
      expect(changedTables(before, fingerprint(srv))).toEqual([]);
      expect(tempFiles()).toEqual([]);
      record("uploads", { case: r.label, status: res.status });
    });
  }
});

describe("hostile file names (a real PDF under each)", () => {
  // Raw NUL and CR/LF inside a part header make the request malformed (browsers percent-encode
  // them): a clean JSON 400 with nothing stored is as good as storing a cleaned name.
  const names: { label: string; name: string; check: (stored: string) => void; mayRefuse?: true }[] = [
    { label: "path traversal", name: "../../etc/passwd", check: (s) => expect(s).not.toMatch(/[\\/]|\.\.[\\/]/) },
    { label: "Windows traversal", name: "..\\..\\Windows\\win.ini", check: (s) => expect(s).not.toMatch(/[\\/]/) },
    { label: "NUL byte", name: "statement\u0000.exe.pdf", check: (s) => expect(s).not.toContain("\u0000"), mayRefuse: true },
    { label: "browser-encoded NUL and CRLF", name: "a%00.pdf%0D%0AX-Injected: yes", check: (s) => expect(s).not.toMatch(/[\u0000\r\n]/) },
    { label: "CRLF header injection", name: "a.pdf\r\nX-Injected: yes", check: (s) => expect(s).not.toMatch(/[\r\n]/), mayRefuse: true },
    { label: "300 characters", name: `${"n".repeat(296)}.pdf`, check: (s) => expect(s.length).toBeLessThanOrEqual(255) },
    { label: "RTL override (exe disguised as pdf)", name: "invoice\u202Efdp.exe", check: (s) => expect(s).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/) },
    { label: "German umlaut kept intact", name: "Überweisung.pdf", check: (s) => expect(s).toBe("Überweisung.pdf") },
    { label: "CJK and emoji kept intact", name: "申請書 📄.pdf", check: (s) => expect(s).toBe("申請書 📄.pdf") },
    { label: "only dots", name: "..", check: (s) => expect(s).not.toBe("..") },
  ];
  for (const n of names) {
    test(n.label, async () => {
      const { link, documentId } = await freshDocument();
      const res = await uploadRaw(srv, link, documentId, { bytes: REAL.pdf, name: n.name, type: "application/pdf" });
      if (n.mayRefuse && res.status === 400) {
        expectJsonError(res, n.label, [400]);
        expect(docRow(documentId)).toMatchObject({ status: "requested", storage_key: null });
        expect(tempFiles()).toEqual([]);
        record("upload-names", { case: n.label, status: 400 });
        return;
      }
      expect(res.status, res.text.slice(0, 200)).toBe(200);
      const row = docRow(documentId);
      expect(row.mime_type).toBe("application/pdf");
      n.check(row.original_name ?? "");
      // Stored under our own key, never the name.
      for (const f of storedFiles()) expect(f).toMatch(/^[A-Za-z0-9_-]{16,128}$/);
      const { res: file } = await download(documentId);
      expect(file.status).toBe(200);
      expect(file.headers.get("x-injected")).toBeNull();
      const disposition = file.headers.get("content-disposition") ?? "";
      expect(disposition).not.toMatch(/[\r\n]/);
      expect(tempFiles()).toEqual([]);
      record("upload-names", { case: n.label, stored: row.original_name });
    });
  }
});

test("after the whole matrix: no temp file, every stored file belongs to a document, every document's file exists", () => {
  expect(tempFiles()).toEqual([]);
  const db = srv.server.ctx.db.$client;
  const keys = new Set(
    (db.query("select storage_key k from documents where storage_key is not null union select storage_key from document_versions").all() as { k: string }[]).map((r) => r.k),
  );
  const stored = new Set(storedFiles());
  expect([...stored].filter((f) => !keys.has(f)), "orphan files").toEqual([]);
  expect([...keys].filter((k) => !stored.has(k)), "documents pointing at missing files").toEqual([]);
  expect(keys.size).toBeGreaterThan(5);
});
