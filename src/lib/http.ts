// Small request helpers shared by features.
import type { Server } from "bun";
import type { AppContext } from "../context.ts";
import { EXTENSIONS_BY_TYPE } from "../shared/files.ts";
import { responseBody } from "./storage.ts";
import { instanceState } from "./instance-state.ts";

/**
 * The caller's address: the socket's, or behind our proxy (TRUST_PROXY) the last X-Forwarded-For
 * entry, which is the one our proxy appended. Entries before it are whatever the client sent and
 * would let a guesser pick a new address for every try.
 */
export function clientAddress(ctx: AppContext, request: Request, server: Server<unknown> | null): string {
  if (ctx.config.trustProxy) {
    const forwarded = request.headers.get("x-forwarded-for")?.split(",").at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  return server?.requestIP(request)?.address ?? "unknown";
}

/**
 * The name a stored file is served under: the uploader's base name with the extension of the type
 * its bytes were sniffed as. A PDF uploaded as "evil.html" must not be saved (and later opened)
 * as a web page, so the name never decides what the file is.
 */
export function servedFileName(name: string, type: string | null): string {
  const dot = name.lastIndexOf(".");
  const base = (dot === -1 ? name : name.slice(0, dot)) || "file";
  const extension = dot === -1 ? "" : name.slice(dot + 1).toLowerCase();
  const allowed = (type && EXTENSIONS_BY_TYPE[type]) || ["bin"];
  return allowed.includes(extension) ? name : `${base}.${allowed[0]}`;
}

/**
 * A stored file as a response: the type we sniffed when it was stored, a download name encoded
 * per RFC 6266 (so quotes, CRLF or ../ in a customer's file name do nothing), and headers that
 * stop browsers from sniffing, caching, framing, or running anything inside it.
 */
export function fileResponse(stored: { file: Blob; name: string; type: string | null }, options: { inline: boolean }): Response {
  const { file, type } = stored;
  const name = servedFileName(stored.name, type);
  const fallback = name.replace(/[^\x20-\x7e]|["\\]/g, "_").replace(/[\r\n]/g, "") || "download";
  const disposition = `${options.inline ? "inline" : "attachment"}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
  return new Response(responseBody(file), {
    headers: {
      "content-type": type ?? "application/octet-stream",
      "content-disposition": disposition,
      "cache-control": "no-store",
      "referrer-policy": "no-referrer",
      "x-frame-options": "DENY",
      "content-security-policy": FILE_CSP,
    },
  });
}

/**
 * Every stored file, viewed or downloaded, PDFs too: a file opened on its own (a new tab, a
 * typed URL) is a sandboxed document with an opaque origin, so whatever script an uploaded file
 * carries can never act as the portal. Nothing frames a file: the app draws PDFs itself
 * (web/components/pdf, pdf.js on canvases) and images with <img>, both from fetched bytes.
 */
const FILE_CSP = "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'none'";

// Gzipped copies of the web app's files, made once per file on first request: the JavaScript a
// phone downloads shrinks about 3× (issue 14: first load on slow 4G). Keyed by the Blob, so a
// rebuilt app (development) is compressed again.
const gzipped = instanceState("gzipped web files", "per process", "made once from this process's own copy of the web app", new WeakMap<Blob, Promise<Blob>>());
const COMPRESSIBLE = /\.(m?js|css|html|svg|json|txt|webmanifest)$/;

/**
 * A static file's body and headers for this request: gzipped when the browser accepts it and the
 * type compresses; as it is otherwise. `Vary: Accept-Encoding` keeps shared caches apart.
 */
export async function staticBody(request: Request, urlPath: string, file: Blob): Promise<{ body: Blob; headers: Record<string, string> }> {
  const acceptsGzip = /\bgzip\b/.test(request.headers.get("accept-encoding") ?? "");
  if (!acceptsGzip || !COMPRESSIBLE.test(urlPath)) return { body: file, headers: { vary: "Accept-Encoding" } };
  let zipped = gzipped.get(file);
  if (!zipped) {
    // A Blob, which every Response shares; a Response copies a Uint8Array (the bundle's 150 KB each time).
    zipped = file.arrayBuffer().then((bytes) => new Blob([Bun.gzipSync(new Uint8Array(bytes), { level: 9 }) as Uint8Array<ArrayBuffer>]));
    gzipped.set(file, zipped);
    zipped.catch(() => gzipped.delete(file)); // a failed read is tried again on the next request
  }
  return { body: await zipped, headers: { "content-encoding": "gzip", vary: "Accept-Encoding" } };
}
