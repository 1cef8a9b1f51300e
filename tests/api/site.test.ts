// SUPPORT_EMAIL and the footer's Terms, Privacy and Contact: set by the operator, served to the
// landing page by GET /api/site, never a placeholder.
import { afterEach, describe, expect, test } from "bun:test";
import { ConfigError, loadConfig } from "../../src/config.ts";
import { startTestServer, tempDir, type TestServer } from "../support/server.ts";

const running: TestServer[] = [];
afterEach(async () => {
  while (running.length) await running.pop()!.stop();
});
async function site(env: Record<string, string>) {
  const srv = await startTestServer(env);
  running.push(srv);
  return srv.call("/api/site");
}

describe("GET /api/site", () => {
  test("serves what the operator set", async () => {
    const res = await site({
      SUPPORT_EMAIL: "Help@Brokerage.example",
      TERMS_URL: "https://brokerage.example/terms",
      PRIVACY_URL: "https://brokerage.example/privacy",
      CONTACT_URL: "https://brokerage.example/contact",
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      supportEmail: "help@brokerage.example",
      termsUrl: "https://brokerage.example/terms",
      privacyUrl: "https://brokerage.example/privacy",
      contactUrl: "https://brokerage.example/contact",
    });
  });

  test("unset, every entry is null: no example.com placeholder anywhere", async () => {
    const res = await site({});
    expect(res.body).toEqual({ supportEmail: null, termsUrl: null, privacyUrl: null, contactUrl: null });
  });
});

test.each([
  [{ SUPPORT_EMAIL: "not an address" }, "SUPPORT_EMAIL"],
  [{ TERMS_URL: "javascript:alert(1)" }, "TERMS_URL"],
  [{ PRIVACY_URL: "/privacy" }, "PRIVACY_URL"],
  [{ CONTACT_URL: "ftp://x.example" }, "CONTACT_URL"],
])("a bad %j stops the portal naming the setting", (env, name) => {
  expect(() => loadConfig({ DATA_DIR: tempDir(), ...env })).toThrow(ConfigError);
  expect(() => loadConfig({ DATA_DIR: tempDir(), ...env })).toThrow(name);
});
