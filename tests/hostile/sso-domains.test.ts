// Hostile: single sign-on against claimed domains (issue 40). A workspace claims acme.example; an
// attacker whose provider account has an address that only looks like it (another casing is the
// same address and joins; a subdomain, a longer name ending in it, a look-alike letter, a trailing
// dot, an unverified or string "true" email_verified) must end on the landing page with no account
// made and no member added. Exact matching of the domain is the documented rule.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { signInWith, startProvider, type TestProvider } from "../support/oidc.ts";
import { startTestServer, type Broker, type TestServer } from "../support/server.ts";
import { rows, statement } from "../support/sql.ts";

let provider: TestProvider;
let srv: TestServer;
let owner: Broker;

beforeAll(async () => {
  provider = await startProvider();
  srv = await startTestServer(provider.env);
  owner = await srv.signUpBroker({ email: "owner@acme.example" });
  const claimed = await srv.call("/api/workspace", { method: "PUT", token: owner.token, body: { claimedDomains: ["acme.example"], defaultRole: "assistant" } });
  expect(claimed.status).toBe(200);
});
afterAll(async () => {
  await srv?.stop();
  await provider?.stop();
});

const accountsAndMembers = async () =>
  JSON.stringify(
    await Promise.all([
      rows(srv.server.ctx.db, statement("select id, email from users order by id")),
      rows(srv.server.ctx.db, statement("select user_id, workspace_id, role from workspace_members order by user_id")),
      rows(srv.server.ctx.db, statement("select user_id from broker_oidc_identities order by user_id")),
    ]),
  );

describe("a first sign-in from an address that only looks like the claimed domain", () => {
  const lookAlikes = [
    "mallory@sub.acme.example",
    "mallory@acme.example.evil.example",
    "mallory@evilacme.example",
    "mallory@acme-example.example",
    "mallory@аcme.example", // Cyrillic а
    "mallory@acme.example.",
    "mallory@acme.example@evil.example",
    "\"mallory@acme.example\"@evil.example",
  ];
  for (const email of lookAlikes) {
    test(`${JSON.stringify(email)}: refused, nothing made`, async () => {
      const before = await accountsAndMembers();
      provider.signInAs({ sub: `mallory-${email}`, email, email_verified: true });
      const walk = await signInWith(srv, provider);
      expect(walk.session).toBeNull();
      expect(walk.location).toMatch(/^\/\?sso_error=(domain_not_claimed|email_not_verified)$/);
      expect(await accountsAndMembers()).toBe(before);
    });
  }

  test("the claimed domain without a verified email (false, or the string \"true\"): refused, nothing made", async () => {
    const before = await accountsAndMembers();
    for (const verified of [false, "true"]) {
      provider.signInAs({ sub: `unverified-${verified}`, email: "mallory@acme.example", email_verified: verified as boolean });
      expect(await signInWith(srv, provider)).toEqual({ location: "/?sso_error=email_not_verified", session: null });
    }
    expect(await accountsAndMembers()).toBe(before);
  });

  test("another casing is the same address: it joins with the default role, as an assistant, not an owner", async () => {
    provider.signInAs({ sub: "real-colleague", email: "Colleague@ACME.Example", email_verified: true });
    const walk = await signInWith(srv, provider);
    expect(walk.location).toBe("/dashboard");
    const me = (await srv.call("/api/auth/user", { headers: { cookie: walk.session! } })).body;
    expect(me).toMatchObject({ email: "colleague@acme.example", role: "assistant", workspaceId: (await srv.call("/api/auth/user", { token: owner.token })).body.workspaceId });
    // An assistant it is: the workspace's settings, members and invitations stay out of reach.
    expect((await srv.call("/api/workspace", { method: "PUT", headers: { cookie: walk.session! }, body: { defaultRole: "broker" } })).status).toBe(403);
  });
});
