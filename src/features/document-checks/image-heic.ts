// iPhone HEIC/HEIF photos, converted to a JPEG without metadata by heic-convert (libheif's WASM
// build, loaded on the first HEIC only). The declared size is checked before decoding.
import { ImageTooLarge, ImageUnreadable } from "./image-errors.ts";
import { jpegSize } from "./image-jpeg.ts";
import { JPEG_QUALITY, startsWith, tooLarge, type PreparedImage } from "./prepared-image.ts";

export async function fromHeic(bytes: Uint8Array, mimeType: string): Promise<PreparedImage> {
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
