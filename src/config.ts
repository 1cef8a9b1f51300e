// Every setting comes from the environment (plus `serve --port/--data`), is validated once at
// start, and a bad value stops the process with one line naming the setting.
import { randomBytes } from "node:crypto";
import { accessSync, constants, existsSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { Cron } from "croner";
import { getPlan } from "./shared/plans.ts";
import { LEGIBLE_A4_PIXELS } from "./shared/acceptance-rules.ts";

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** DATABASE_URL: PostgreSQL (postgres://…) for several instances; null: SQLite in dataDir. */
  databaseUrl: string | null;
  publicUrl: string;
  /** Cookies are marked Secure when the portal is reached over https. */
  secureCookies: boolean;
  smtpUrl: string | null;
  mailFrom: string;
  sessionSecret: string;
  maxUploadBytes: number;
  /** Each file a broker shares (SHARE_MAX_MB). */
  shareMaxBytes: number;
  /** clamd's unix socket (CLAMAV_SOCKET): every upload and shared file is scanned; null: no scanning. */
  clamavSocket: string | null;
  /** The smallest photo accepted by default, either way round (MIN_IMAGE_PIXELS, e.g. "800x1100"). */
  minImagePixels: { short: number; long: number };
  /** How long opening one upload (pdf.js, a photo's conversion) may take before it is refused as unreadable (CHECK_TIME_LIMIT_SECONDS). */
  checkTimeLimitMs: number;
  allowSignup: boolean;
  trustProxy: boolean;
  /** Scheduled backups inside `portal serve`; null: none (use cron with `portal backup`). */
  scheduledBackups: { cron: string; dir: string; keep: number } | null;
  /** Bearer token that GET /metrics requires; null: metrics are off. */
  metricsToken: string | null;
  /** Stripe billing; null: billing off (every broker on the unlimited plan, nothing charged). */
  billing: {
    secretKey: string;
    publishableKey: string;
    webhookSecret: string;
    /** Stripe price ids of the paid plans. */
    prices: { basic: string; pro: string; unlimited: string };
    /** US dollars a month shown for each paid plan (PLAN_PRICE_*): what the Stripe price charges. */
    amounts: { basic: number; pro: number; unlimited: number };
    apiBase: string | null;
  } | null;
  /** OpenID Connect sign-in for brokers (src/features/oidc); null: off. */
  oidc: {
    issuer: string;
    clientId: string;
    clientSecret: string;
    /** Shown as "Sign in with <providerName>" (OIDC_PROVIDER_NAME). */
    providerName: string;
    /** Lower-cased email domains allowed to sign in (OIDC_ALLOWED_DOMAINS); null: any. */
    allowedDomains: string[] | null;
    /** OIDC_ONLY: brokers sign in through the provider only, never with a password. */
    only: boolean;
    /** OIDC_ALLOW_HTTP: the operator's explicit yes to an http:// issuer (a provider on a private network). */
    allowHttp: boolean;
  } | null;
  /** REQUIRE_2FA: every broker with a password sets up an authenticator before using the portal. */
  requireTwoFactor: boolean;
  /** What the landing page's footer offers; null where the operator set nothing (the link is then left out). */
  site: { supportEmail: string | null; termsUrl: string | null; privacyUrl: string | null; contactUrl: string | null };
  /** S3-compatible object storage for uploaded and shared files (S3_*); null: local disk under DATA_DIR/files. */
  s3: {
    bucket: string;
    /** S3_ENDPOINT, e.g. https://s3.eu-central-1.amazonaws.com or http://minio:9000; null: AWS for the region. */
    endpoint: string | null;
    region: string | null;
    accessKeyId: string;
    secretAccessKey: string;
    /** S3_VIRTUAL_HOSTED_STYLE: https://bucket.host/key instead of https://host/bucket/key (the default). */
    virtualHostedStyle: boolean;
  } | null;
  /** DEMO_VIDEO_URL: the operator's own Request a Demo video; null plays the walkthrough shipped in public/. */
  demoVideoUrl: string | null;
}

export interface ConfigOverrides {
  port?: string;
  dataDir?: string;
}

type Env = Record<string, string | undefined>;

const value = (env: Env, name: string): string | undefined => {
  const v = env[name]?.trim();
  return v === "" ? undefined : v;
};

function parsePort(raw: string, name: string): number {
  if (!/^\d+$/.test(raw) || Number(raw) > 65535) {
    throw new ConfigError(`${name} must be a whole number from 0 to 65535 (got "${raw}")`);
  }
  return Number(raw);
}

/** A size setting in megabytes, as bytes. */
function parseMegabytes(env: Env, name: string, fallback: string): number {
  const raw = value(env, name) ?? fallback;
  const mb = Number(raw);
  if (!Number.isFinite(mb) || mb <= 0 || mb > 2048) {
    throw new ConfigError(`${name} must be a number of megabytes from 1 to 2048 (got "${raw}")`);
  }
  return Math.round(mb * 1024 * 1024);
}

function parseSeconds(env: Env, name: string, fallback: string): number {
  const raw = value(env, name) ?? fallback;
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 3600) {
    throw new ConfigError(`${name} must be a number of seconds above 0, at most 3600 (got "${raw}")`);
  }
  return Math.round(seconds * 1000);
}

function parseBoolean(raw: string | undefined, name: string, fallback: boolean): boolean {
  if (raw === undefined) return fallback;
  if (/^(true|1|yes|on)$/i.test(raw)) return true;
  if (/^(false|0|no|off)$/i.test(raw)) return false;
  throw new ConfigError(`${name} must be true or false (got "${raw}")`);
}

function parseUrl(raw: string, name: string, protocols: string[]): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be a URL such as ${protocols[0]}//host (got "${raw}")`);
  }
  if (!protocols.includes(url.protocol)) {
    throw new ConfigError(`${name} must start with ${protocols.join(" or ")}// (got "${raw}")`);
  }
  return url;
}

/** Creates the data directory if needed and proves it is writable. */
function prepareDataDir(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
    const probe = join(dir, `.write-test-${process.pid}`);
    writeFileSync(probe, "");
    unlinkSync(probe);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new ConfigError(`DATA_DIR "${dir}" is not a writable directory (${reason})`);
  }
}

/** SESSION_SECRET, or one generated on first start and kept in the data directory. */
function sessionSecret(env: Env, dataDir: string): string {
  const given = value(env, "SESSION_SECRET");
  if (given) {
    if (given.length < 32) throw new ConfigError("SESSION_SECRET must be at least 32 characters long");
    return given;
  }
  const file = join(dataDir, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const generated = randomBytes(32).toString("hex");
  writeFileSync(file, generated, { mode: 0o600 });
  return generated;
}

function scheduledBackups(env: Env, dataDir: string): Config["scheduledBackups"] {
  const cron = value(env, "BACKUP_CRON");
  if (cron && value(env, "DATABASE_URL")) {
    throw new ConfigError("BACKUP_CRON backs up the SQLite data directory; with DATABASE_URL, back up PostgreSQL with pg_dump and the bucket with its own tools");
  }
  const dir = value(env, "BACKUP_DIR");
  const keepRaw = value(env, "BACKUP_KEEP");
  if (!cron) {
    if (dir || keepRaw) throw new ConfigError("BACKUP_DIR and BACKUP_KEEP need BACKUP_CRON (when to back up), e.g. BACKUP_CRON=\"0 2 * * *\"");
    return null;
  }
  try {
    new Cron(cron, { paused: true }).stop(); // parses the pattern, schedules nothing
  } catch (error) {
    throw new ConfigError(`BACKUP_CRON must be a cron pattern such as "0 2 * * *" (got "${cron}": ${(error as Error).message})`);
  }
  if (keepRaw !== undefined && (!/^\d+$/.test(keepRaw) || Number(keepRaw) < 1)) {
    throw new ConfigError(`BACKUP_KEEP must be a whole number above 0 (got "${keepRaw}")`);
  }
  return { cron, dir: resolve(dir ?? join(dataDir, "backups")), keep: Number(keepRaw ?? 14) };
}

function metricsToken(env: Env): string | null {
  const token = value(env, "METRICS_TOKEN");
  if (token === undefined) return null;
  if (token.length < 16) throw new ConfigError("METRICS_TOKEN must be at least 16 characters long");
  return token;
}

const BILLING_SETTINGS = [
  "STRIPE_SECRET_KEY",
  "STRIPE_PUBLISHABLE_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "STRIPE_PRICE_BASIC",
  "STRIPE_PRICE_PRO",
  "STRIPE_PRICE_UNLIMITED",
] as const;

/** A monthly price in dollars (PLAN_PRICE_*), or the catalogue's when unset. */
function planAmount(env: Env, name: string, fallback: number): number {
  const raw = value(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(raw) || Number(raw) <= 0) {
    throw new ConfigError(`${name} must be a monthly price in dollars such as 9.99 (got "${raw}")`);
  }
  return Number(raw);
}

/**
 * Billing is on when any Stripe setting is given; then every one of them must be: one message
 * names all that are missing, so an operator fixes them in one go.
 */
function billingConfig(env: Env): Config["billing"] {
  const given = BILLING_SETTINGS.filter((name) => value(env, name));
  if (given.length === 0) return null;
  const missing = BILLING_SETTINGS.filter((name) => !value(env, name));
  if (missing.length) {
    throw new ConfigError(`Billing needs every Stripe setting; missing: ${missing.join(", ")} (or unset ${given.join(", ")} to run without billing)`);
  }
  const secretKey = value(env, "STRIPE_SECRET_KEY")!;
  if (!/^(sk|rk)_/.test(secretKey)) throw new ConfigError("STRIPE_SECRET_KEY must be a Stripe secret key (sk_… or rk_…)");
  const publishableKey = value(env, "STRIPE_PUBLISHABLE_KEY")!;
  if (!publishableKey.startsWith("pk_")) throw new ConfigError("STRIPE_PUBLISHABLE_KEY must be a Stripe publishable key (pk_…)");
  const webhookSecret = value(env, "STRIPE_WEBHOOK_SECRET")!;
  if (!webhookSecret.startsWith("whsec_")) throw new ConfigError("STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_…)");
  const apiBase = value(env, "STRIPE_API_BASE");
  if (apiBase) parseUrl(apiBase, "STRIPE_API_BASE", ["http:", "https:"]);
  return {
    secretKey,
    publishableKey,
    webhookSecret,
    prices: { basic: value(env, "STRIPE_PRICE_BASIC")!, pro: value(env, "STRIPE_PRICE_PRO")!, unlimited: value(env, "STRIPE_PRICE_UNLIMITED")! },
    amounts: {
      basic: planAmount(env, "PLAN_PRICE_BASIC", getPlan("basic").price),
      pro: planAmount(env, "PLAN_PRICE_PRO", getPlan("pro").price),
      unlimited: planAmount(env, "PLAN_PRICE_UNLIMITED", getPlan("unlimited").price),
    },
    apiBase: apiBase ?? null,
  };
}

function oidcConfig(env: Env): Config["oidc"] {
  const issuer = value(env, "OIDC_ISSUER");
  const clientId = value(env, "OIDC_CLIENT_ID");
  const clientSecret = value(env, "OIDC_CLIENT_SECRET");
  const only = parseBoolean(value(env, "OIDC_ONLY"), "OIDC_ONLY", false);
  if (!issuer && !clientId && !clientSecret) {
    if (only) throw new ConfigError("OIDC_ONLY needs OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET");
    return null;
  }
  if (!issuer || !clientId || !clientSecret) {
    throw new ConfigError("OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together");
  }
  const url = parseUrl(issuer, "OIDC_ISSUER", ["https:", "http:"]);
  // Over plain http the discovery document, the keys and the tokens can all be swapped in transit.
  const allowHttp = parseBoolean(value(env, "OIDC_ALLOW_HTTP"), "OIDC_ALLOW_HTTP", false);
  if (url.protocol === "http:" && !allowHttp) {
    throw new ConfigError(`OIDC_ISSUER must start with https:// (got "${issuer}"); set OIDC_ALLOW_HTTP=true only for a provider on a private network`);
  }
  const domains = value(env, "OIDC_ALLOWED_DOMAINS")?.split(",").map((d) => d.trim().toLowerCase().replace(/^@/, "")).filter(Boolean);
  return {
    issuer,
    clientId,
    clientSecret,
    providerName: value(env, "OIDC_PROVIDER_NAME") ?? defaultProviderName(url),
    allowedDomains: domains?.length ? domains : null,
    only,
    allowHttp,
  };
}

/** A name brokers recognise for the well-known providers; otherwise the neutral "SSO". */
function defaultProviderName(issuer: URL): string {
  if (issuer.hostname === "accounts.google.com") return "Google";
  if (issuer.hostname.endsWith("microsoftonline.com")) return "Microsoft";
  return "SSO";
}

const S3_SETTINGS = ["S3_ENDPOINT", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_VIRTUAL_HOSTED_STYLE"] as const;

/**
 * Object storage is on when S3_BUCKET is set; then the keys must be too. An S3 setting without
 * S3_BUCKET is refused rather than ignored: files would quietly go to local disk instead.
 */
function s3Config(env: Env): Config["s3"] {
  const bucket = value(env, "S3_BUCKET");
  if (!bucket) {
    const stray = S3_SETTINGS.filter((name) => value(env, name));
    if (stray.length) throw new ConfigError(`${stray.join(", ")} ${stray.length === 1 ? "needs" : "need"} S3_BUCKET (or unset ${stray.length === 1 ? "it" : "them"} to keep files on local disk)`);
    return null;
  }
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{1,254}$/.test(bucket)) {
    throw new ConfigError(`S3_BUCKET must be a bucket name such as portal-files (got "${bucket}")`);
  }
  const accessKeyId = value(env, "S3_ACCESS_KEY_ID");
  const secretAccessKey = value(env, "S3_SECRET_ACCESS_KEY");
  if (!accessKeyId || !secretAccessKey) {
    const missing = [accessKeyId ? null : "S3_ACCESS_KEY_ID", secretAccessKey ? null : "S3_SECRET_ACCESS_KEY"].filter(Boolean);
    throw new ConfigError(`S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set when S3_BUCKET is set (missing: ${missing.join(", ")})`);
  }
  const endpoint = value(env, "S3_ENDPOINT");
  const region = value(env, "S3_REGION");
  if (!endpoint && !region) throw new ConfigError("S3_BUCKET needs S3_ENDPOINT (the storage service's URL) or, on AWS, S3_REGION");
  if (endpoint) parseUrl(endpoint, "S3_ENDPOINT", ["https:", "http:"]);
  if (region && !/^[a-z0-9-]{2,40}$/.test(region)) throw new ConfigError(`S3_REGION must be a region name such as eu-central-1 (got "${region}")`);
  return {
    bucket,
    endpoint: endpoint?.replace(/\/+$/, "") ?? null,
    region: region ?? null,
    accessKeyId,
    secretAccessKey,
    virtualHostedStyle: parseBoolean(value(env, "S3_VIRTUAL_HOSTED_STYLE"), "S3_VIRTUAL_HOSTED_STYLE", false),
  };
}

/** A video file the browser can play: an http(s) URL, or a path on this portal ("/media/demo.mp4"). */
function demoVideoUrl(env: Env): string | null {
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
function siteConfig(env: Env): Config["site"] {
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

function parseImagePixels(raw: string | undefined): { short: number; long: number } {
  if (!raw) return { ...LEGIBLE_A4_PIXELS };
  const match = /^(\d{1,5})\s*[x×]\s*(\d{1,5})$/i.exec(raw);
  if (!match) throw new ConfigError(`MIN_IMAGE_PIXELS must be width x height in pixels, such as 800x1100 (got "${raw}")`);
  const [a, b] = [Number(match[1]), Number(match[2])];
  return { short: Math.min(a, b), long: Math.max(a, b) };
}

/** The data directory alone, without creating it (`portal restore` needs it empty). */
export function dataDirSetting(env: Env = process.env, overrides: ConfigOverrides = {}): string {
  return resolve(overrides.dataDir ?? value(env, "DATA_DIR") ?? "./data");
}

export function loadConfig(env: Env = process.env, overrides: ConfigOverrides = {}): Config {
  const port = parsePort(overrides.port ?? value(env, "PORT") ?? "3000", overrides.port ? "--port" : "PORT");
  const host = value(env, "HOST") ?? "0.0.0.0";
  const dataDir = dataDirSetting(env, overrides);

  const publicUrlRaw = value(env, "PUBLIC_URL") ?? `http://localhost:${port}`;
  const publicUrl = parseUrl(publicUrlRaw, "PUBLIC_URL", ["http:", "https:"]);

  const smtpUrl = value(env, "SMTP_URL") ?? null;
  if (smtpUrl) parseUrl(smtpUrl, "SMTP_URL", ["smtp:", "smtps:"]);

  const maxUploadBytes = parseMegabytes(env, "MAX_UPLOAD_MB", "10");
  // SPEC 5: "hint 10MB each" for shared files.
  const shareMaxBytes = parseMegabytes(env, "SHARE_MAX_MB", "10");

  const databaseUrl = value(env, "DATABASE_URL") ?? null;
  if (databaseUrl) parseUrl(databaseUrl, "DATABASE_URL", ["postgres:", "postgresql:"]);

  const config: Omit<Config, "sessionSecret"> = {
    port,
    host,
    dataDir,
    databaseUrl,
    publicUrl: publicUrl.origin + publicUrl.pathname.replace(/\/+$/, ""),
    secureCookies: publicUrl.protocol === "https:",
    smtpUrl,
    mailFrom: value(env, "MAIL_FROM") ?? `Broker Portal <no-reply@${publicUrl.hostname}>`,
    maxUploadBytes,
    shareMaxBytes,
    clamavSocket: value(env, "CLAMAV_SOCKET") ?? null,
    minImagePixels: parseImagePixels(value(env, "MIN_IMAGE_PIXELS")),
    checkTimeLimitMs: parseSeconds(env, "CHECK_TIME_LIMIT_SECONDS", "120"),
    allowSignup: parseBoolean(value(env, "ALLOW_SIGNUP"), "ALLOW_SIGNUP", true),
    trustProxy: parseBoolean(value(env, "TRUST_PROXY"), "TRUST_PROXY", false),
    metricsToken: metricsToken(env),
    scheduledBackups: scheduledBackups(env, dataDir),
    billing: billingConfig(env),
    oidc: oidcConfig(env),
    site: siteConfig(env),
    requireTwoFactor: parseBoolean(value(env, "REQUIRE_2FA"), "REQUIRE_2FA", false),
    s3: s3Config(env),
    demoVideoUrl: demoVideoUrl(env),
  };

  // Only touch the disk once every other setting is known to be good.
  prepareDataDir(dataDir);
  return { ...config, sessionSecret: sessionSecret(env, dataDir) };
}
