// JPEG photos: upright and without metadata. A JPEG that needs no turning keeps its pixels: only
// its metadata segments are cut out, so it is not re-compressed. One that must be turned is
// decoded, turned and encoded once (quality 92). A photo cut off on its way is refused.
import * as jpeg from "jpeg-js";
import { ImageTooLarge, ImageUnreadable } from "./image-errors.ts";
import { concat, JPEG_QUALITY, MAX_MEGAPIXELS, startsWith, tooLarge, type PreparedImage } from "./prepared-image.ts";

interface Segment {
  marker: number;
  start: number;
  end: number; // exclusive, including the marker and length bytes
}

/** The header segments up to the start of scan; the rest (image data) is kept as it is. */
function jpegSegments(bytes: Uint8Array): { segments: Segment[]; scanStart: number } {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) throw new ImageUnreadable("Not a JPEG");
  const segments: Segment[] = [];
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) throw new ImageUnreadable("Damaged JPEG header");
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xda) return { segments, scanStart: at };
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    if (length < 2 || at + 2 + length > bytes.length) throw new ImageUnreadable("Damaged JPEG header");
    segments.push({ marker, start: at, end: at + 2 + length });
    at += 2 + length;
  }
  throw new ImageUnreadable("JPEG has no image data");
}

/**
 * Walks the image data from the first scan to the end-of-image marker. A photo cut off on its way
 * (a dropped connection, a half-synced file) keeps its header, and so its size, but has no end:
 * it would be stored and shown to the broker as grey. Anything after the end marker (the video
 * of a phone's motion photo, a second picture) is left alone.
 */
function assertJpegComplete(bytes: Uint8Array, scanStart: number): void {
  let at = scanStart; // at a marker: 0xFF and its code
  while (at + 1 < bytes.length && bytes[at] === 0xff) {
    const code = bytes[at + 1]!;
    if (code === 0xd9) return; // end of image
    if (code === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (at + 4 > bytes.length) break;
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    if (length < 2) break;
    at += 2 + length;
    if (code !== 0xda) continue; // a table between the scans of a progressive JPEG
    // The scan's coded data runs to the next 0xFF that is neither a stuffed data byte (FF 00) nor
    // a restart marker (FF D0-D7).
    for (;;) {
      at = bytes.indexOf(0xff, at);
      if (at < 0 || at + 1 >= bytes.length) return cutOff();
      const next = bytes[at + 1]!;
      if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) at += 2;
      else if (next === 0xff) at += 1;
      else break;
    }
  }
  cutOff();
}

function cutOff(): never {
  throw new ImageUnreadable("JPEG is cut off: its image data has no end");
}

export function jpegSize(bytes: Uint8Array): { width: number; height: number } {
  const { segments } = jpegSegments(bytes);
  // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC).
  const sof = segments.find((s) => s.marker >= 0xc0 && s.marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(s.marker));
  if (!sof) throw new ImageUnreadable("JPEG has no frame header");
  const height = (bytes[sof.start + 5]! << 8) | bytes[sof.start + 6]!;
  const width = (bytes[sof.start + 7]! << 8) | bytes[sof.start + 8]!;
  if (!width || !height) throw new ImageUnreadable("JPEG has no size");
  return { width, height };
}

/** APP1 "Exif", APP1 XMP, APP13 Photoshop/IPTC and comments can all carry a location. */
function isMetadata(s: Segment): boolean {
  return s.marker === 0xe1 || s.marker === 0xed || s.marker === 0xfe;
}

interface ExifFacts {
  orientation: number;
  hasLocation: boolean;
}

/** The orientation and whether a GPS directory is present, read from an APP1 Exif segment. */
function readExif(bytes: Uint8Array, segments: Segment[]): ExifFacts {
  const facts: ExifFacts = { orientation: 1, hasLocation: false };
  const app1 = segments.find((s) => s.marker === 0xe1 && startsWith(bytes, s.start + 4, "Exif\0\0"));
  if (!app1) return facts;
  const tiff = app1.start + 10;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const little = bytes[tiff] === 0x49;
  try {
    const ifd0 = tiff + view.getUint32(tiff + 4, little);
    const count = view.getUint16(ifd0, little);
    for (let i = 0; i < count; i++) {
      const entry = ifd0 + 2 + i * 12;
      if (entry + 12 > app1.end) break;
      const tag = view.getUint16(entry, little);
      if (tag === 0x0112) facts.orientation = view.getUint16(entry + 8, little);
      if (tag === 0x8825) facts.hasLocation = true;
    }
  } catch {
    // A broken EXIF block is dropped with the rest of the metadata; the pixels stay as they are.
  }
  if (facts.orientation < 1 || facts.orientation > 8) facts.orientation = 1;
  return facts;
}

export function prepareJpeg(bytes: Uint8Array, convertedFrom: string | null): PreparedImage {
  const { segments, scanStart } = jpegSegments(bytes);
  assertJpegComplete(bytes, scanStart);
  const exif = readExif(bytes, segments);
  const metadata = segments.filter((s) => isMetadata(s));
  const size = jpegSize(bytes);
  // Every JPEG, upright or not: one stored as sent is still decoded by the broker's browser and
  // by every later check (a 65000 × 65000 header in a few kilobytes unpacks to gigabytes).
  if (tooLarge(size.width, size.height)) throw new ImageTooLarge(size.width, size.height);
  const facts = { metadataRemoved: metadata.length > 0, locationRemoved: exif.hasLocation, convertedFrom };
  if (exif.orientation !== 1) {
    const turned = turnJpeg(bytes, exif.orientation);
    return { ...facts, ...turned, mimeType: "image/jpeg", orientationApplied: true, metadataRemoved: true };
  }
  if (metadata.length === 0) return { ...facts, bytes, mimeType: "image/jpeg", ...size, orientationApplied: false };
  const kept = [bytes.subarray(0, 2), ...segments.filter((s) => !isMetadata(s)).map((s) => bytes.subarray(s.start, s.end)), bytes.subarray(scanStart)];
  return { ...facts, bytes: concat(kept), mimeType: "image/jpeg", ...size, orientationApplied: false };
}

function turnJpeg(bytes: Uint8Array, orientation: number): { bytes: Uint8Array; width: number; height: number } {
  let decoded: { width: number; height: number; data: Uint8Array };
  try {
    decoded = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true, maxResolutionInMP: MAX_MEGAPIXELS, maxMemoryUsageInMB: MAX_MEGAPIXELS * 4 * 2 + 64 });
  } catch (error) {
    throw new ImageUnreadable(`JPEG could not be decoded: ${(error as Error).message}`);
  }
  const turned = applyOrientation(decoded, orientation);
  const encoded = jpeg.encode(turned, JPEG_QUALITY);
  return { bytes: new Uint8Array(encoded.data), width: turned.width, height: turned.height };
}

/**
 * The pixels as a viewer shows them under EXIF orientation 1-8: for each output pixel, the source
 * pixel it comes from (2 mirror, 3 half turn, 4 flip, 5 transpose, 6 quarter turn clockwise,
 * 7 transverse, 8 quarter turn anticlockwise).
 */
export function applyOrientation(image: { width: number; height: number; data: Uint8Array }, orientation: number) {
  const { width: w, height: h, data } = image;
  const swap = orientation >= 5;
  const outW = swap ? h : w;
  const outH = swap ? w : h;
  const out = new Uint8Array(outW * outH * 4);
  const source: (x: number, y: number) => [number, number] = (
    {
      2: (x, y) => [w - 1 - x, y],
      3: (x, y) => [w - 1 - x, h - 1 - y],
      4: (x, y) => [x, h - 1 - y],
      5: (x, y) => [y, x],
      6: (x, y) => [y, h - 1 - x],
      7: (x, y) => [w - 1 - y, h - 1 - x],
      8: (x, y) => [w - 1 - y, x],
    } as Record<number, (x: number, y: number) => [number, number]>
  )[orientation] ?? ((x, y) => [x, y]);
  for (let y = 0; y < outH; y++) {
    for (let x = 0; x < outW; x++) {
      const [sx, sy] = source(x, y);
      const from = (sy * w + sx) * 4;
      const to = (y * outW + x) * 4;
      out[to] = data[from]!;
      out[to + 1] = data[from + 1]!;
      out[to + 2] = data[from + 2]!;
      out[to + 3] = data[from + 3]!;
    }
  }
  return { width: outW, height: outH, data: out };
}
