// Every setting comes from the environment (plus `serve --port/--data`), is validated once at
// start, and a bad value stops the process with one line naming the setting. This file assembles
// the Config; each concern's settings are read and checked in src/config/ (parse.ts: how a value is
// read; data-dir.ts, uploads.ts, mail.ts, billing.ts, oidc.ts, s3.ts, site.ts, signing.ts,
// webhooks.ts, model-endpoint.ts).
import { resolve } from "node:path";
import { billingConfig, type BillingConfig } from "./config/billing.ts";
import { prepareDataDir, scheduledBackups, sessionSecret, type BackupSchedule } from "./config/data-dir.ts";
import { oidcConfig, type OidcConfig } from "./config/oidc.ts";
import { ConfigError, parseBoolean, parseMegabytes, parsePort, parseSeconds, parseUrl, value, type Env } from "./config/parse.ts";
import { s3Config, type S3Config } from "./config/s3.ts";
import { signingCertificate, type SigningCertificate } from "./config/signing.ts";
import { demoVideoUrl, siteConfig, type SiteConfig } from "./config/site.ts";
import { reviewEmailWindowMs } from "./config/mail.ts";
import { parseImagePixels } from "./config/uploads.ts";
import { webhooksAllowPrivate } from "./config/webhooks.ts";
import { modelEndpointConfig, type ModelEndpointConfig } from "./config/model-endpoint.ts";

export { ConfigError };

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** DATABASE_URL: PostgreSQL (postgres://…) for several instances; null: SQLite in dataDir. */
  databaseUrl: string | null;
  /** DATABASE_WAIT_SECONDS, in ms: how long a start waits for PostgreSQL to answer (it may be starting too). */
  databaseWaitMs: number;
  publicUrl: string;
  /** Cookies are marked Secure when the portal is reached over https. */
  secureCookies: boolean;
  smtpUrl: string | null;
  mailFrom: string;
  /** REVIEW_EMAIL_WINDOW_SECONDS, in ms: a customer's review outcomes within it go out as one email. */
  reviewEmailWindowMs: number;
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
  scheduledBackups: BackupSchedule | null;
  /** Bearer token that GET /metrics requires; null: metrics are off. */
  metricsToken: string | null;
  /** Stripe billing; null: billing off (every broker on the unlimited plan, nothing charged). */
  billing: BillingConfig | null;
  /** OpenID Connect sign-in for brokers (src/features/oidc); null: off. */
  oidc: OidcConfig | null;
  /** REQUIRE_2FA: every broker with a password sets up an authenticator before using the portal. */
  requireTwoFactor: boolean;
  /** What the landing page's footer offers; null where the operator set nothing (the link is then left out). */
  site: SiteConfig;
  /** S3-compatible object storage for uploaded and shared files (S3_*); null: local disk under DATA_DIR/files. */
  s3: S3Config | null;
  /** S3_WAIT_SECONDS, in ms: how long a start waits for the storage service to answer (it may be starting too). */
  s3WaitMs: number;
  /** DEMO_VIDEO_URL: the operator's own Request a Demo video; null plays the walkthrough shipped in public/. */
  demoVideoUrl: string | null;
  /** SIGNING_CERT_FILE + SIGNING_CERT_PASSWORD, opened at start; null: a self-signed certificate kept in DATA_DIR seals signed PDFs. */
  signingCertificate: SigningCertificate | null;
  /** WEBHOOKS_ALLOW_PRIVATE: webhooks may go to private, loopback and link-local addresses, and over plain http. */
  webhooksAllowPrivate: boolean;
  /** LLM_BASE_URL, LLM_MODEL, LLM_API_KEY: an OpenAI-compatible model asked for checklists and second opinions; null (the default): nothing is sent anywhere. */
  modelEndpoint: ModelEndpointConfig | null;
}

export interface ConfigOverrides {
  port?: string;
  dataDir?: string;
}

function metricsToken(env: Env): string | null {
  const token = value(env, "METRICS_TOKEN");
  if (token === undefined) return null;
  if (token.length < 16) throw new ConfigError("METRICS_TOKEN must be at least 16 characters long");
  return token;
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
  const databaseWaitMs = parseSeconds(env, "DATABASE_WAIT_SECONDS", "60");

  const config: Omit<Config, "sessionSecret"> = {
    port,
    host,
    dataDir,
    databaseUrl,
    databaseWaitMs,
    publicUrl: publicUrl.origin + publicUrl.pathname.replace(/\/+$/, ""),
    secureCookies: publicUrl.protocol === "https:",
    smtpUrl,
    mailFrom: value(env, "MAIL_FROM") ?? `Broker Portal <no-reply@${publicUrl.hostname}>`,
    reviewEmailWindowMs: reviewEmailWindowMs(env),
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
    s3WaitMs: parseSeconds(env, "S3_WAIT_SECONDS", "60"),
    demoVideoUrl: demoVideoUrl(env),
    signingCertificate: signingCertificate(env),
    webhooksAllowPrivate: webhooksAllowPrivate(env),
    modelEndpoint: modelEndpointConfig(env),
  };

  // Only touch the disk once every other setting is known to be good.
  prepareDataDir(dataDir);
  return { ...config, sessionSecret: sessionSecret(env, dataDir) };
}
