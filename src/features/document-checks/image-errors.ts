// How a photo's check fails. Apart from image.ts, which runs on the check threads: the server's
// thread throws and catches these without loading the image code (jpeg-js) itself.
import { MAX_IMAGE_MEGAPIXELS } from "../../shared/acceptance-rules.ts";

export class ImageUnreadable extends Error {}

/** An image too large in pixels to decode safely (a small file can unpack to gigabytes). */
export class ImageTooLarge extends Error {
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    super(`${width} x ${height} is over ${MAX_IMAGE_MEGAPIXELS} megapixels`);
  }
}
