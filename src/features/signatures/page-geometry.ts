// From a field's place as the signer saw it (fractions of the page shown upright, from its
// top-left) to PDF user space. A viewer shows a page's visible area (CropBox cut to the MediaBox,
// as pdf.js does) turned clockwise by its /Rotate; user space has its origin at the bottom-left of
// the unrotated page. Content drawn there must be turned back by the same angle to read upright.
import type { PDFPage } from "pdf-lib";

export interface PageFrame {
  /** The visible area in user space: left, bottom, width, height. */
  left: number;
  bottom: number;
  width: number;
  height: number;
  /** /Rotate, clockwise, one of 0, 90, 180, 270. */
  rotation: 0 | 90 | 180 | 270;
}

export function pageFrame(page: PDFPage): PageFrame {
  const media = page.getMediaBox();
  const crop = page.getCropBox();
  const left = Math.max(media.x, crop.x);
  const bottom = Math.max(media.y, crop.y);
  const right = Math.min(media.x + media.width, crop.x + crop.width);
  const top = Math.min(media.y + media.height, crop.y + crop.height);
  // A CropBox outside the MediaBox shows nothing in a viewer; fall back to the MediaBox rather than a zero-sized page.
  const visible = right > left && top > bottom ? { left, bottom, width: right - left, height: top - bottom } : { left: media.x, bottom: media.y, width: media.width, height: media.height };
  const angle = (((Math.round(page.getRotation().angle / 90) * 90) % 360) + 360) % 360;
  return { ...visible, rotation: angle as PageFrame["rotation"] };
}

/** The page's size as shown: width and height swap on a quarter turn. */
export function shownSize(frame: PageFrame): { width: number; height: number } {
  return frame.rotation % 180 === 0 ? { width: frame.width, height: frame.height } : { width: frame.height, height: frame.width };
}

/** A point given in points from the shown page's top-left (u to the right, v down), in user space. */
export function toUserSpace(frame: PageFrame, u: number, v: number): { x: number; y: number } {
  const { left, bottom, width, height } = frame;
  switch (frame.rotation) {
    case 0:
      return { x: left + u, y: bottom + height - v };
    case 90: // shown top-left is user space's bottom-left; right is up, down is right
      return { x: left + v, y: bottom + u };
    case 180:
      return { x: left + width - u, y: bottom + v };
    case 270: // shown top-left is user space's top-right; right is down, down is left
      return { x: left + width - v, y: bottom + height - u };
  }
}

/** A box on the shown page, in points from its top-left. */
export interface ShownBox {
  u: number;
  v: number;
  width: number;
  height: number;
}

/** Where to draw something that fills `box` upright: its shown bottom-left corner in user space, turned by the page's rotation. */
export function drawOrigin(frame: PageFrame, box: ShownBox): { x: number; y: number; rotate: number } {
  return { ...toUserSpace(frame, box.u, box.v + box.height), rotate: frame.rotation };
}
