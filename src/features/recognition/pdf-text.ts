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
/** A picture drawn over this share of a page is what the customer sees of it (a scan fills it all). */
const PAGE_PICTURE_COVERAGE = 0.5;
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

type PdfOps = Awaited<ReturnType<typeof pdfjs>>["OPS"];
type PdfPage = Awaited<ReturnType<Awaited<ReturnType<Awaited<ReturnType<typeof pdfjs>>["getDocument"]>["promise"]>["getPage"]>>;

interface Picture {
  id: string;
  pixels: number;
  /** The share of the page it is drawn over, 0 to 1 (more when drawn past its edges). */
  coverage: number;
}

type Matrix = [number, number, number, number, number, number];
const times = (m: Matrix, n: Matrix): Matrix => [
  n[0] * m[0] + n[1] * m[2],
  n[0] * m[1] + n[1] * m[3],
  n[2] * m[0] + n[3] * m[2],
  n[2] * m[1] + n[3] * m[3],
  n[4] * m[0] + n[5] * m[2] + m[4],
  n[4] * m[1] + n[5] * m[3] + m[5],
];

/** The page's pictures and where they are drawn (an image fills the unit square of the transform it is painted under). */
async function picturesOf(page: PdfPage, OPS: PdfOps): Promise<Picture[]> {
  const ops = await page.getOperatorList();
  const [x0, y0, x1, y1] = page.view;
  const pageArea = Math.abs((x1! - x0!) * (y1! - y0!)) || 1;
  const stack: Matrix[] = [];
  let ctm: Matrix = [1, 0, 0, 1, 0, 0];
  const pictures: Picture[] = [];
  for (let i = 0; i < ops.fnArray.length; i++) {
    const fn = ops.fnArray[i];
    const args = ops.argsArray[i] as unknown[];
    if (fn === OPS.save || fn === OPS.paintFormXObjectBegin) stack.push(ctm);
    if (fn === OPS.restore || fn === OPS.paintFormXObjectEnd) ctm = stack.pop() ?? ctm;
    if (fn === OPS.transform) ctm = times(ctm, args as Matrix);
    if (fn === OPS.paintFormXObjectBegin && (Array.isArray(args[0]) || ArrayBuffer.isView(args[0]))) ctm = times(ctm, args[0] as Matrix);
    if (fn !== OPS.paintImageXObject) continue;
    const [id, width, height] = args as [string, number, number];
    pictures.push({ id, pixels: width * height, coverage: Math.abs(ctm[0] * ctm[3] - ctm[1] * ctm[2]) / pageArea });
  }
  return pictures;
}

/** A picture's pixels, decoded by pdf.js, or null when it could not be. */
async function decoded(page: PdfPage, { id }: Picture): Promise<RawImage | null> {
  const store = id.startsWith("g_") ? page.commonObjs : page.objs;
  const image = await new Promise<unknown>((resolve, reject) => store.get(id, resolve, reject));
  const raw = image as Partial<RawImage> | null;
  return raw?.data && raw.width && raw.height && raw.kind ? (raw as RawImage) : null;
}

/** The text OCR reads on a picture. */
async function ocrPicture(picture: RawImage): Promise<string> {
  const small = shrinkGrey(toGrey(picture), picture.width, picture.height);
  return (await ocrImage(pgm(small.grey, small.width, small.height))).text;
}

const largest = <T>(items: T[], size: (item: T) => number): T | null => items.reduce<T | null>((best, item) => (!best || size(item) > size(best) ? item : best), null);

const openPdf = async (path: string) => {
  const { getDocument, OPS } = await pdfjs();
  const task = getDocument({ data: Bun.mmap(path, { shared: false }), ...PARSE_ONLY, maxImageSize: MAX_PICTURE_PIXELS, isOffscreenCanvasSupported: false, isImageDecoderSupported: false });
  return { task, OPS };
};

/** The text of the PDF at `path` (see the top of this file for the bounds). */
export async function readPdfText(path: string, deadline: number): Promise<ReadText> {
  // An empty file cannot be mapped (and holds no text).
  if (statSync(path).size === 0) return { text: "", pages: 0, ocrPages: 0, cut: false };
  const { task, OPS } = await openPdf(path);
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
        const biggest = largest(await picturesOf(page, OPS), (p) => p.pixels);
        const picture = biggest && (await decoded(page, biggest));
        if (picture) {
          text = await ocrPicture(picture);
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

/**
 * What the customer sees on the first page when it is a picture under a text layer (a scan with
 * its scanner's OCR layer, or a file whose hidden or white text says one thing and whose picture
 * another): the text OCR reads on the picture drawn over at least PAGE_PICTURE_COVERAGE of the
 * page; "" when that picture cannot be decoded (over MAX_PICTURE_PIXELS). null: the page is not
 * such a picture (no picture that large, or no text layer, so its picture was what pdf.js read).
 * One page, one OCR: the caller asks only when the text layer's verdict would tell the customer something.
 */
export async function readFirstPagePicture(path: string): Promise<string | null> {
  if (statSync(path).size === 0) return null;
  const { task, OPS } = await openPdf(path);
  try {
    const doc = await task.promise;
    const page = await doc.getPage(1);
    if (letters(linesOf((await page.getTextContent()).items as TextItem[])) < MIN_PAGE_LETTERS) return null;
    const cover = largest(await picturesOf(page, OPS), (p) => p.coverage);
    if (!cover || cover.coverage < PAGE_PICTURE_COVERAGE) return null;
    const picture = await decoded(page, cover).catch(() => null);
    return picture ? await ocrPicture(picture) : "";
  } finally {
    await task.destroy().catch(() => {});
  }
}
