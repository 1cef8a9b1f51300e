// PNG images: metadata chunks (EXIF, text, time) cut out, the pixels untouched; a PNG cut off
// on its way is refused.
import { ImageTooLarge, ImageUnreadable } from "./image-errors.ts";
import { concat, tooLarge, type PreparedImage } from "./prepared-image.ts";

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** Chunks that carry EXIF (and so possibly GPS) or free text such as XMP. */
const PNG_METADATA: ReadonlySet<string> = new Set(["eXIf", "tEXt", "zTXt", "iTXt", "tIME"]);

export function preparePng(bytes: Uint8Array): PreparedImage {
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
  // A PNG is stored as sent and shown inline, so its declared size is the bomb (30000 × 30000 in
  // 109 KB of zeros): checked although the portal never decodes it itself.
  if (tooLarge(width, height)) throw new ImageTooLarge(width, height);
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
