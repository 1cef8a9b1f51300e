// OpenID Connect sign-in against a real provider on a random port (oauth2-mock-server), through
// the portal's HTTP routes as a browser walks them: /api/oidc/start → the provider's /authorize →
// /api/oidc/callback. Every failure must end on the landing page with a code, never a 500.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { databaseEnv, runCli } from "../support/cli.ts";
import { ssoErrorMessage } from "../../src/shared/oidc.ts";
import { CLIENT_ID, cookieNamed, finishSignIn as finish, signInWith, startProvider, startSignInOn, type TestProvider, type Walk } from "../support/oidc.ts";
import { startTestServer, type TestServer } from "../support/server.ts";
import { rows, statement } from "../support/sql.ts";

let provider: TestProvider;
let srv: TestServer;
/** The first broker, who claims brokerage.example for her workspace. */
let ada: { session: string; workspaceId: string };

beforeAll(async () => {
  provider = await startProvider();
  srv = await startTestServer(provider.env);
});
afterAll(async () => {
  await srv?.stop();
  await provider?.stop();
});

const startSignIn = (server: TestServer = srv) => startSignInOn(server, provider);
const signInWithProvider = (server: TestServer = srv): Promise<Walk> => signInWith(server, provider);

const whoAmI = (session: string) => srv.call("/api/auth/user", { headers: { cookie: session } });
const refusedWith = (walk: Walk, code: string) => {
  expect(walk).toEqual({ location: `/?sso_error=${code}`, session: null });
  expect(ssoErrorMessage(code, "Acme ID")).toBeTruthy();
};

describe("signing in with the provider", () => {
  test("the settings tell the dialog to offer Acme ID beside the password form", async () => {
    expect((await srv.call("/api/oidc/settings")).body).toEqual({ enabled: true, providerName: "Acme ID", passwordSignIn: true });
  });

  test("the first sign-in of an empty portal creates the broker, owner of the first workspace, and opens a session", async () => {
    provider.signInAs({ sub: "acme-1", email: "Ada@Brokerage.example", email_verified: true, given_name: "Ada", family_name: "Lovelace" });
    const walk = await signInWithProvider();
    expect(walk.location).toBe("/dashboard");
    expect(walk.session).toBeTruthy();
    const me = await whoAmI(walk.session!);
    expect(me.status).toBe(200);
    // The portal's first account founds its first workspace (later ones join a claimed domain's).
    expect(me.body).toMatchObject({ email: "ada@brokerage.example", firstName: "Ada", lastName: "Lovelace", role: "owner" });
    ada = { session: walk.session!, workspaceId: me.body.workspaceId };
    const claimed = await srv.call("/api/workspace", { method: "PUT", headers: { cookie: walk.session! }, body: { claimedDomains: ["Brokerage.Example"] } });
    expect(claimed).toMatchObject({ status: 200, body: { claimedDomains: ["brokerage.example"], defaultRole: "broker" } });
    // The same session as a password sign-in: it opens the broker API.
    expect((await srv.call("/api/customers", { headers: { cookie: walk.session! } })).status).toBe(200);

    // Next time the same subject finds the same broker.
    const again = await signInWithProvider();
    expect((await whoAmI(again.session!)).body.id).toBe(me.body.id);
  });

  test("an existing broker is matched by verified email", async () => {
    const broker = await srv.signUpBroker({ email: "existing@brokerage.example" });
    provider.signInAs({ sub: "acme-2", email: "existing@brokerage.example", email_verified: true });
    const walk = await signInWithProvider();
    expect(walk.location).toBe("/dashboard");
    expect((await whoAmI(walk.session!)).body.id).toBe(broker.user.id);
  });
});

describe("a first sign-in joins the workspace that claims its email's domain (issue 40: no more islands)", () => {
  const accountCount = async () => Number((await rows<{ n: number }>(srv.server.ctx.db, statement("select count(*) as n from users")))[0]!.n);
  const members = async () => (await srv.call("/api/workspace/members", { headers: { cookie: ada.session } })).body as { email: string; role: string }[];

  test("a claimed domain, in any casing: a member of that workspace with its default role, working its customers", async () => {
    expect((await srv.call("/api/workspace", { method: "PUT", headers: { cookie: ada.session }, body: { defaultRole: "assistant" } })).status).toBe(200);
    const customer = await srv.call("/api/customers", { method: "POST", headers: { cookie: ada.session }, body: { name: "Claimed Customer", email: "claimed-customer@example.com" } });
    expect(customer.status).toBe(201);
    provider.signInAs({ sub: "claim-1", email: "New.Hire@BROKERAGE.example", email_verified: true, given_name: "New", family_name: "Hire" });
    const walk = await signInWithProvider();
    expect(walk.location).toBe("/dashboard");
    const me = (await whoAmI(walk.session!)).body;
    expect(me).toMatchObject({ email: "new.hire@brokerage.example", workspaceId: ada.workspaceId, role: "assistant" });
    expect(await members()).toContainEqual(expect.objectContaining({ email: "new.hire@brokerage.example", role: "assistant" }));
    const list = (await srv.call("/api/customers", { headers: { cookie: walk.session! } })).body as { id: string }[];
    expect(list.map((c) => c.id)).toContain(customer.body.id);
    // An assistant: the workspace's settings stay the owner's.
    expect((await srv.call("/api/workspace", { method: "PUT", headers: { cookie: walk.session! }, body: { claimedDomains: ["hire.example"] } })).status).toBe(403);
    expect((await srv.call("/api/workspace", { method: "PUT", headers: { cookie: ada.session }, body: { defaultRole: "broker" } })).status).toBe(200);
  });

  test("an unclaimed domain, or a subdomain of a claimed one: refused with a reason, no account made", async () => {
    const before = await accountCount();
    for (const email of ["someone@unclaimed.example", "someone@sub.brokerage.example", "someone@brokerage.example.evil.example"]) {
      provider.signInAs({ sub: `unclaimed-${email}`, email, email_verified: true });
      refusedWith(await signInWithProvider(), "domain_not_claimed");
    }
    expect(ssoErrorMessage("domain_not_claimed", "Acme ID")).toBe(
      "No workspace on this portal has claimed your email address's domain, so signing in cannot create your account. Ask your brokerage's owner to invite you, or to claim the domain in the workspace settings.",
    );
    expect(await accountCount()).toBe(before);
  });

  test("an invitation still open for the email wins over the claim: its workspace and role", async () => {
    const other = await srv.signUpBroker({ email: "other-owner@elsewhere.example" });
    const invited = await srv.call("/api/workspace/invitations", { method: "POST", token: other.token, body: { email: "invited@brokerage.example", role: "broker" } });
    expect(invited.status).toBe(201);
    provider.signInAs({ sub: "invited-1", email: "invited@brokerage.example", email_verified: true });
    const walk = await signInWithProvider();
    expect(walk.location).toBe("/dashboard");
    const me = (await whoAmI(walk.session!)).body;
    expect(me.workspaceId).toBe((await whoAmI(other.cookie)).body.workspaceId);
    expect(me.role).toBe("broker");
    // Spent: the link no longer works.
    expect((await srv.call("/api/workspace/invitations", { token: other.token })).body).toEqual([]);
  });

  test("a removed member is told so, never brought back by the claim; a new invitation brings them back", async () => {
    provider.signInAs({ sub: "leaver-1", email: "leaver@brokerage.example", email_verified: true });
    const first = await signInWithProvider();
    const leaver = (await whoAmI(first.session!)).body;
    expect(leaver).toMatchObject({ workspaceId: ada.workspaceId, role: "broker" });
    expect((await srv.call(`/api/workspace/members/${leaver.id}`, { method: "DELETE", headers: { cookie: ada.session } })).status).toBe(200);
    refusedWith(await signInWithProvider(), "no_workspace");
    expect(ssoErrorMessage("no_workspace", "Acme ID")).toBe("Your account is no longer a member of a workspace on this portal. Ask a workspace's owner to invite you again.");
    expect((await members()).map((m) => m.email)).not.toContain("leaver@brokerage.example");

    const invited = await srv.call("/api/workspace/invitations", { method: "POST", headers: { cookie: ada.session }, body: { email: "leaver@brokerage.example", role: "assistant" } });
    expect(invited.status).toBe(201);
    const back = await signInWithProvider();
    expect(back.location).toBe("/dashboard");
    expect((await whoAmI(back.session!)).body).toMatchObject({ id: leaver.id, workspaceId: ada.workspaceId, role: "assistant" });
  });
});

describe("every failure ends on the landing page with a reason", () => {
  test("email not verified", async () => {
    provider.signInAs({ sub: "acme-3", email: "unverified@brokerage.example", email_verified: false });
    refusedWith(await signInWithProvider(), "email_not_verified");
    provider.signInAs({ sub: "acme-4" });
    refusedWith(await signInWithProvider(), "email_not_verified");
  });

  test("a token for another audience", async () => {
    provider.signInAs({ sub: "acme-5", email: "aud@brokerage.example", email_verified: true });
    provider.tamperNextIdToken((payload) => {
      payload.aud = "some-other-app";
    });
    refusedWith(await signInWithProvider(), "token_invalid");
  });

  test("an expired ID token", async () => {
    provider.signInAs({ sub: "acme-6", email: "late@brokerage.example", email_verified: true });
    provider.tamperNextIdToken((payload) => {
      const now = Math.floor(Date.now() / 1000);
      Object.assign(payload, { iat: now - 7200, nbf: now - 7200, exp: now - 3600 });
    });
    refusedWith(await signInWithProvider(), "token_invalid");
  });

  test("a wrong nonce (a token minted for another sign-in)", async () => {
    provider.signInAs({ sub: "acme-7", email: "nonce@brokerage.example", email_verified: true });
    provider.tamperNextIdToken((payload) => {
      payload.nonce = "a-nonce-from-elsewhere";
    });
    refusedWith(await signInWithProvider(), "token_invalid");
  });

  test("a tampered state, a missing binding cookie, and a replayed callback", async () => {
    provider.signInAs({ sub: "acme-8", email: "state@brokerage.example", email_verified: true });
    const tampered = await startSignIn();
    const url = new URL(tampered.callback);
    url.searchParams.set("state", "forged-state");
    refusedWith(await finish(url.href, tampered.flowCookie), "invalid_state");

    // Another browser's callback (login CSRF): no cookie for this state.
    const stolen = await startSignIn();
    refusedWith(await finish(stolen.callback, null), "invalid_state");

    const good = await startSignIn();
    expect((await finish(good.callback, good.flowCookie)).location).toBe("/dashboard");
    refusedWith(await finish(good.callback, good.flowCookie), "invalid_state");
  });

  test("a disabled broker, linked or matched by email", async () => {
    const broker = await srv.signUpBroker({ email: "gone@brokerage.example" });
    provider.signInAs({ sub: "acme-11", email: "gone@brokerage.example", email_verified: true });
    expect((await signInWithProvider()).location).toBe("/dashboard"); // linked now
    const disabled = await runCli(["admin", "disable", "--email", broker.user.email, "--data", srv.dataDir], databaseEnv(srv));
    expect(disabled.exitCode).toBe(0);
    refusedWith(await signInWithProvider(), "account_disabled");
    provider.signInAs({ sub: "acme-12", email: "gone@brokerage.example", email_verified: true });
    refusedWith(await signInWithProvider(), "account_disabled");
  });

  test("a NUL in the callback's query still ends on the landing page, never as JSON", async () => {
    const { callback, flowCookie } = await startSignIn();
    const url = new URL(callback);
    refusedWith(await finish(`${url.origin}${url.pathname}?code=%00&state=%00`, flowCookie), "invalid_state");
    refusedWith(await finish(`${callback}%00`, flowCookie), "invalid_state");
    // Elsewhere a NUL in the URL is still the JSON 400.
    const elsewhere = await srv.call("/api/oidc/settings?x=%00");
    expect(elsewhere).toMatchObject({ status: 400, body: { message: "Text cannot contain NUL characters (U+0000)." } });
  });

  test("the provider refusing the user", async () => {
    const { flowCookie } = await startSignIn();
    const state = flowCookie.split("=")[1]!;
    refusedWith(await finish(`${srv.url}/api/oidc/callback?error=access_denied&state=${state}`, flowCookie), "cancelled");
  });

  test("a domain that is not allowed, and no account with sign-up off (until a workspace claims the domain)", async () => {
    const strict = await startTestServer({ ...provider.env, OIDC_ALLOWED_DOMAINS: "brokerage.example, @partner.example", ALLOW_SIGNUP: "false" });
    try {
      provider.signInAs({ sub: "acme-9", email: "someone@gmail.example", email_verified: true });
      refusedWith(await signInWithProvider(strict), "domain_not_allowed");
      provider.signInAs({ sub: "acme-10", email: "new@partner.example", email_verified: true });
      refusedWith(await signInWithProvider(strict), "no_account");
      // Sign-up off does not stop a claimed domain: the owner's claim is the admission, as an invitation is.
      const made = await runCli(["admin", "create", "--email", "boss@partner.example", "--password", "correct horse battery", "--data", strict.dataDir], databaseEnv(strict));
      expect(made.exitCode).toBe(0);
      const boss = await strict.call("/api/auth/signin", { method: "POST", body: { email: "boss@partner.example", password: "correct horse battery" } });
      expect((await strict.call("/api/workspace", { method: "PUT", token: boss.body.token, body: { claimedDomains: ["partner.example"] } })).status).toBe(200);
      const joined = await signInWithProvider(strict);
      expect(joined.location).toBe("/dashboard");
      const me = (await strict.call("/api/auth/user", { headers: { cookie: joined.session! } })).body;
      expect(me).toMatchObject({ email: "new@partner.example", role: "broker", workspaceId: (await strict.call("/api/auth/user", { token: boss.body.token })).body.workspaceId });
    } finally {
      await strict.stop();
    }
  });

  test("the provider down", async () => {
    const down = await startTestServer({ ...provider.env, OIDC_ISSUER: "http://127.0.0.1:9/" });
    try {
      const start = await fetch(`${down.url}/api/oidc/start`, { redirect: "manual" });
      expect(start.status).toBe(302);
      expect(start.headers.get("location")).toBe("/?sso_error=provider_unavailable");
    } finally {
      await down.stop();
    }
  });
});

test("the provider going down between the redirect and the callback", async () => {
  const flaky = await startProvider();
  const server = await startTestServer(flaky.env);
  try {
    flaky.signInAs({ sub: "flaky-1", email: "flaky@brokerage.example", email_verified: true });
    const start = await fetch(`${server.url}/api/oidc/start`, { redirect: "manual" });
    const back = await fetch(start.headers.get("location")!, { redirect: "manual" });
    const returned = new URL(back.headers.get("location")!);
    await flaky.stop();
    const res = await fetch(`${server.url}${returned.pathname}${returned.search}`, { redirect: "manual", headers: { cookie: cookieNamed(start, "portal_oidc")! } });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/?sso_error=provider_unavailable");
  } finally {
    await server.stop();
  }
});

describe("OIDC_ONLY", () => {
  test("password sign-in and sign-up are refused; the dialog is told to hide the form", async () => {
    const only = await startTestServer({ ...provider.env, OIDC_ONLY: "true" });
    try {
      expect((await only.call("/api/oidc/settings")).body).toEqual({ enabled: true, providerName: "Acme ID", passwordSignIn: false });
      const signIn = await only.call("/api/auth/signin", { method: "POST", body: { email: "a@brokerage.example", password: "whatever password" } });
      expect(signIn).toMatchObject({ status: 403, body: { message: "This portal signs brokers in with Acme ID only." } });
      const signUp = await only.call("/api/auth/signup", { method: "POST", body: { email: "a@brokerage.example", password: "whatever password" } });
      expect(signUp.status).toBe(403);
    } finally {
      await only.stop();
    }
  });
});

test("without OIDC settings the routes say so on the landing page", async () => {
  const plain = await startTestServer();
  try {
    expect((await plain.call("/api/oidc/settings")).body).toEqual({ enabled: false, providerName: null, passwordSignIn: true });
    const start = await fetch(`${plain.url}/api/oidc/start`, { redirect: "manual" });
    expect(start.headers.get("location")).toBe("/?sso_error=not_configured");
  } finally {
    await plain.stop();
  }
});

test("one address may begin 30 sign-ins in 10 minutes: the next ends on the landing page and writes no flow", async () => {
  const fresh = await startTestServer(provider.env);
  const flows = async () => (await rows<{ n: number }>(fresh.server.ctx.db, statement("select count(*) as n from oidc_flows")))[0]!.n;
  try {
    for (let i = 0; i < 30; i++) {
      const start = await fetch(`${fresh.url}/api/oidc/start`, { redirect: "manual" });
      expect(start.headers.get("location")).toStartWith(provider.issuer);
    }
    expect(Number(await flows())).toBe(30);
    const refused = await fetch(`${fresh.url}/api/oidc/start`, { redirect: "manual" });
    expect(refused.headers.get("location")).toBe("/?sso_error=too_many_attempts");
    expect(ssoErrorMessage("too_many_attempts", "Acme ID")).toContain("Please wait a few minutes");
    expect(Number(await flows())).toBe(30);
    // Ten minutes on, the address may begin again.
    fresh.clock.advance(10 * 60 * 1000 + 1000);
    const again = await fetch(`${fresh.url}/api/oidc/start`, { redirect: "manual" });
    expect(again.headers.get("location")).toStartWith(provider.issuer);
  } finally {
    await fresh.stop();
  }
});

// Keeps the import honest: the client id the provider stamps as audience is the portal's.
test("the provider's ID tokens are addressed to the portal's client id", () => {
  expect(provider.env.OIDC_CLIENT_ID).toBe(CLIENT_ID);
});
