import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ConfigError, loadConfig } from "../../src/config.ts";
import { tempDir } from "../support/server.ts";

const dirs: string[] = [];
const dataDir = () => {
  const dir = tempDir("portal-config-");
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const errorOf = (env: Record<string, string>) => {
  try {
    loadConfig({ DATA_DIR: dataDir(), ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("expected a ConfigError");
};

describe("defaults", () => {
  test("embedded defaults: port 3000, ./data, no SMTP, billing off, 10 MB uploads, sign-up open", () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      port: 3000,
      dataDir: dir,
      publicUrl: "http://localhost:3000",
      secureCookies: false,
      smtpUrl: null,
      billing: null,
      oidc: null,
      s3: null,
      maxUploadBytes: 10 * 1024 * 1024,
      shareMaxBytes: 10 * 1024 * 1024,
      allowSignup: true,
      metricsToken: null,
      scheduledBackups: null,
    });
  });

  test("SHARE_MAX_MB sets the size of each shared file", () => {
    expect(loadConfig({ DATA_DIR: dataDir(), SHARE_MAX_MB: "1" }).shareMaxBytes).toBe(1024 * 1024);
  });

  test("WEBHOOKS_ALLOW_PRIVATE is off unless set to true", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).webhooksAllowPrivate).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), WEBHOOKS_ALLOW_PRIVATE: "true" }).webhooksAllowPrivate).toBe(true);
  });

  test("the model endpoint is off unless LLM_BASE_URL is set; with it, LLM_MODEL is required and the timeout is 10 s", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).modelEndpoint).toBeNull();
    expect(loadConfig({ DATA_DIR: dataDir(), LLM_BASE_URL: "http://127.0.0.1:11434/v1/", LLM_MODEL: "llama3" }).modelEndpoint).toEqual({
      baseUrl: "http://127.0.0.1:11434/v1",
      model: "llama3",
      apiKey: null,
      timeoutMs: 10_000,
    });
    expect(errorOf({ LLM_BASE_URL: "http://127.0.0.1:11434/v1" })).toContain("LLM_MODEL");
    expect(errorOf({ LLM_MODEL: "llama3" })).toContain("LLM_BASE_URL");
    expect(errorOf({ LLM_BASE_URL: "ftp://models", LLM_MODEL: "x" })).toContain("LLM_BASE_URL");
  });

  test("a session secret is generated once, kept in DATA_DIR with mode 600, and reused", () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).sessionSecret;
    expect(first).toHaveLength(64);
    expect(statSync(join(dir, "session-secret")).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(first);
    expect(readFileSync(join(dir, "session-secret"), "utf8")).toBe(first);
  });

  test("--port and --data override PORT and DATA_DIR; PUBLIC_URL follows the port", () => {
    const dir = dataDir();
    const config = loadConfig({ PORT: "4000", DATA_DIR: "/nonexistent-elsewhere" }, { port: "5050", dataDir: dir });
    expect(config.port).toBe(5050);
    expect(config.dataDir).toBe(dir);
    expect(config.publicUrl).toBe("http://localhost:5050");
  });

  test("DATA_DIR is created when missing", () => {
    const dir = join(dataDir(), "nested", "data");
    loadConfig({ DATA_DIR: dir });
    expect(existsSync(dir)).toBe(true);
  });

  test("PUBLIC_URL loses its trailing slash; https turns on secure cookies", () => {
    const config = loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: "https://docs.example.com/" });
    expect(config.publicUrl).toBe("https://docs.example.com");
    expect(config.secureCookies).toBe(true);
  });
});

describe("bad settings name the setting", () => {
  test.each([
    [{ PORT: "abc" }, 'PORT must be a whole number from 0 to 65535 (got "abc")'],
    [{ PORT: "70000" }, 'PORT must be a whole number from 0 to 65535 (got "70000")'],
    [{ PUBLIC_URL: "portal.example.com" }, "PUBLIC_URL must be a URL"],
    [{ PUBLIC_URL: "ftp://portal.example.com" }, "PUBLIC_URL must start with http: or https://"],
    [{ SMTP_URL: "mail.example.com:25" }, "SMTP_URL must"],
    [{ MAX_UPLOAD_MB: "lots" }, 'MAX_UPLOAD_MB must be a number of megabytes from 1 to 2048 (got "lots")'],
    [{ MAX_UPLOAD_MB: "0" }, "MAX_UPLOAD_MB must be"],
    [{ SHARE_MAX_MB: "ten" }, 'SHARE_MAX_MB must be a number of megabytes from 1 to 2048 (got "ten")'],
    [{ SHARE_MAX_MB: "-1" }, "SHARE_MAX_MB must be"],
    [{ CHECK_TIME_LIMIT_SECONDS: "never" }, 'CHECK_TIME_LIMIT_SECONDS must be a number of seconds above 0, at most 3600 (got "never")'],
    [{ CHECK_TIME_LIMIT_SECONDS: "0" }, "CHECK_TIME_LIMIT_SECONDS must be"],
    [{ ALLOW_SIGNUP: "maybe" }, 'ALLOW_SIGNUP must be true or false (got "maybe")'],
    [{ WEBHOOKS_ALLOW_PRIVATE: "sometimes" }, 'WEBHOOKS_ALLOW_PRIVATE must be true or false (got "sometimes")'],
    [{ SESSION_SECRET: "short" }, "SESSION_SECRET must be at least 32 characters long"],
    [
      { STRIPE_SECRET_KEY: "sk_test_123" },
      "Billing needs every Stripe setting; missing: STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_BASIC, STRIPE_PRICE_PRO, STRIPE_PRICE_UNLIMITED",
    ],
    [{ STRIPE_PRICE_PRO: "price_p" }, "missing: STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_BASIC, STRIPE_PRICE_UNLIMITED"],
    [{ OIDC_ISSUER: "https://id.example.com" }, "OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together"],
    [{ S3_BUCKET: "docs" }, "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set when S3_BUCKET is set"],
    [{ METRICS_TOKEN: "guessable" }, "METRICS_TOKEN must be at least 16 characters long"],
    [{ BACKUP_CRON: "every night" }, 'BACKUP_CRON must be a cron pattern such as "0 2 * * *" (got "every night"'],
    [{ BACKUP_CRON: "0 2 * * *", BACKUP_KEEP: "all" }, 'BACKUP_KEEP must be a whole number above 0 (got "all")'],
    [{ BACKUP_DIR: "/backups" }, "BACKUP_DIR and BACKUP_KEEP need BACKUP_CRON"],
  ])("%j", (env, message) => {
    expect(errorOf(env)).toContain(message);
  });

  test("an unwritable DATA_DIR is refused with its path", () => {
    const file = join(dataDir(), "a-file");
    writeFileSync(file, "not a directory");
    const message = errorOf({ DATA_DIR: join(file, "data") });
    expect(message).toStartWith(`DATA_DIR "${join(file, "data")}" is not a writable directory`);
  });

  test("billing turns on with the Stripe keys and all three prices", () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      STRIPE_SECRET_KEY: "sk_test_1",
      STRIPE_PUBLISHABLE_KEY: "pk_test_1",
      STRIPE_WEBHOOK_SECRET: "whsec_1",
      PLAN_PRICE_BASIC: "29.99",
      STRIPE_PRICE_BASIC: "price_b",
      STRIPE_PRICE_PRO: "price_p",
      STRIPE_PRICE_UNLIMITED: "price_u",
      STRIPE_API_BASE: "http://127.0.0.1:12111",
    });
    expect(config.billing).toMatchObject({
      secretKey: "sk_test_1",
      publishableKey: "pk_test_1",
      webhookSecret: "whsec_1",
      prices: { basic: "price_b", pro: "price_p", unlimited: "price_u" },
      amounts: { basic: 29.99, pro: 59.99, unlimited: 99.99 },
    });
  });
});
