// The upload endpoint's edges: broken multipart framing, the size limit's exact boundary, and
// file names outside ASCII. Runs with the default MAX_UPLOAD_MB (10).
import { describe, expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import { createCustomer, customerCookie, sampleFiles, uploadFile } from "../support/fixtures.ts";
import { useServerWithBroker } from "../support/server.ts";
import { uploadMessages } from "../../src/shared/validation.ts";
import { row, statement } from "../support/sql.ts";

const { srv, broker } = useServerWithBroker();

const LIMIT = 10 * 1024 * 1024;
const q = async (text: string, ...args: unknown[]) => (await row<any>(srv.server.ctx.db, statement(text, ...args))) ?? null;
const tempFiles = () => readdirSync(srv.server.ctx.files.tempDir);
const pdfOfSize = (size: number) => {
  const bytes = new Uint8Array(size);
  bytes.set(sampleFiles.pdf());
  return bytes;
};

describe("multipart framing", () => {
  test.each([
    ["no boundary", "multipart/form-data"],
    ["an empty boundary", "multipart/form-data; boundary="],
  ])("%s is a 400 with a message, and nothing changes", async (_case, contentType) => {
    const c = await createCustomer(srv, broker.token);
    const res = await srv.call(`/api/upload/${c.uploadLink}/documents/${c.documents[0]!.id}`, {
      method: "POST",
      headers: { "content-type": contentType },
      body: "--x\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.pdf\"\r\n\r\n%PDF-1.4\r\n--x--\r\n",
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/multipart/i);
    expect(await q("select status, storage_key from documents where id = ?", c.documents[0]!.id)).toEqual({ status: "requested", storage_key: null });
    expect(tempFiles()).toEqual([]);
  });
});

describe("the size limit", () => {
  test("a file of exactly MAX_UPLOAD_MB is accepted; one byte more is a 413 with the portal's words", async () => {
    const c = await createCustomer(srv, broker.token);
    const exact = await uploadFile(srv, c.uploadLink, c.documents[0]!.id, { bytes: pdfOfSize(LIMIT) });
    expect(exact.status).toBe(200);
    expect((await q("select file_size from documents where id = ?", c.documents[0]!.id)).file_size).toBe(LIMIT);

    const over = await uploadFile(srv, c.uploadLink, c.documents[1]!.id, { bytes: pdfOfSize(LIMIT + 1) });
    expect(over).toMatchObject({ status: 413, body: { message: uploadMessages.tooLarge(LIMIT) } });
    expect(over.body.message).toBe("The file is larger than 10 MB. Please choose a smaller file.");
    expect((await q("select status from documents where id = ?", c.documents[1]!.id)).status).toBe("requested");
    expect(tempFiles()).toEqual([]);
    // Two 10 MB uploads, checked by pdf.js and, under test:postgres, stored in s3rver: 5.7 s on a
    // slow 2-core machine, past the default 5 s.
  }, 30_000);
});

describe("file names", () => {
  test("a name outside ASCII is stored and returned as sent", async () => {
    const c = await createCustomer(srv, broker.token, { email: "umlaut@example.com" });
    const cookie = await customerCookie(srv, c.uploadLink, "umlaut@example.com");
    const res = await uploadFile(srv, c.uploadLink, c.documents[0]!.id, { bytes: sampleFiles.pdf(), name: "Überweisung.pdf", cookie });
    expect(res.status).toBe(200);
    expect(res.body.document.fileName).toBe("Überweisung.pdf");
    expect((await q("select original_name from documents where id = ?", c.documents[0]!.id)).original_name).toBe("Überweisung.pdf");
  });
});

describe("typing by content", () => {
  const accept = ["application/pdf", "image/jpeg", "image/png", "image/heic", "image/heif"];
  const enc = (text: string) => new TextEncoder().encode(text);
  const concat = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));

  test("junk before %PDF- within the first 1 KB is still a PDF (viewers skip it); further in, or after markup, it is not", async () => {
    const { sniffType } = await import("../../src/lib/upload-content.ts");
    expect(await sniffType(sampleFiles.pdf(), accept)).toBe("application/pdf");
    expect(await sniffType(concat(enc("From: scanner@office\r\n\r\n"), sampleFiles.pdf()), accept)).toBe("application/pdf");
    expect(await sniffType(concat(new Uint8Array(1000).fill(0x20), sampleFiles.pdf()), accept)).toBe("application/pdf");
    expect(await sniffType(concat(new Uint8Array(1100).fill(0x20), sampleFiles.pdf()), accept)).toBeNull();
    expect(await sniffType(concat(enc("<html><body>hi</body></html>\n"), sampleFiles.pdf()), accept)).toBeNull();
    expect(await sniffType(sampleFiles.pdf(), ["image/png"])).toBeNull();
    expect(await sniffType(sampleFiles.jpeg(), accept)).toBe("image/jpeg");
  });
});
