// A PDF's text, page by page, through pdf.js (loaded as the document checks load it): the text
// layer where there is one, and where a page has none (a scan, a phone's "save as PDF"), the
// page's largest picture read by OCR. No canvas is needed: pdf.js hands the picture's pixels
// decoded, and a page that is a scan is that one picture.
//
// Bounded: the first MAX_TEXT_PAGES pages are read (what a document is shows on its first pages;
// a 10,000-page file costs no more than a 10-page one), at most MAX_OCR_PAGES of them by OCR,
// pictures over MAX_PICTURE_PIXELS are not decoded at all (pdf.js's maxImageSize), and reading
// stops at the deadline with what it has.
import { statSync } from "node:fs";
import { PARSE_ONLY, pdfjs } from "../document-checks/pdf.ts";
import { ocrImage } from "./ocr.ts";
import { pgm, shrinkGrey, toGrey, type RawImage } from "./pixels.ts";

export const MAX_TEXT_PAGES = 8;
export const MAX_OCR_PAGES = 2;
/** 40 megapixels: an A4 page scanned at 600 dpi is 35. */
const MAX_PICTURE_PIXELS = 40_000_000;
/** A page with fewer letters than this has no text layer worth the name. */
const MIN_PAGE_LETTERS = 40;

export interface ReadText {
  text: string;
  pages: number;
  /** Pages whose text came from OCR. */
  ocrPages: number;
  /** Reading stopped at the page cap or the deadline. */
  cut: boolean;
}

interface TextItem {
  str: string;
  transform: number[];
  width: number;
}

/** The items of a page as lines, top to bottom; a wide gap between two items stays wide. */
function linesOf(items: TextItem[]): string {
  const placed = items.filter((i) => i.str.trim()).map((i) => ({ x: i.transform[4]!, y: i.transform[5]!, end: i.transform[4]! + i.width, str: i.str }));
  placed.sort((a, b) => b.y - a.y || a.x - b.x);
  const lines: (typeof placed)[] = [];
  for (const item of placed) {
    const line = lines[lines.length - 1];
    if (line && Math.abs(line[0]!.y - item.y) <= 3) line.push(item);
    else lines.push([item]);
  }
  return lines
    .map((line) =>
      line
        .sort((a, b) => a.x - b.x)
        .map((item, i) => (i === 0 ? "" : item.x - line[i - 1]!.end > 12 ? "   " : " ") + item.str.trim())
        .join(""),
    )
    .join("\n");
}

const letters = (text: string) => text.replace(/[^A-Za-z]/g, "").length;

type PdfPage = Awaited<ReturnType<Awaited<ReturnType<Awaited<ReturnType<typeof pdfjs>>["getDocument"]>["promise"]>["getPage"]>>;

/** The page's largest picture, decoded by pdf.js, or null when it has none. */
async function largestPicture(page: PdfPage, paintImage: number): Promise<RawImage | null> {
  const ops = await page.getOperatorList();
  let best: { id: string; area: number } | null = null;
  for (let i = 0; i < ops.fnArray.length; i++) {
    if (ops.fnArray[i] !== paintImage) continue;
    const [id, width, height] = ops.argsArray[i] as [string, number, number];
    if (!best || width * height > best.area) best = { id, area: width * height };
  }
  if (!best) return null;
  const { id } = best;
  const store = id.startsWith("g_") ? page.commonObjs : page.objs;
  const image = await new Promise<unknown>((resolve, reject) => store.get(id, resolve, reject));
  const raw = image as Partial<RawImage> | null;
  return raw?.data && raw.width && raw.height && raw.kind ? (raw as RawImage) : null;
}

/** The text of the PDF at `path` (see the top of this file for the bounds). */
export async function readPdfText(path: string, deadline: number): Promise<ReadText> {
  // An empty file cannot be mapped (and holds no text).
  if (statSync(path).size === 0) return { text: "", pages: 0, ocrPages: 0, cut: false };
  const { getDocument, OPS } = await pdfjs();
  const task = getDocument({ data: Bun.mmap(path, { shared: false }), ...PARSE_ONLY, maxImageSize: MAX_PICTURE_PIXELS, isOffscreenCanvasSupported: false, isImageDecoderSupported: false });
  try {
    const doc = await task.promise;
    const last = Math.min(doc.numPages, MAX_TEXT_PAGES);
    const texts: string[] = [];
    let ocrPages = 0;
    let cut = doc.numPages > last;
    for (let n = 1; n <= last; n++) {
      if (Date.now() > deadline) {
        cut = true;
        break;
      }
      const page = await doc.getPage(n);
      let text = linesOf((await page.getTextContent()).items as TextItem[]);
      if (letters(text) < MIN_PAGE_LETTERS && ocrPages < MAX_OCR_PAGES) {
        const picture = await largestPicture(page, OPS.paintImageXObject);
        if (picture) {
          const small = shrinkGrey(toGrey(picture), picture.width, picture.height);
          text = (await ocrImage(pgm(small.grey, small.width, small.height))).text;
          ocrPages++;
        }
      }
      page.cleanup();
      texts.push(text);
    }
    return { text: texts.join("\n\f\n"), pages: doc.numPages, ocrPages, cut };
  } finally {
    await task.destroy().catch(() => {});
  }
}
