// A broker's branding rules, shared by the server (emails, validation) and the browser (portal,
// profile preview): what an accent colour may be, and which text stays readable on it.

export const ACCENT_COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;

/** The logo a broker may upload: PNG or JPEG (never SVG, which can carry script), at most 512 KB. */
export const LOGO_TYPES = ["image/png", "image/jpeg"] as const;
export const LOGO_MAX_BYTES = 512 * 1024;

export const brandingMessages = {
  accentColor: "The accent colour must be a hex colour such as #1d4ed8",
  phone: "Enter a phone number of digits, spaces and + ( ) - . only",
  contactEmail: "Please enter a valid contact email address",
  timeZone: "Unknown time zone",
  logoType: "The logo must be a PNG or JPEG image.",
} as const;

/** Relative luminance (WCAG 2.x) of "#RRGGBB". */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/**
 * White or near-black, whichever contrasts more with the accent colour: a broker choosing a light
 * yellow still gets readable buttons.
 */
export function readableTextOn(hex: string): "#ffffff" | "#111827" {
  if (!ACCENT_COLOR_PATTERN.test(hex)) return "#ffffff";
  const l = luminance(hex);
  const dark = luminance("#111827");
  return (1.05) / (l + 0.05) >= (l + 0.05) / (dark + 0.05) ? "#ffffff" : "#111827";
}

/** Characters a phone number may hold as typed; at least 3 digits. */
export function isValidPhone(phone: string): boolean {
  return /^[+0-9 ().\-]{3,40}$/.test(phone) && (phone.match(/\d/g)?.length ?? 0) >= 3;
}

/** A `tel:` URI for a typed number: the leading + and the digits only. */
export function telHref(phone: string): string {
  const trimmed = phone.trim();
  return `tel:${trimmed.startsWith("+") ? "+" : ""}${trimmed.replace(/\D/g, "")}`;
}

/** Whether this runtime knows the IANA time zone (e.g. "Europe/Berlin"). */
export function isKnownTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
