// Small request helpers shared by features.
import type { Server } from "bun";
import type { AppContext } from "../context.ts";

/** One cookie's value from a request's Cookie header, or null. */
export function readCookie(headers: Record<string, string | undefined>, name: string): string | null {
  for (const part of (headers.cookie ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return decodeURIComponent(rest.join("=")) || null;
  }
  return null;
}

/** The caller's address: the socket's, or the first X-Forwarded-For hop when TRUST_PROXY is on. */
export function clientAddress(ctx: AppContext, request: Request, server: Server<unknown> | null): string {
  if (ctx.config.trustProxy) {
    const forwarded = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  return server?.requestIP(request)?.address ?? "unknown";
}

/**
 * A stored file as a response: the type we sniffed when it was stored, a download name encoded
 * per RFC 6266 (so quotes, CRLF or ../ in a customer's file name do nothing), and headers that
 * stop browsers from sniffing, caching, or running anything inside it.
 */
export function fileResponse(file: Blob, options: { name: string; type: string | null; inline?: boolean }): Response {
  const fallback = options.name.replace(/[^\x20-\x7e]|["\\]/g, "_").replace(/[\r\n]/g, "") || "download";
  const disposition = `${options.inline ? "inline" : "attachment"}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(options.name)}`;
  // Shown inline, a file may be framed by the portal's own viewer. Chrome refuses to run its PDF
  // viewer in a sandboxed document, so PDFs (rendered by the browser's own isolated viewer) skip
  // the sandbox; everything else keeps it.
  const sandbox = options.inline && options.type === "application/pdf" ? "" : "; sandbox";
  return new Response(file, {
    headers: {
      "content-type": options.type ?? "application/octet-stream",
      "content-disposition": disposition,
      "cache-control": "no-store",
      "referrer-policy": "no-referrer",
      "x-frame-options": options.inline ? "SAMEORIGIN" : "DENY",
      "content-security-policy": `default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'self'${sandbox}`,
    },
  });
}
