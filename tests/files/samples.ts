// Small but REAL files for tests that need an upload to pass the document checks: a PDF pdf.js
// opens (with the page count asked for), and a JPEG and PNG that decode and are large enough
// for the standard minimum photo size. Made once per test process.
import * as jpeg from "jpeg-js";
import { deflateSync } from "node:zlib";

/**
 * A valid PDF of `pages` empty A4 pages, with a correct cross-reference table. `comment` is put on
 * the line after the header (a marker a test looks for); `padding` goes into an unused stream
 * object, to make a file of a given size or with unique bytes.
 */
export function realPdf(pages = 1, options: { comment?: string; padding?: Uint8Array } = {}): Uint8Array<ArrayBuffer> {
  const enc = (text: string) => new TextEncoder().encode(text);
  const objects: Uint8Array[] = [];
  const kids = Array.from({ length: pages }, (_, i) => `${3 + i} 0 R`).join(" ");
  objects.push(enc("<< /Type /Catalog /Pages 2 0 R >>"));
  objects.push(enc(`<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`));
  for (let i = 0; i < pages; i++) objects.push(enc("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>"));
  if (options.padding) objects.push(concat([enc(`<< /Length ${options.padding.length} >>\nstream\n`), options.padding, enc("\nendstream")]));
  const parts: Uint8Array[] = [enc(`%PDF-1.4\n${options.comment ? `% ${options.comment}\n` : ""}`)];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(length);
    const part = concat([enc(`${i + 1} 0 obj\n`), object, enc("\nendobj\n")]);
    parts.push(part);
    length += part.length;
  });
  let tail = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  tail += offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("");
  tail += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`;
  parts.push(enc(tail));
  return concat(parts);
}

function concat(parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

const cache = new Map<string, Uint8Array<ArrayBuffer>>();
const once = (key: string, make: () => Uint8Array<ArrayBuffer>) => {
  if (!cache.has(key)) cache.set(key, make());
  return cache.get(key)!.slice();
};

/** A grey JPEG of width x height (default: the standard minimum for a legible A4 page). */
export function realJpeg(width = 800, height = 1100): Uint8Array<ArrayBuffer> {
  return once(`jpeg-${width}x${height}`, () => {
    const data = new Uint8Array(width * height * 4).fill(200);
    return new Uint8Array(jpeg.encode({ width, height, data }, 80).data);
  });
}

/** A grey PNG of width x height, with correct chunk checksums. */
export function realPng(width = 800, height = 1100): Uint8Array<ArrayBuffer> {
  return once(`png-${width}x${height}`, () => {
    const chunk = (type: string, data: Uint8Array) => {
      const out = new Uint8Array(12 + data.length);
      const view = new DataView(out.buffer);
      view.setUint32(0, data.length);
      out.set(new TextEncoder().encode(type), 4);
      out.set(data, 8);
      view.setUint32(8 + data.length, Bun.hash.crc32(out.subarray(4, 8 + data.length)));
      return out;
    };
    const header = new Uint8Array(13);
    const hv = new DataView(header.buffer);
    hv.setUint32(0, width);
    hv.setUint32(4, height);
    header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
    const raw = new Uint8Array(height * (1 + width * 3)).fill(200);
    for (let y = 0; y < height; y++) raw[y * (1 + width * 3)] = 0; // filter byte: none
    return concat([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", header), chunk("IDAT", deflateSync(raw)), chunk("IEND", new Uint8Array())]);
  });
}

/** A real one-page PDF of exactly `size` bytes, padded with `fill` (default: random bytes). */
export function realPdfOfSize(size: number, fill?: number): Uint8Array<ArrayBuffer> {
  const pad = (n: number) => {
    const bytes = new Uint8Array(Math.max(0, n));
    if (fill !== undefined) bytes.fill(fill);
    else for (let i = 0; i < bytes.length; i += 65536) crypto.getRandomValues(bytes.subarray(i, Math.min(bytes.length, i + 65536)));
    return bytes;
  };
  // The padding's length is written into the file, so a couple of rounds settle the total.
  let padding = size - realPdf(1, { padding: pad(0) }).length;
  for (let round = 0; round < 4; round++) {
    const made = realPdf(1, { padding: pad(padding) });
    if (made.length === size) return made;
    padding += size - made.length;
  }
  throw new Error(`cannot make a PDF of exactly ${size} bytes`);
}
