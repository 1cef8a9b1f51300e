// Every file of the real-file corpus (tests/files/corpus: PDFs from pdf.js's and qpdf's test
// suites, EXIF and HEIC samples) uploaded through the portal, each with the outcome a customer
// must get: accepted with what was found, or refused naming the rule and leaving nothing behind.
import { beforeAll, describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import * as jpeg from "jpeg-js";
import { applyOrientation } from "../../src/features/document-checks/image-jpeg.ts";
import { createCustomer, uploadFile } from "../support/fixtures.ts";
import { storedKeys } from "../support/stored-files.ts";
import { useTestServer, type Broker } from "../support/server.ts";
import { row, statement } from "../support/sql.ts";

// Photos need at least 400 x 400 pixels here, so the 600 x 450 EXIF samples can be checked for
// orientation; the standard (legible A4) minimum is tested with the small camera JPEG below.
const srv = useTestServer({ MIN_IMAGE_PIXELS: "400x400" });
let broker: Broker;
beforeAll(async () => {
  broker = await srv.signUpBroker();
});

const corpus = join(import.meta.dir, "..", "files", "corpus");
const read = (name: string) => new Uint8Array(readFileSync(name.includes("/") ? name : join(corpus, name)));

type Expected =
  | { accepted: "application/pdf"; pages: number; restricted?: boolean }
  | { accepted: "image/jpeg" | "image/png"; width: number; height: number; turned?: boolean; locationRemoved?: boolean; convertedFrom?: string }
  | { refused: number; says: RegExp };

const PASSWORD = /protected with a password.*copy without a password/;
const UNREADABLE = /cannot be opened as a PDF.*send the new PDF/;

const CASES: Record<string, Expected> = {
  "pdfjs--alphatrans.pdf": { accepted: "application/pdf", pages: 1 },
  "pdfjs--helloworld-bad.pdf": { accepted: "application/pdf", pages: 1 },
  "pdfjs--xref_command_missing.pdf": { accepted: "application/pdf", pages: 1 },
  // Real producers' layouts, also sealed by tests/api/signatures-seal.test.ts.
  "pdfjs--issue16278.pdf": { accepted: "application/pdf", pages: 1 },
  "pdfjs--pr20043.pdf": { accepted: "application/pdf", pages: 1 },
  "pdfjs--sizes.pdf": { accepted: "application/pdf", pages: 3 },
  "pdfjs--form_two_pages.pdf": { accepted: "application/pdf", pages: 2 },
  "pdfjs--signed_verified.pdf": { accepted: "application/pdf", pages: 1 },
  "qpdf--leading-junk.pdf": { accepted: "application/pdf", pages: 30, restricted: true },
  "qpdf--bad-xref.pdf": { accepted: "application/pdf", pages: 1 },
  "qpdf--global_damaged.pdf": { accepted: "application/pdf", pages: 1 },
  "qpdf--V4-aes.pdf": { accepted: "application/pdf", pages: 30, restricted: true },
  "qpdf--enc-XI-R6_V5_O_master.pdf": { accepted: "application/pdf", pages: 30, restricted: true },
  "pdfjs--pr6531_1.pdf": { refused: 400, says: PASSWORD },
  "pdfjs--issue3371.pdf": { refused: 400, says: PASSWORD },
  "qpdf--encrypted-40-bit-R3.pdf": { refused: 400, says: PASSWORD },
  "qpdf--bad7.pdf": { refused: 400, says: UNREADABLE },
  "qpdf--bad18.pdf": { refused: 400, says: UNREADABLE },
  "exif-samples--jpg_orientation_landscape_1.jpg": { accepted: "image/jpeg", width: 600, height: 450 },
  "exif-samples--jpg_orientation_landscape_6.jpg": { accepted: "image/jpeg", width: 600, height: 450, turned: true },
  "exif-samples--jpg_orientation_portrait_1.jpg": { accepted: "image/jpeg", width: 450, height: 600 },
  "exif-samples--jpg_orientation_portrait_3.jpg": { accepted: "image/jpeg", width: 450, height: 600, turned: true },
  "exif-samples--jpg_orientation_portrait_8.jpg": { accepted: "image/jpeg", width: 450, height: 600, turned: true },
  "exif-samples--jpg_gps_DSCN0010.jpg": { accepted: "image/jpeg", width: 640, height: 480, locationRemoved: true },
  "exif-samples--heic_IMG_5195.HEIC": { accepted: "image/jpeg", width: 2566, height: 3313, convertedFrom: "image/heic" },
  "exif-samples--heic_samplefilehub.heif": { accepted: "image/jpeg", width: 640, height: 426, convertedFrom: "image/heic" },
  "tests/hostile/files/Canon_40D.jpg": { refused: 400, says: /100 × 68 pixels, too small to read.*at least 400 × 400.*scan or PDF instead/ },
};

const q = async (text: string, ...args: unknown[]) => (await row<any>(srv.server.ctx.db, statement(text, ...args))) ?? null;
const tempFiles = () => readdirSync(srv.server.ctx.files.tempDir);
const storedCount = async () => (await storedKeys(srv)).length;

async function stored(documentId: string): Promise<Uint8Array> {
  const res = await fetch(`${srv.url}/api/documents/${documentId}/download`, { headers: { authorization: `Bearer ${broker.token}` } });
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}

const hasExif = (bytes: Uint8Array) => Buffer.from(bytes.subarray(0, 64 * 1024)).includes("Exif\0\0");

type Pixels = { width: number; height: number; data: Uint8Array };
const pixels = (image: Uint8Array | Pixels): Pixels => (image instanceof Uint8Array ? jpeg.decode(image, { useTArray: true }) : image);

/** Mean difference per channel between two same-sized images (0 identical, 255 opposite). */
function difference(a: Uint8Array | Pixels, b: Uint8Array | Pixels): number {
  const x = pixels(a);
  const y = pixels(b);
  expect([x.width, x.height]).toEqual([y.width, y.height]);
  let sum = 0;
  for (let i = 0; i < x.data.length; i++) sum += Math.abs(x.data[i]! - y.data[i]!);
  return sum / x.data.length;
}

describe("the real-file corpus", () => {
  test("the table covers every corpus file", () => {
    const inTable = new Set(Object.keys(CASES).filter((k) => !k.includes("/")));
    expect(readdirSync(corpus).filter((f) => f !== "README.md").sort()).toEqual([...inTable].sort());
  });

  for (const [file, expected] of Object.entries(CASES)) {
    test(`${file}: ${"refused" in expected ? `refused (${expected.says.source.slice(0, 40)})` : `accepted as ${expected.accepted}`}`, async () => {
      const c = await createCustomer(srv, broker.token);
      const documentId = c.documents[0]!.id;
      const bytes = read(file);
      const storedBefore = await storedCount();
      const res = await uploadFile(srv, c.uploadLink, documentId, { bytes, name: file.split("/").pop(), type: "application/octet-stream" });
      const row = await q("select status, mime_type, page_count, check_report, original_name from documents where id = ?", documentId);
      expect(tempFiles()).toEqual([]);
      if ("refused" in expected) {
        expect(res.status, JSON.stringify(res.body)).toBe(expected.refused);
        expect(res.body.message).toMatch(expected.says);
        expect(row).toMatchObject({ status: "requested", mime_type: null, page_count: null });
        expect(await storedCount()).toBe(storedBefore);
        return;
      }
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const report = JSON.parse(row.check_report);
      expect(row.status).toBe("uploaded");
      expect(row.mime_type).toBe(expected.accepted);
      if (expected.accepted === "application/pdf") {
        expect(row.page_count).toBe(expected.pages);
        expect(report).toMatchObject({ kind: "pdf", pageCount: expected.pages, restricted: expected.restricted ?? false });
        expect(Buffer.from(await stored(documentId)).equals(Buffer.from(bytes))).toBe(true); // PDFs are stored as sent
        return;
      }
      expect(report).toMatchObject({
        kind: "image",
        width: expected.width,
        height: expected.height,
        orientationApplied: expected.turned ?? false,
        locationRemoved: expected.locationRemoved ?? false,
        convertedFrom: expected.convertedFrom ?? null,
      });
      const out = await stored(documentId);
      const decoded = jpeg.decode(out, { useTArray: true, maxResolutionInMP: 50, maxMemoryUsageInMB: 1024 });
      expect([decoded.width, decoded.height]).toEqual([expected.width, expected.height]);
      expect(hasExif(out)).toBe(false);
      if (expected.convertedFrom) expect(row.original_name).toMatch(/\.jpg$/);
    }, 60_000); // an 8-megapixel HEIC takes seconds to decode in WASM on a busy machine
  }

  test("a turned photo looks like the upright original; left unturned it would not", async () => {
    for (const [turnedName, uprightName] of [
      ["landscape_6", "landscape_1"],
      ["portrait_3", "portrait_1"],
      ["portrait_8", "portrait_1"],
    ]) {
      const c = await createCustomer(srv, broker.token);
      const [a, b] = c.documents;
      const turnedFile = read(`exif-samples--jpg_orientation_${turnedName}.jpg`);
      expect((await uploadFile(srv, c.uploadLink, a!.id, { bytes: turnedFile, name: "a.jpg", type: "image/jpeg" })).status).toBe(200);
      expect((await uploadFile(srv, c.uploadLink, b!.id, { bytes: read(`exif-samples--jpg_orientation_${uprightName}.jpg`), name: "b.jpg", type: "image/jpeg" })).status).toBe(200);
      const turned = jpeg.decode(await stored(a!.id), { useTArray: true });
      const upright = jpeg.decode(await stored(b!.id), { useTArray: true });
      // The samples were re-encoded by their author, so "the same" is a small difference; any
      // other turn of the same photo (here: half a turn more) is far off.
      expect(difference(turned, upright), `${turnedName} against ${uprightName}`).toBeLessThan(16);
      expect(difference(applyOrientation(turned, 3), upright), `${turnedName} turned wrong`).toBeGreaterThan(30);
    }
  });

  test("a PDF without a %PDF- header that pdf.js (Firefox) opens is accepted; text posing as one is still refused", async () => {
    const c = await createCustomer(srv, broker.token, { email: "headerless@example.com", requiredDocuments: [{ name: "Statement" }, { name: "Notes" }] });
    const [a, b] = c.documents;
    // qpdf's test file with everything before its first object taken off (its junk and its
    // "%PDF-1.3" header): it starts at "1 0 obj", and pdf.js still opens it, all 30 pages.
    const original = Buffer.from(read("qpdf--leading-junk.pdf"));
    const headerless = new Uint8Array(original.subarray(original.toString("latin1").search(/\d+ 0 obj/)));
    expect(Buffer.from(headerless).includes("%PDF-")).toBe(false);
    const res = await uploadFile(srv, c.uploadLink, a!.id, { bytes: headerless, name: "statement.pdf", type: "application/pdf" });
    expect(res.status).toBe(200);
    expect((await q("select mime_type, page_count from documents where id = ?", a!.id))).toEqual({ mime_type: "application/pdf", page_count: 30 });
    // Plain text that only looks like the start of one: pdf.js cannot open it, so it is refused.
    const fake = new TextEncoder().encode("1 0 obj\nnot really a PDF at all\n");
    const refused = await uploadFile(srv, c.uploadLink, b!.id, { bytes: fake, name: "notes.pdf", type: "application/pdf" });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(UNREADABLE);
    // And text without objects is refused for its type, as before.
    const text = await uploadFile(srv, c.uploadLink, b!.id, { bytes: new TextEncoder().encode("hello, broker"), name: "notes.pdf", type: "application/pdf" });
    expect(text).toMatchObject({ status: 415, body: { message: "Only PDF, JPG, PNG and HEIC files can be uploaded." } });
    expect(tempFiles()).toEqual([]);
  });

  test("an image that declares more than 50 megapixels is refused before it is decoded", async () => {
    const c = await createCustomer(srv, broker.token);
    const [a, b] = c.documents;
    // A turned JPEG whose frame header claims 10000 x 10000 pixels.
    const jpegBomb = read("exif-samples--jpg_orientation_landscape_6.jpg");
    const sof = Buffer.from(jpegBomb).indexOf(Buffer.from([0xff, 0xc0]));
    jpegBomb.set([0x27, 0x10, 0x27, 0x10], sof + 5);
    const res = await uploadFile(srv, c.uploadLink, a!.id, { bytes: jpegBomb, name: "big.jpg", type: "image/jpeg" });
    expect(res).toMatchObject({ status: 400, body: { message: "This image is 10000 × 10000 pixels, more than we can process (at most 50 megapixels). Please send a smaller photo or a PDF." } });
    // A HEIC whose image properties claim the same.
    const heicBomb = read("exif-samples--heic_samplefilehub.heif");
    const ispe = Buffer.from(heicBomb).indexOf("ispe");
    heicBomb.set([0, 0, 0x27, 0x10, 0, 0, 0x27, 0x10], ispe + 8);
    const heic = await uploadFile(srv, c.uploadLink, b!.id, { bytes: heicBomb, name: "big.heic", type: "image/heic" });
    expect(heic.status).toBe(400);
    expect(heic.body.message).toContain("10000 × 10000 pixels, more than we can process");
    expect(tempFiles()).toEqual([]);
  });

  test("an upright JPEG and a PNG that declare too many pixels are refused too (both are stored as sent and shown inline)", async () => {
    const c = await createCustomer(srv, broker.token, { email: "bombs@example.com", requiredDocuments: [{ name: "Photo ID" }, { name: "Utility bill" }] });
    const [a, b] = c.documents;
    // Upright (orientation 1): never decoded by the portal, so the size was not looked at.
    const jpegBomb = read("exif-samples--jpg_orientation_landscape_1.jpg");
    const sof = Buffer.from(jpegBomb).indexOf(Buffer.from([0xff, 0xc0]));
    jpegBomb.set([0xfd, 0xe8, 0xfd, 0xe8], sof + 5); // 65000 × 65000
    const jpegRes = await uploadFile(srv, c.uploadLink, a!.id, { bytes: jpegBomb, name: "big.jpg", type: "image/jpeg" });
    expect(jpegRes).toMatchObject({ status: 400, body: { message: "This image is 65000 × 65000 pixels, more than we can process (at most 50 megapixels). Please send a smaller photo or a PDF." } });
    // A real PNG whose header says 30000 × 30000 (the CRC made right, as a bomb's maker would).
    const png = pngDeclaring(30000, 30000);
    const pngRes = await uploadFile(srv, c.uploadLink, b!.id, { bytes: png, name: "big.png", type: "image/png" });
    expect(pngRes).toMatchObject({ status: 400, body: { message: "This image is 30000 × 30000 pixels, more than we can process (at most 50 megapixels). Please send a smaller photo or a PDF." } });
    const docs = (await srv.call(`/api/customer/${c.id}/documents`, { token: broker.token })).body;
    expect(docs.map((d: { status: string }) => d.status)).toEqual(["requested", "requested"]);
    expect(tempFiles()).toEqual([]);
  });

  test("a photo cut off on its way (its header whole) is refused; bytes after a whole photo's end are kept", async () => {
    const c = await createCustomer(srv, broker.token, { email: "cut-off@example.com", requiredDocuments: ["Photo ID", "Payslip", "Utility bill", "Passport"].map((name) => ({ name })) });
    const docs = c.documents;
    const IMAGE_UNREADABLE = "This image cannot be read: it is damaged or not a real photo. Please take the photo again or send a PDF.";
    const upright = read("exif-samples--jpg_orientation_landscape_1.jpg"); // stored as sent: never decoded
    const turned = read("exif-samples--jpg_orientation_landscape_6.jpg"); // decoded to be turned upright
    const png = read("tests/hostile/files/basn6a08.png");
    const pngEnd = Buffer.from(png).lastIndexOf("IEND") - 4; // the start of the last chunk
    const attempts = [
      { name: "upright.jpg", bytes: upright.slice(0, Math.floor(upright.length * 0.6)) },
      { name: "turned.jpg", bytes: turned.slice(0, Math.floor(turned.length * 0.6)) },
      { name: "picture.png", bytes: png.slice(0, pngEnd) },
    ];
    for (const [i, { name, bytes }] of attempts.entries()) {
      const res = await uploadFile(srv, c.uploadLink, docs[i]!.id, { bytes, name, type: "application/octet-stream" });
      expect(res, name).toMatchObject({ status: 400, body: { message: IMAGE_UNREADABLE } });
    }
    expect(tempFiles()).toEqual([]);
    expect(await q("select count(*) as n from documents where customer_id = ? and status <> 'requested'", c.id)).toEqual({ n: 0 });
    // A phone's motion photo carries its video after the picture's end: the picture is whole.
    const withTrailer = new Uint8Array([...upright, ...new TextEncoder().encode("....ftypmp42 a short video")]);
    const res = await uploadFile(srv, c.uploadLink, docs[3]!.id, { bytes: withTrailer, name: "motion.jpg", type: "image/jpeg" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  test("the GPS sample's stored copy has no EXIF block and no GPS tag, and its pixels are untouched", async () => {
    const c = await createCustomer(srv, broker.token);
    const original = read("exif-samples--jpg_gps_DSCN0010.jpg");
    expect(hasExif(original)).toBe(true);
    await uploadFile(srv, c.uploadLink, c.documents[0]!.id, { bytes: original, name: "house.jpg", type: "image/jpeg" });
    const out = await stored(c.documents[0]!.id);
    expect(hasExif(out)).toBe(false);
    expect(Buffer.from(out).includes("GPS")).toBe(false);
    expect(difference(out, original)).toBe(0); // metadata cut out, image data kept byte for byte
  });
});

/** A whole, valid PNG (one grey pixel row per line, zlib-compressed zeros) whose IHDR declares width × height. */
function pngDeclaring(width: number, height: number): Uint8Array<ArrayBuffer> {
  const chunk = (type: string, data: Uint8Array) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), Buffer.from(data)]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const idat = Bun.deflateSync(new Uint8Array(64 * 1024)); // far less than the declared size: a bomb
  const zlib = Buffer.concat([Buffer.from([0x78, 0x9c]), Buffer.from(idat), Buffer.alloc(4)]);
  return Uint8Array.from(Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", ihdr), chunk("IDAT", zlib), chunk("IEND", new Uint8Array())]));
}

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}
