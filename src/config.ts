// Every setting comes from the environment (plus `serve --port/--data`), is validated once at
// start, and a bad value stops the process with one line naming the setting.
import { randomBytes } from "node:crypto";
import { accessSync, constants, existsSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { Cron } from "croner";

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
  publicUrl: string;
  /** Cookies are marked Secure when the portal is reached over https. */
  secureCookies: boolean;
  smtpUrl: string | null;
  mailFrom: string;
  sessionSecret: string;
  maxUploadBytes: number;
  /** Each file a broker shares (SHARE_MAX_MB). */
  shareMaxBytes: number;
  allowSignup: boolean;
  trustProxy: boolean;
  /** Scheduled backups inside `portal serve`; null: none (use cron with `portal backup`). */
  scheduledBackups: { cron: string; dir: string; keep: number } | null;
  /** Bearer token that GET /metrics requires; null: metrics are off. */
  metricsToken: string | null;
  billing: {
    secretKey: string;
    publishableKey: string | null;
    webhookSecret: string | null;
    prices: { basic: string; pro: string; unlimited: string };
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
  } | null;
  /** REQUIRE_2FA: every broker with a password sets up an authenticator before using the portal. */
  requireTwoFactor: boolean;
  s3: { bucket: string; endpoint: string | null; region: string | null; accessKeyId: string; secretAccessKey: string } | null;
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

function billingConfig(env: Env): Config["billing"] {
  const secretKey = value(env, "STRIPE_SECRET_KEY");
  if (!secretKey) return null;
  const price = (name: string) => {
    const v = value(env, name);
    if (!v) throw new ConfigError(`${name} must be set when STRIPE_SECRET_KEY is set`);
    return v;
  };
  const apiBase = value(env, "STRIPE_API_BASE");
  if (apiBase) parseUrl(apiBase, "STRIPE_API_BASE", ["http:", "https:"]);
  return {
    secretKey,
    publishableKey: value(env, "STRIPE_PUBLISHABLE_KEY") ?? null,
    webhookSecret: value(env, "STRIPE_WEBHOOK_SECRET") ?? null,
    prices: { basic: price("STRIPE_PRICE_BASIC"), pro: price("STRIPE_PRICE_PRO"), unlimited: price("STRIPE_PRICE_UNLIMITED") },
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
  const domains = value(env, "OIDC_ALLOWED_DOMAINS")?.split(",").map((d) => d.trim().toLowerCase().replace(/^@/, "")).filter(Boolean);
  return {
    issuer,
    clientId,
    clientSecret,
    providerName: value(env, "OIDC_PROVIDER_NAME") ?? defaultProviderName(url),
    allowedDomains: domains?.length ? domains : null,
    only,
  };
}

/** A name brokers recognise for the well-known providers; otherwise the neutral "SSO". */
function defaultProviderName(issuer: URL): string {
  if (issuer.hostname === "accounts.google.com") return "Google";
  if (issuer.hostname.endsWith("microsoftonline.com")) return "Microsoft";
  return "SSO";
}

function s3Config(env: Env): Config["s3"] {
  const bucket = value(env, "S3_BUCKET");
  if (!bucket) return null;
  const accessKeyId = value(env, "S3_ACCESS_KEY_ID");
  const secretAccessKey = value(env, "S3_SECRET_ACCESS_KEY");
  if (!accessKeyId || !secretAccessKey) {
    throw new ConfigError("S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set when S3_BUCKET is set");
  }
  const endpoint = value(env, "S3_ENDPOINT");
  if (endpoint) parseUrl(endpoint, "S3_ENDPOINT", ["https:", "http:"]);
  return { bucket, endpoint: endpoint ?? null, region: value(env, "S3_REGION") ?? null, accessKeyId, secretAccessKey };
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

  const config: Omit<Config, "sessionSecret"> = {
    port,
    host,
    dataDir,
    publicUrl: publicUrl.origin + publicUrl.pathname.replace(/\/+$/, ""),
    secureCookies: publicUrl.protocol === "https:",
    smtpUrl,
    mailFrom: value(env, "MAIL_FROM") ?? `Broker Portal <no-reply@${publicUrl.hostname}>`,
    maxUploadBytes,
    shareMaxBytes,
    allowSignup: parseBoolean(value(env, "ALLOW_SIGNUP"), "ALLOW_SIGNUP", true),
    trustProxy: parseBoolean(value(env, "TRUST_PROXY"), "TRUST_PROXY", false),
    metricsToken: metricsToken(env),
    scheduledBackups: scheduledBackups(env, dataDir),
    billing: billingConfig(env),
    oidc: oidcConfig(env),
    requireTwoFactor: parseBoolean(value(env, "REQUIRE_2FA"), "REQUIRE_2FA", false),
    s3: s3Config(env),
  };

  // Only touch the disk once every other setting is known to be good.
  prepareDataDir(dataDir);
  return { ...config, sessionSecret: sessionSecret(env, dataDir) };
}
