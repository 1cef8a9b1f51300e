// Photos made fit for a broker's archive before they are stored: upright (the EXIF orientation
// applied to the pixels, so every viewer shows what the phone showed), without location or other
// camera metadata (a customer's home coordinates have no place there), and iPhone HEIC/HEIF
// converted to JPEG. Pure JavaScript/WASM only (jpeg-js, heic-convert's libheif build): a native
// image library could not go into the compiled executable.
//
// Each format is prepared in its own file: image-jpeg.ts, image-png.ts, image-heic.ts.
import { ImageUnreadable } from "./image-errors.ts";
import { fromHeic } from "./image-heic.ts";
import { prepareJpeg } from "./image-jpeg.ts";
import { preparePng } from "./image-png.ts";
import type { PreparedImage } from "./prepared-image.ts";

async function prepareImage(bytes: Uint8Array, mimeType: string): Promise<PreparedImage> {
  if (mimeType === "image/heic" || mimeType === "image/heif") return fromHeic(bytes, mimeType);
  if (mimeType === "image/jpeg") return prepareJpeg(bytes, null);
  if (mimeType === "image/png") return preparePng(bytes);
  throw new ImageUnreadable(`Not an image type we read: ${mimeType}`);
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
