// Email domains a workspace claims: a first single sign-on from an address there joins that
// workspace (workspaces/claimed-domains.ts). Pure rules, for the server's checks and the settings
// screen alike.

// Dot-separated labels of letters, digits and inner hyphens, ending in a letter label (or an
// internationalised one, xn--…): "acme.example", "mail.acme.co.uk". One label alone ("com") is not.
const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/**
 * Mail services where anyone can have an address: claiming one would hand every newcomer with such
 * an address to one workspace. A short list of the common ones, not every provider in the world.
 */
export const PUBLIC_MAIL_DOMAINS: ReadonlySet<string> = new Set([
  "gmail.com", "googlemail.com", "outlook.com", "hotmail.com", "hotmail.co.uk", "live.com", "msn.com",
  "yahoo.com", "yahoo.co.uk", "ymail.com", "aol.com", "icloud.com", "me.com", "mac.com",
  "proton.me", "protonmail.com", "pm.me", "gmx.com", "gmx.de", "gmx.net", "web.de", "mail.com",
  "zoho.com", "fastmail.com", "hey.com", "tutanota.com", "yandex.com", "yandex.ru", "mail.ru",
  "qq.com", "163.com", "126.com", "comcast.net", "verizon.net", "att.net", "sbcglobal.net",
  "btinternet.com", "orange.fr", "free.fr", "libero.it", "t-online.de",
]);

/** Two-part public suffixes (registries, not organisations): "co.uk" would claim half a country. */
const PUBLIC_SUFFIXES: ReadonlySet<string> = new Set([
  "co.uk", "org.uk", "ac.uk", "gov.uk", "me.uk", "com.au", "net.au", "org.au", "co.nz", "co.za",
  "co.jp", "co.in", "com.br", "com.mx", "com.cn", "com.sg", "com.hk", "co.il", "com.tr",
]);

/** The domain as claimed and compared: trimmed, lower-cased. */
export const normalizeDomain = (domain: string): string => domain.trim().toLowerCase();

/** The part of an (already normalised) email address after its last "@". */
export const emailDomain = (email: string): string => email.slice(email.lastIndexOf("@") + 1);

export const claimedDomainMessages = {
  invalid: (domain: string) => `"${domain}" is not a domain name. Claim names such as example.com.`,
  publicMail: (domain: string) => `${domain} is a public email service where anyone can have an address, so no workspace can claim it.`,
  publicSuffix: (domain: string) => `${domain} is shared by many organisations, so no workspace can claim it. Claim your own domain, such as yourbrokerage.${domain}.`,
  claimedElsewhere: (domain: string) => `${domain} is already claimed by another workspace on this portal. A domain belongs to one workspace only.`,
  underClaimed: (domain: string, claimed: string) => `${domain} is under ${claimed}, which another workspace on this portal has claimed.`,
} as const;

/** Why this normalised domain cannot be claimed, or null when it can (by this rule; taken elsewhere is the server's check). */
export function claimedDomainProblem(domain: string): string | null {
  if (!DOMAIN.test(domain)) return claimedDomainMessages.invalid(domain);
  if (PUBLIC_MAIL_DOMAINS.has(domain)) return claimedDomainMessages.publicMail(domain);
  if (PUBLIC_SUFFIXES.has(domain)) return claimedDomainMessages.publicSuffix(domain);
  return null;
}
