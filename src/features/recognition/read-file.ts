// A stored file's text: a PDF through pdf-text.ts, a photo (JPEG or PNG; an iPhone's HEIC was
// converted to JPEG by the document checks before it was stored) through OCR.
import { ocrImage } from "./ocr.ts";
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
  const { text } = await ocrImage(bytes);
  return { text, pages: 1, ocrPages: 1, cut: false };
}
