// What an upload is held to beyond its size: the smallest photo accepted by default.
import { LEGIBLE_A4_PIXELS } from "../shared/acceptance-rules.ts";
import { ConfigError } from "./parse.ts";

/** MIN_IMAGE_PIXELS ("800x1100", either way round); unset: a legible A4 page. */
export function parseImagePixels(raw: string | undefined): { short: number; long: number } {
  if (!raw) return { ...LEGIBLE_A4_PIXELS };
  const match = /^(\d{1,5})\s*[x×]\s*(\d{1,5})$/i.exec(raw);
  if (!match) throw new ConfigError(`MIN_IMAGE_PIXELS must be width x height in pixels, such as 800x1100 (got "${raw}")`);
  const [a, b] = [Number(match[1]), Number(match[2])];
  return { short: Math.min(a, b), long: Math.max(a, b) };
}
