// Draws every field's value into its page, as page content (flattened: no form field is left that
// a reader could change): the adopted signature, initials, the date signed, the signer's name,
// typed text and ticked boxes.
import { degrees, rgb, StandardFonts, type PDFDocument, type PDFFont, type PDFImage, type PDFPage } from "pdf-lib";
import { initialsOf, signedDay, type FieldValues, type SignatureField } from "../../shared/signatures.ts";
import { drawOrigin, pageFrame, shownSize, type PageFrame, type ShownBox } from "./page-geometry.ts";

/** A signature adopted by typing (drawn in a script-like face) or by drawing (a PNG). */
export type AdoptedSignature = { type: "typed"; text: string } | { type: "drawn"; png: Uint8Array };

export interface FieldSigner {
  name: string;
  signedAt: Date;
  signature: AdoptedSignature;
  values: FieldValues;
  /** The day their date fields show ("2026-11-28"), fixed when they signed. */
  day?: string | null;
}

const INK = rgb(0.05, 0.1, 0.35);
// Inside a box, text takes at most this share of its height, so descenders stay inside.
const TEXT_HEIGHT_SHARE = 0.7;

interface Fonts {
  script: PDFFont;
  plain: PDFFont;
  dingbats: PDFFont;
}

/** `drawn` holds each drawn signature's embedded image, by signer index. */
export async function fillFields(doc: PDFDocument, fields: readonly SignatureField[], signers: readonly FieldSigner[], drawn: ReadonlyMap<number, PDFImage>): Promise<void> {
  const fonts: Fonts = {
    // No script face is among the 14 standard fonts; bold italic Times is the closest, and needs no embedding.
    script: await doc.embedFont(StandardFonts.TimesRomanBoldItalic),
    plain: await doc.embedFont(StandardFonts.Helvetica),
    dingbats: await doc.embedFont(StandardFonts.ZapfDingbats),
  };
  const pages = doc.getPages();
  for (const [index, field] of fields.entries()) {
    const signer = signers[field.signer]!;
    const page = pages[field.page - 1]!;
    const frame = pageFrame(page);
    const shown = shownSize(frame);
    const box: ShownBox = { u: field.x * shown.width, v: field.y * shown.height, width: field.width * shown.width, height: field.height * shown.height };
    const value = signer.values[String(index)];
    switch (field.type) {
      case "signature":
        if (signer.signature.type === "typed") drawText(page, frame, box, signer.signature.text, fonts.script);
        else drawImage(page, frame, box, drawn.get(field.signer)!);
        break;
      case "initials":
        drawText(page, frame, box, typeof value === "string" && value.trim() ? value.trim() : initialsOf(signer.name), fonts.script);
        break;
      case "date":
        // The day on the signer's calendar when they signed (signing.ts); without it, the UTC day.
        drawText(page, frame, box, signer.day ?? signedDay(signer.signedAt), fonts.plain);
        break;
      case "name":
        drawText(page, frame, box, signer.name, fonts.plain);
        break;
      case "text":
        if (typeof value === "string" && value.trim()) drawText(page, frame, box, value.trim(), fonts.plain);
        break;
      case "checkbox":
        if (value === true) drawText(page, frame, box, "✔", fonts.dingbats);
        break;
    }
  }
}

/** One line, as large as fits the box's height and width, from its left edge, centred vertically. */
function drawText(page: PDFPage, frame: PageFrame, box: ShownBox, text: string, font: PDFFont): void {
  const padding = Math.min(box.height * 0.1, 2);
  const byHeight = (box.height * TEXT_HEIGHT_SHARE) / (font.heightAtSize(1, { descender: false }) || 1);
  const byWidth = (box.width - 2 * padding) / (font.widthOfTextAtSize(text, 1) || 1);
  const size = Math.max(1, Math.min(byHeight, byWidth));
  const capHeight = font.heightAtSize(size, { descender: false });
  // The baseline sits so the letters' height is centred in the box.
  const baselineBox: ShownBox = { u: box.u + padding, v: box.v + (box.height + capHeight) / 2, width: 0, height: 0 };
  const at = drawOrigin(frame, baselineBox);
  page.drawText(text, { x: at.x, y: at.y, size, font, color: INK, rotate: degrees(at.rotate) });
}

/** The image scaled to fit the box, keeping its proportions, centred. */
function drawImage(page: PDFPage, frame: PageFrame, box: ShownBox, image: PDFImage): void {
  const scale = Math.min(box.width / image.width, box.height / image.height);
  const width = image.width * scale;
  const height = image.height * scale;
  const fitted: ShownBox = { u: box.u + (box.width - width) / 2, v: box.v + (box.height - height) / 2, width, height };
  const at = drawOrigin(frame, fitted);
  page.drawImage(image, { x: at.x, y: at.y, width, height, rotate: degrees(at.rotate) });
}
