// No text the portal accepts may hold a NUL character (U+0000). PostgreSQL's text refuses it
// outright (a 500 from deep inside a query, found by running the API suite on PostgreSQL), and
// SQLite would store it and hand it to every screen and email. No real name, email, search or id
// has one, so it is refused as a 400 before anything reads it: in the path and query string,
// and anywhere in a parsed JSON or form body. (Uploaded files are bytes, not text: not affected.)
import { badRequest } from "./errors.ts";

export const NUL_MESSAGE = "Text cannot contain NUL characters (U+0000).";

/**
 * Throws the 400 when the URL (raw or percent-encoded) carries a NUL, unless `handledElsewhere`
 * says its route refuses it in its own way (a page load that must end in a redirect).
 */
export function refuseNulInUrl(url: string, handledElsewhere?: (url: string) => boolean): void {
  if (hasNul(url) && !handledElsewhere?.(url)) throw badRequest(NUL_MESSAGE);
}

/** A NUL in text, raw or percent-encoded (as in a URL). */
export const hasNul = (text: string) => text.includes("\u0000") || /%00/i.test(text);

/** Throws the 400 when any string in a parsed body (object, array, nested) holds a NUL. */
export function refuseNulInBody(body: unknown, depth = 0): void {
  if (typeof body === "string") {
    if (body.includes("\u0000")) throw badRequest(NUL_MESSAGE);
    return;
  }
  if (body === null || typeof body !== "object" || depth > 32 || body instanceof Blob) return;
  for (const [key, value] of Object.entries(body)) {
    if (key.includes("\u0000")) throw badRequest(NUL_MESSAGE);
    refuseNulInBody(value, depth + 1);
  }
}
