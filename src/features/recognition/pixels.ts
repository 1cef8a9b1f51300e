// A scanned page's pixels as the OCR engine reads them best and cheapest: grey, at most
// MAX_OCR_SIDE pixels on the long side, written as a PGM (the plainest format Tesseract's image
// library reads). pdf.js hands a page's image decoded, as grey, RGB or RGBA bytes.

/**
 * 1700 px: about 150 dpi over a letter or A4 page, where body text (9–10 pt) is still 10–12 px
 * high in small letters, which the LSTM model reads. The engine's time grows with the pixels: a
 * dense letter-size form scanned at 300 dpi (the corpus's W-9, 2550 x 3300) took 3.8–4.8 s of CPU
 * at 2200 px, 2.9–3.4 s at 1700 and 2.8 s at 1500, reading 96% of the same words at 1700 (its
 * title and labels all) but 90% at 1400 (2026-11-29, scratch timing, engine warm).
 */
export const MAX_OCR_SIDE = 1700;

/** pdf.js's ImageKind: 1 bit grey (packed rows), 8-bit RGB, 8-bit RGBA. */
export const IMAGE_KIND = { GRAYSCALE_1BPP: 1, RGB_24BPP: 2, RGBA_32BPP: 3 } as const;

export interface RawImage {
  width: number;
  height: number;
  kind: number;
  data: Uint8Array | Uint8ClampedArray;
}

/** One grey byte per pixel (0 black, 255 white). */
export function toGrey(image: RawImage): Uint8Array {
  const { width, height, kind, data } = image;
  const grey = new Uint8Array(width * height);
  if (kind === IMAGE_KIND.GRAYSCALE_1BPP) {
    const rowBytes = (width + 7) >> 3;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) grey[y * width + x] = (data[y * rowBytes + (x >> 3)]! >> (7 - (x & 7))) & 1 ? 255 : 0;
    }
    return grey;
  }
  const step = kind === IMAGE_KIND.RGBA_32BPP ? 4 : 3;
  for (let i = 0, p = 0; i < grey.length; i++, p += step) {
    // Rec. 601 luma, in integers.
    grey[i] = (data[p]! * 299 + data[p + 1]! * 587 + data[p + 2]! * 114) / 1000;
  }
  return grey;
}

/** Shrinks a grey image so its long side is at most `maxSide`, each pixel the mean of those it covers. */
export function shrinkGrey(grey: Uint8Array, width: number, height: number, maxSide = MAX_OCR_SIDE): { grey: Uint8Array; width: number; height: number } {
  const scale = Math.max(width, height) / maxSide;
  if (scale <= 1) return { grey, width, height };
  const w = Math.max(1, Math.round(width / scale));
  const h = Math.max(1, Math.round(height / scale));
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const y0 = Math.floor(y * scale);
    const y1 = Math.min(height, Math.max(y0 + 1, Math.floor((y + 1) * scale)));
    for (let x = 0; x < w; x++) {
      const x0 = Math.floor(x * scale);
      const x1 = Math.min(width, Math.max(x0 + 1, Math.floor((x + 1) * scale)));
      let sum = 0;
      for (let yy = y0; yy < y1; yy++) for (let xx = x0; xx < x1; xx++) sum += grey[yy * width + xx]!;
      out[y * w + x] = sum / ((y1 - y0) * (x1 - x0));
    }
  }
  return { grey: out, width: w, height: h };
}

/** A binary PGM (P5) of a grey image. */
export function pgm(grey: Uint8Array, width: number, height: number): Uint8Array {
  const header = new TextEncoder().encode(`P5\n${width} ${height}\n255\n`);
  const out = new Uint8Array(header.length + grey.length);
  out.set(header);
  out.set(grey, header.length);
  return out;
}
