// A stored file's text: a PDF through pdf-text.ts, a photo (JPEG or PNG; an iPhone's HEIC was
// converted to JPEG by the document checks before it was stored) through OCR.
import { ocrImage } from "./ocr.ts";
import { MAX_OCR_SIDE, pgm } from "./pixels.ts";
import { shrunkJpegGrey } from "./jpeg-grey.ts";
import { readPdfText, type ReadText } from "./pdf-text.ts";
import { imageSize } from "./image-size.ts";

/** A larger photo is not read: the OCR engine would hold 4 bytes a pixel of it. */
export const MAX_OCR_MEGAPIXELS = 24;

const nothing = (pages: number): ReadText => ({ text: "", pages, ocrPages: 0, cut: true });

/** The text of the file at `path`; `deadline` (a Date.now() value) stops a long read between pages. */
export async function readFileText(path: string, mimeType: string, deadline: number): Promise<ReadText> {
  if (mimeType === "application/pdf") return readPdfText(path, deadline);
  if (mimeType !== "image/jpeg" && mimeType !== "image/png") return nothing(0);
  const bytes = new Uint8Array(await Bun.file(path).arrayBuffer());
  const size = imageSize(bytes);
  if (!size || size.width * size.height > MAX_OCR_MEGAPIXELS * 1_000_000) return nothing(1);
  const { text } = await ocrImage(ocrInput(bytes, mimeType, size));
  return { text, pages: 1, ocrPages: 1, cut: false };
}

/** The picture as the OCR engine gets it: a JPEG larger than MAX_OCR_SIDE shrunk, else as stored. */
export function ocrInput(bytes: Uint8Array, mimeType: string, size: { width: number; height: number }): Uint8Array {
  return mimeType === "image/jpeg" && Math.max(size.width, size.height) > MAX_OCR_SIDE ? shrunkJpeg(bytes) : bytes;
}

/**
 * A large JPEG (a phone's 12 MP photo, a 300 dpi scan) decoded here and shrunk to MAX_OCR_SIDE
 * before OCR: it reads print as well at 150 dpi, in less time (pixels.ts; decoding and shrinking
 * a dense 8.4 MP letter-size form costs 0.3 s more, jpeg-grey.ts). A PNG goes to the engine as it
 * is (no PNG decoder here; screenshots are small).
 */
function shrunkJpeg(bytes: Uint8Array): Uint8Array {
  const small = shrunkJpegGrey(bytes);
  return pgm(small.grey, small.width, small.height);
}
