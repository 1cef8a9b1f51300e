// What preparing an image gives, and what the JPEG, PNG and HEIC preparations share: the size
// limit, the JPEG quality of a re-encoded photo, and two byte helpers.
import { MAX_IMAGE_MEGAPIXELS } from "../../shared/acceptance-rules.ts";

export interface PreparedImage {
  bytes: Uint8Array;
  mimeType: "image/jpeg" | "image/png";
  /** As shown (after turning). */
  width: number;
  height: number;
  /** What was done, for the broker's record of checks. */
  orientationApplied: boolean;
  metadataRemoved: boolean;
  locationRemoved: boolean;
  convertedFrom: string | null;
}

export const MAX_MEGAPIXELS = MAX_IMAGE_MEGAPIXELS;
export const tooLarge = (width: number, height: number) => width * height > MAX_MEGAPIXELS * 1_000_000;
export const JPEG_QUALITY = 92;

export const startsWith = (bytes: Uint8Array, at: number, text: string) =>
  [...text].every((ch, i) => bytes[at + i] === ch.charCodeAt(0));

export function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
