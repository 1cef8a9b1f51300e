// The settings of issue 19: OIDC_* (provider name, allowed domains, OIDC_ONLY) and REQUIRE_2FA.
import { afterAll, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { ConfigError, loadConfig } from "../../src/config.ts";
import { tempDir } from "../support/server.ts";

const dirs: string[] = [];
const load = (env: Record<string, string>) => {
  const dir = tempDir("portal-config-");
  dirs.push(dir);
  return loadConfig({ DATA_DIR: dir, ...env });
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const oidc = { OIDC_ISSUER: "https://accounts.google.com", OIDC_CLIENT_ID: "id", OIDC_CLIENT_SECRET: "secret" };

test("defaults: no provider, two-factor optional", () => {
  expect(load({})).toMatchObject({ oidc: null, requireTwoFactor: false });
});

test("a provider: its name guessed from the issuer or given, domains tidied, OIDC_ONLY off", () => {
  expect(load(oidc).oidc).toEqual({ issuer: oidc.OIDC_ISSUER, clientId: "id", clientSecret: "secret", providerName: "Google", allowedDomains: null, only: false, allowHttp: false });
  expect(load({ ...oidc, OIDC_ISSUER: "https://login.microsoftonline.com/t/v2.0" }).oidc?.providerName).toBe("Microsoft");
  expect(load({ ...oidc, OIDC_ISSUER: "https://id.example.com/realms/b" }).oidc?.providerName).toBe("SSO");
  const named = load({ ...oidc, OIDC_PROVIDER_NAME: "Brokerage Login", OIDC_ALLOWED_DOMAINS: " Brokerage.com, @partner.co.uk ,", OIDC_ONLY: "true" }).oidc;
  expect(named).toMatchObject({ providerName: "Brokerage Login", allowedDomains: ["brokerage.com", "partner.co.uk"], only: true });
});

test("bad values stop the portal with a line naming the setting", () => {
  const message = (env: Record<string, string>) => {
    try {
      load(env);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    }
    throw new Error("expected a ConfigError");
  };
  expect(message({ OIDC_ONLY: "true" })).toBe("OIDC_ONLY needs OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET");
  expect(message({ ...oidc, OIDC_ONLY: "maybe" })).toBe('OIDC_ONLY must be true or false (got "maybe")');
  expect(message({ REQUIRE_2FA: "sometimes" })).toBe('REQUIRE_2FA must be true or false (got "sometimes")');
  expect(load({ REQUIRE_2FA: "true" }).requireTwoFactor).toBe(true);
});

test("an http:// issuer needs the operator's explicit OIDC_ALLOW_HTTP=true", () => {
  const plain = { ...oidc, OIDC_ISSUER: "http://id.brokerage.lan/realms/b" };
  expect(() => load(plain)).toThrow(
    'OIDC_ISSUER must start with https:// (got "http://id.brokerage.lan/realms/b"); set OIDC_ALLOW_HTTP=true only for a provider on a private network',
  );
  expect(() => load({ ...plain, OIDC_ALLOW_HTTP: "false" })).toThrow("OIDC_ISSUER must start with https://");
  expect(load({ ...plain, OIDC_ALLOW_HTTP: "true" }).oidc).toMatchObject({ issuer: plain.OIDC_ISSUER, allowHttp: true });
  // The opt-in does not loosen an https:// issuer's checks; it is only recorded.
  expect(load({ ...oidc, OIDC_ALLOW_HTTP: "true" }).oidc?.allowHttp).toBe(true);
});
