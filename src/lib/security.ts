// Security headers for every response, and the cross-site check for browser writes.
import type { Config } from "../config.ts";
import { AppError } from "./errors.ts";

export function securityHeaders(config: Config): Record<string, string> {
  // With billing on, the payment form is Stripe.js and its frames (Stripe's documented CSP).
  const stripe = config.billing ? { script: " https://js.stripe.com", connect: " https://api.stripe.com", frame: " https://js.stripe.com https://hooks.stripe.com" } : { script: "", connect: "", frame: "" };
  const headers: Record<string, string> = {
    // No inline scripts and no eval; inline style attributes are used by the UI kit.
    "Content-Security-Policy": [
      "default-src 'self'",
      `script-src 'self'${stripe.script}`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "font-src 'self' data:",
      `connect-src 'self'${stripe.connect}`,
      `frame-src 'self' blob:${stripe.frame}`,
      // The operator's Request a Demo video (DEMO_VIDEO_URL) may be on another host.
      `media-src 'self'${config.demoVideoUrl?.startsWith("http") ? ` ${new URL(config.demoVideoUrl).origin}` : ""}`,
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join("; "),
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(self), microphone=(), geolocation=(), payment=(self)",
  };
  if (config.secureCookies) headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  return headers;
}

const SAFE_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing browser requests that come from another site. A request that carries
 * a bearer token cannot have been forged by another page (browsers never add that header on
 * their own), so only cookie-borne (or cookie-setting) requests are checked. Clients that are not
 * browsers send neither Sec-Fetch-Site nor Origin and pass.
 */
export function assertSameSiteWrite(request: Request, config: Config): void {
  if (SAFE_METHODS.has(request.method)) return;
  if (request.headers.get("authorization")?.toLowerCase().startsWith("bearer ")) return;

  const fetchSite = request.headers.get("sec-fetch-site");
  if (fetchSite) {
    if (fetchSite === "same-origin" || fetchSite === "none") return;
    throw new AppError("forbidden", "Cross-site request refused");
  }
  const origin = request.headers.get("origin");
  if (!origin) return;
  const allowed = new Set([new URL(config.publicUrl).origin, new URL(request.url).origin]);
  if (!allowed.has(origin)) throw new AppError("forbidden", "Cross-site request refused");
}
