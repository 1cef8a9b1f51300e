// Photos made fit for a broker's archive before they are stored: upright (the EXIF orientation
// applied to the pixels, so every viewer shows what the phone showed), without location or other
// camera metadata (a customer's home coordinates have no place there), and iPhone HEIC/HEIF
// converted to JPEG. Pure JavaScript/WASM only (jpeg-js, heic-convert's libheif build): a native
// image library could not go into the compiled executable.
//
// A JPEG that needs no turning keeps its pixels: only its metadata segments are cut out, so it is
// not re-compressed. One that must be turned is decoded, turned and encoded once (quality 92).
import * as jpeg from "jpeg-js";
import { MAX_IMAGE_MEGAPIXELS } from "../../shared/acceptance-rules.ts";
import { ImageTooLarge, ImageUnreadable } from "./image-errors.ts";

export interface PreparedImage {
  bytes: Uint8Array;
  mimeType: "image/jpeg" | "image/png";
  /** As shown (after turning). */
  width: number;
  height: number;
  /** What was done, for the broker's record of checks. */
  orientationApplied: boolean;
  metadataRemoved: boolean;
  locationRemoved: boolean;
  convertedFrom: string | null;
}

const MAX_MEGAPIXELS = MAX_IMAGE_MEGAPIXELS;
const tooLarge = (width: number, height: number) => width * height > MAX_MEGAPIXELS * 1_000_000;
const JPEG_QUALITY = 92;

async function prepareImage(bytes: Uint8Array, mimeType: string): Promise<PreparedImage> {
  if (mimeType === "image/heic" || mimeType === "image/heif") return fromHeic(bytes, mimeType);
  if (mimeType === "image/jpeg") return prepareJpeg(bytes, null);
  if (mimeType === "image/png") return preparePng(bytes);
  throw new ImageUnreadable(`Not an image type we read: ${mimeType}`);
}

async function fromHeic(bytes: Uint8Array, mimeType: string): Promise<PreparedImage> {
  const declared = heifSize(bytes);
  if (declared && tooLarge(declared.width, declared.height)) throw new ImageTooLarge(declared.width, declared.height);
  let converted: ArrayBuffer;
  try {
    // libheif applies the HEIF rotation/mirror properties while decoding; the JPEG written
    // carries no metadata at all.
    // Loaded on the first HEIC only: libheif's WASM build is large.
    const { default: heicConvert } = await import("heic-convert");
    converted = await heicConvert({ buffer: bytes, format: "JPEG", quality: JPEG_QUALITY / 100 });
  } catch (error) {
    throw new ImageUnreadable(`HEIC could not be decoded: ${(error as Error).message ?? error}`);
  }
  const jpegBytes = new Uint8Array(converted);
  const size = jpegSize(jpegBytes);
  return {
    bytes: jpegBytes,
    mimeType: "image/jpeg",
    width: size.width,
    height: size.height,
    orientationApplied: false,
    metadataRemoved: true,
    locationRemoved: heifHasLocation(bytes),
    convertedFrom: mimeType,
  };
}

// ---------- JPEG ----------

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

function jpegSize(bytes: Uint8Array): { width: number; height: number } {
  const { segments } = jpegSegments(bytes);
  // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC).
  const sof = segments.find((s) => s.marker >= 0xc0 && s.marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(s.marker));
  if (!sof) throw new ImageUnreadable("JPEG has no frame header");
  const height = (bytes[sof.start + 5]! << 8) | bytes[sof.start + 6]!;
  const width = (bytes[sof.start + 7]! << 8) | bytes[sof.start + 8]!;
  if (!width || !height) throw new ImageUnreadable("JPEG has no size");
  return { width, height };
}

const startsWith = (bytes: Uint8Array, at: number, text: string) =>
  [...text].every((ch, i) => bytes[at + i] === ch.charCodeAt(0));

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

function prepareJpeg(bytes: Uint8Array, convertedFrom: string | null): PreparedImage {
  const { segments, scanStart } = jpegSegments(bytes);
  assertJpegComplete(bytes, scanStart);
  const exif = readExif(bytes, segments);
  const metadata = segments.filter((s) => isMetadata(s));
  const size = jpegSize(bytes);
  const facts = { metadataRemoved: metadata.length > 0, locationRemoved: exif.hasLocation, convertedFrom };
  if (exif.orientation !== 1) {
    if (tooLarge(size.width, size.height)) throw new ImageTooLarge(size.width, size.height);
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

// ---------- PNG ----------

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** Chunks that carry EXIF (and so possibly GPS) or free text such as XMP. */
const PNG_METADATA: ReadonlySet<string> = new Set(["eXIf", "tEXt", "zTXt", "iTXt", "tIME"]);

function preparePng(bytes: Uint8Array): PreparedImage {
  if (!PNG_SIGNATURE.every((b, i) => bytes[i] === b)) throw new ImageUnreadable("Not a PNG");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const kept: Uint8Array[] = [bytes.subarray(0, 8)];
  let width = 0;
  let height = 0;
  let removed = false;
  let location = false;
  let at = 8;
  let ended = false;
  while (at + 12 <= bytes.length) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    const end = at + 12 + length;
    if (end > bytes.length) throw new ImageUnreadable("Damaged PNG");
    if (type === "IHDR") {
      width = view.getUint32(at + 8);
      height = view.getUint32(at + 12);
    }
    if (PNG_METADATA.has(type)) {
      removed = true;
      if (type === "eXIf" || type === "iTXt") location ||= /GPS/.test(new TextDecoder("latin1").decode(bytes.subarray(at + 8, end - 4)));
    } else {
      kept.push(bytes.subarray(at, end));
    }
    at = end;
    if (type === "IEND") {
      ended = true;
      break;
    }
  }
  if (!width || !height) throw new ImageUnreadable("PNG has no size");
  // Cut off between two chunks, a PNG still reads as whole up to there.
  if (!ended) throw new ImageUnreadable("PNG is cut off: it has no end");
  return {
    bytes: removed ? concat(kept) : bytes,
    mimeType: "image/png",
    width,
    height,
    orientationApplied: false,
    metadataRemoved: removed,
    locationRemoved: location,
    convertedFrom: null,
  };
}

// ---------- HEIF ----------

/** The largest image size the file declares (its "ispe" properties: the full image of a grid, too). */
function heifSize(bytes: Uint8Array): { width: number; height: number } | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let best: { width: number; height: number } | null = null;
  for (let at = indexOf(bytes, "ispe"); at >= 0 && at + 16 <= bytes.length; at = indexOfFrom(bytes, "ispe", at + 4)) {
    const width = view.getUint32(at + 8);
    const height = view.getUint32(at + 12);
    if (!best || width * height > best.width * best.height) best = { width, height };
  }
  return best;
}

/** Whether the HEIF container holds an Exif item with a GPS directory (a byte search is enough to report it). */
function heifHasLocation(bytes: Uint8Array): boolean {
  const exifAt = indexOf(bytes, "Exif\0\0");
  if (exifAt < 0) return false;
  const tiff = exifAt + 6;
  const little = bytes[tiff] === 0x49;
  const tag = little ? [0x25, 0x88] : [0x88, 0x25];
  // The GPS pointer sits in IFD0, within the first few hundred bytes of the TIFF block.
  for (let at = tiff + 8; at < Math.min(bytes.length - 1, tiff + 1024); at++) {
    if (bytes[at] === tag[0] && bytes[at + 1] === tag[1]) return true;
  }
  return false;
}

function indexOf(bytes: Uint8Array, text: string): number {
  return indexOfFrom(bytes, text, 0);
}

function indexOfFrom(bytes: Uint8Array, text: string, from: number): number {
  const first = text.charCodeAt(0);
  for (let at = bytes.indexOf(first, from); at >= 0 && at < bytes.length; at = bytes.indexOf(first, at + 1)) {
    if (startsWith(bytes, at, text)) return at;
  }
  return -1;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** What a prepared image file is now: as prepareImage says, its bytes in the file. */
export type PreparedImageFile = Omit<PreparedImage, "bytes"> & { size: number };

/** prepareImage on the file at `path`, which is rewritten with the prepared image when it changed. */
export async function prepareImageFile(path: string, mimeType: string): Promise<PreparedImageFile> {
  const bytes = new Uint8Array(await Bun.file(path).arrayBuffer());
  const { bytes: prepared, ...image } = await prepareImage(bytes, mimeType);
  if (prepared !== bytes) await Bun.write(path, prepared);
  return { ...image, size: prepared.length };
}
