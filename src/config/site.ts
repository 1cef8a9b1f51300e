// What the public pages offer: the landing page's footer links and the demo video.
import { ConfigError, parseUrl, value, type Env } from "./parse.ts";

export interface SiteConfig {
  supportEmail: string | null;
  termsUrl: string | null;
  privacyUrl: string | null;
  contactUrl: string | null;
}

/** A video file the browser can play: an http(s) URL, or a path on this portal ("/media/demo.mp4"). */
export function demoVideoUrl(env: Env): string | null {
  const raw = value(env, "DEMO_VIDEO_URL");
  if (raw === undefined) return null;
  if (raw.startsWith("/") && !raw.startsWith("//")) return raw;
  return parseUrl(raw, "DEMO_VIDEO_URL", ["https:", "http:"]).href;
}

/**
 * SUPPORT_EMAIL and the footer's TERMS_URL, PRIVACY_URL, CONTACT_URL. Unset, the footer leaves
 * the address or link out (Terms and Privacy fall back to the portal's own short notices) rather
 * than showing a placeholder nobody reads.
 */
export function siteConfig(env: Env): SiteConfig {
  const supportEmail = value(env, "SUPPORT_EMAIL")?.toLowerCase() ?? null;
  if (supportEmail && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(supportEmail)) {
    throw new ConfigError(`SUPPORT_EMAIL must be an email address such as support@example.com (got "${supportEmail}")`);
  }
  const url = (name: string) => {
    const raw = value(env, name);
    if (raw === undefined) return null;
    return parseUrl(raw, name, ["https:", "http:"]).href;
  };
  return { supportEmail, termsUrl: url("TERMS_URL"), privacyUrl: url("PRIVACY_URL"), contactUrl: url("CONTACT_URL") };
}
