// Hostile: workspace invitations and claimed domains (issue 40). A link used twice, after it
// expired, by someone who is not the invited email, an assistant or a broker inviting, another
// workspace's invitation id, a removed member's session and password, a removed member's link
// without their second factor, an assistant or a broker claiming domains, a workspace claiming
// another's domain: each is refused (401/403/404/409, or 202 asking the code) and changes nothing.
// Handovers racing a customer's uploads lose nothing and tell exactly one member of each upload. Tables are
// read through SQL that both databases speak, so this runs on PostgreSQL too.
import { beforeAll, describe, expect, test } from "bun:test";
import { useTestServer, type Broker } from "../support/server.ts";
import { rows, statement } from "../support/sql.ts";
import { authenticatorCode, enableTwoFactor } from "../support/totp.ts";
import { sampleFiles, uploadFile } from "../support/fixtures.ts";

const srv = useTestServer();
let owner: Broker;
let outsider: Broker;

/** The rows an invitation's use could touch, as one comparable value. */
async function state(): Promise<string> {
  const db = srv.server.ctx.db;
  const parts = await Promise.all([
    rows(db, statement("select id, email from users order by id")),
    rows(db, statement("select id, user_id from sessions order by id")),
    rows(db, statement("select user_id, workspace_id, role from workspace_members order by user_id")),
    rows(db, statement("select id, workspace_id, email, role, accepted_at from workspace_invitations order by id")),
    rows(db, statement("select id, name, visibility, claimed_domains, default_role from workspaces order by id")),
    rows(db, statement("select workspace_id, company, accent_color, updated_at from workspace_branding order by workspace_id")),
    rows(db, statement("select workspace_id, key, mime_type from workspace_logos order by workspace_id")),
    rows(db, statement("select broker_id, phone, contact_email, time_zone from broker_profiles order by broker_id")),
  ]);
  return JSON.stringify(parts);
}

const invite = (email: string, role: string, token = owner.token) => srv.call("/api/workspace/invitations", { method: "POST", token, body: { email, role } });
const join = (body: Record<string, unknown>, headers?: Record<string, string>) => srv.call("/api/workspace/join", { method: "POST", body, headers });

/** An invitation's token, read from the email the portal wrote (no SMTP here: the outbox keeps it). */
async function linkTokenFor(email: string): Promise<string> {
  const [mail] = await rows<{ text: string }>(srv.server.ctx.db, statement(`select text from emails where "to" = ? and kind = 'workspace_invitation' order by created_at desc, id desc`, email));
  const token = mail?.text.match(/\/join\/([\w%-]+)/)?.[1];
  if (!token) throw new Error(`no invitation reached ${email}`);
  return decodeURIComponent(token);
}

async function member(email: string, role: string): Promise<{ token: string; id: string }> {
  expect((await invite(email, role)).status).toBe(201);
  const joined = await join({ token: await linkTokenFor(email), password: "a long enough password" });
  expect(joined.status).toBe(201);
  return { token: joined.body.token, id: joined.body.user.id };
}

async function expectRefusedUnchanged(call: () => Promise<{ status: number; body: any }>, statuses: number[]) {
  const before = await state();
  const res = await call();
  expect(statuses, `${res.status} ${JSON.stringify(res.body)}`).toContain(res.status);
  expect(typeof res.body.message).toBe("string");
  expect(await state()).toBe(before);
  return res;
}

const PASSWORD = "correct horse battery";
async function signInAgain() {
  for (const who of [owner, outsider]) {
    const res = await srv.call("/api/auth/signin", { method: "POST", body: { email: who.user.email, password: PASSWORD } });
    expect(res.status).toBe(200);
    who.token = res.body.token;
  }
}

beforeAll(async () => {
  owner = await srv.signUpBroker({ email: "boss@team.example", password: PASSWORD, firstName: "Bo", lastName: "Boss" });
  outsider = await srv.signUpBroker({ email: "eve@elsewhere.example", password: PASSWORD });
});

describe("an invitation link", () => {
  test("used twice: the second use is a 404 and creates nothing", async () => {
    expect((await invite("twice@team.example", "broker")).status).toBe(201);
    const token = await linkTokenFor("twice@team.example");
    expect((await join({ token, password: "a long enough password" })).status).toBe(201);
    await expectRefusedUnchanged(() => join({ token, password: "another long password" }), [404, 410]);
    expect((await srv.call(`/api/workspace/join/${token}`)).status).toBe(404);
  });

  test("after it expired (7 days): the check and the join say so, nothing is created", async () => {
    expect((await invite("late@team.example", "broker")).status).toBe(201);
    const token = await linkTokenFor("late@team.example");
    expect((await srv.call(`/api/workspace/join/${token}`)).status).toBe(200);
    srv.clock.advance(7 * 86_400_000 + 60_000);
    await signInAgain(); // sessions last 7 days too
    await expectRefusedUnchanged(() => srv.call(`/api/workspace/join/${token}`), [404, 410]);
    await expectRefusedUnchanged(() => join({ token, password: "a long enough password" }), [404, 410]);
    // No longer listed as pending either.
    const pending = (await srv.call("/api/workspace/invitations", { token: owner.token })).body;
    expect(pending.map((i: { email: string }) => i.email)).not.toContain("late@team.example");
  });

  test("by another email's account: the invited address is the only one it can make, and an existing account is never moved", async () => {
    expect((await invite("invited@team.example", "broker")).status).toBe(201);
    const token = await linkTokenFor("invited@team.example");
    // Signed in as someone else, naming another email: the account made is the invited one, and the caller's stays where it was.
    const joined = await join({ token, password: "a long enough password", email: "eve@elsewhere.example" }, { authorization: `Bearer ${outsider.token}` });
    if (joined.status === 201) expect(joined.body.user.email).toBe("invited@team.example");
    else expect(joined.status).toBe(400);
    const eve = (await srv.call("/api/auth/user", { token: outsider.token })).body;
    expect(eve).toMatchObject({ email: "eve@elsewhere.example", role: "owner" });
    expect(eve.workspaceId).not.toBe((await srv.call("/api/auth/user", { token: owner.token })).body.workspaceId);

    // An invitation to an address that has an account in another workspace: 409, nothing moves.
    expect((await invite("eve@elsewhere.example", "owner")).status).toBe(201);
    const eveToken = await linkTokenFor("eve@elsewhere.example");
    const res = await expectRefusedUnchanged(() => join({ token: eveToken, password: "a long enough password" }), [409]);
    expect(res.body.message).toContain("never moved automatically");
  });

  test("a guessed token: 404, and many wrong ones are throttled (429) without creating anything", async () => {
    let last = 0;
    for (let i = 0; i < 25; i++) {
      const res = await expectRefusedUnchanged(() => join({ token: `guess-${i}-${"z".repeat(40)}`, password: "a long enough password" }), [404, 429]);
      last = res.status;
    }
    expect(last).toBe(429);
    // A valid link from the same address waits too, until the window passes.
    expect((await invite("patient@team.example", "broker")).status).toBe(201);
    const token = await linkTokenFor("patient@team.example");
    expect((await srv.call(`/api/workspace/join/${token}`)).status).toBe(429);
    srv.clock.advance(16 * 60_000);
    expect((await srv.call(`/api/workspace/join/${token}`)).status).toBe(200);
  });
});

describe("who may invite", () => {
  test("an assistant and a broker of the workspace: 403, nothing sent", async () => {
    const assistant = await member("assist@team.example", "assistant");
    const broker = await member("broker@team.example", "broker");
    for (const who of [assistant, broker]) {
      await expectRefusedUnchanged(() => invite("friend@team.example", "owner", who.token), [403]);
      await expectRefusedUnchanged(() => srv.call("/api/workspace/invitations", { token: who.token }), [403]);
    }
    const pending = (await srv.call("/api/workspace/invitations", { token: owner.token })).body;
    await expectRefusedUnchanged(() => srv.call(`/api/workspace/invitations/${pending[0].id}`, { method: "DELETE", token: broker.token }), [403]);
  });

  test("another workspace's invitation id: 404 to withdraw, absent from their list", async () => {
    expect((await invite("kept@team.example", "broker")).status).toBe(201);
    const id = (await srv.call("/api/workspace/invitations", { token: owner.token })).body.find((i: { email: string }) => i.email === "kept@team.example").id;
    await expectRefusedUnchanged(() => srv.call(`/api/workspace/invitations/${id}`, { method: "DELETE", token: outsider.token }), [404]);
    expect(JSON.stringify((await srv.call("/api/workspace/invitations", { token: outsider.token })).body)).not.toContain(id);
  });

  test("a removed member's session: 401 on every invitation route; their email cannot rejoin by itself", async () => {
    const leaver = await member("leaver@team.example", "broker");
    expect((await srv.call(`/api/workspace/members/${leaver.id}`, { method: "DELETE", token: owner.token })).status).toBe(200);
    await expectRefusedUnchanged(() => invite("friend2@team.example", "owner", leaver.token), [401]);
    await expectRefusedUnchanged(() => srv.call("/api/workspace/invitations", { token: leaver.token }), [401]);
    // Their account stays, in no workspace: signing in is refused with the reason and opens no session.
    const signIn = await expectRefusedUnchanged(() => srv.call("/api/auth/signin", { method: "POST", body: { email: "leaver@team.example", password: "a long enough password" } }), [403]);
    expect(signIn.body.message).toBe("Your account is no longer a member of a workspace on this portal. Ask a workspace's owner to invite you again.");
    // Only a new invitation brings it back; the old session stays dead.
    expect((await invite("leaver@team.example", "assistant")).status).toBe(201);
    const back = await join({ token: await linkTokenFor("leaver@team.example"), password: "a new long password" });
    expect(back.status).toBe(201);
    expect(back.body.user.id).toBe(leaver.id);
    expect((await srv.call("/api/auth/user", { token: leaver.token })).status).toBe(401);
    expect((await srv.call("/api/auth/user", { token: back.body.token })).body.role).toBe("assistant");
  });

  test("a removed member with two-factor on: the invitation link alone opens no session", async () => {
    const twoFactor = await member("guarded@team.example", "broker");
    const broker = { token: twoFactor.token } as Broker;
    const { secret } = await enableTwoFactor(srv, broker);
    await signInAgain(); // the set-up moved the clock
    expect((await srv.call(`/api/workspace/members/${twoFactor.id}`, { method: "DELETE", token: owner.token })).status).toBe(200);
    expect((await invite("guarded@team.example", "broker")).status).toBe(201);
    const sessions = async () => rows(srv.server.ctx.db, statement("select id from sessions where user_id = ?", twoFactor.id));
    const answer = await join({ token: await linkTokenFor("guarded@team.example"), password: "someone else's password" });
    expect(answer.status).toBe(202);
    expect(answer.body).toMatchObject({ twoFactorRequired: true });
    expect(answer.body.token).toBeUndefined();
    expect(answer.headers.getSetCookie().filter((c) => c.includes("portal_session=") && !c.includes("portal_session=;"))).toEqual([]);
    expect(await sessions()).toEqual([]);
    // A wrong code opens nothing; the authenticator's does.
    expect((await srv.call("/api/two-factor/verify", { method: "POST", body: { challenge: answer.body.challenge, code: "000000" } })).status).toBe(401);
    const verified = await srv.call("/api/two-factor/verify", { method: "POST", body: { challenge: answer.body.challenge, code: authenticatorCode(secret, srv.clock.now()) } });
    expect(verified.status).toBe(200);
    expect((await srv.call("/api/auth/user", { token: verified.body.token })).body).toMatchObject({ id: twoFactor.id, role: "broker" });
  });
});

describe("claimed domains (PUT /api/workspace)", () => {
  test("an assistant and a broker: 403 on claiming a domain or changing the default role, nothing changes", async () => {
    const assistant = await member("claim-assist@team.example", "assistant");
    const broker = await member("claim-broker@team.example", "broker");
    for (const who of [assistant, broker]) {
      for (const body of [{ claimedDomains: ["team.example"] }, { claimedDomains: [] }, { defaultRole: "assistant" }, { claimedDomains: ["team.example"], defaultRole: "owner" }]) {
        await expectRefusedUnchanged(() => srv.call("/api/workspace", { method: "PUT", token: who.token, body }), [403]);
      }
    }
  });

  test("another workspace claiming this one's domain, however spelled, or a name under it: refused, nothing changes", async () => {
    expect((await srv.call("/api/workspace", { method: "PUT", token: owner.token, body: { claimedDomains: ["team.example"] } })).status).toBe(200);
    const attempts = [["team.example"], ["TEAM.Example"], [" team.example "], ["new.example", "team.example"], ["mail.team.example"], ["team.example."], ["team.example\u0000"], ["*.team.example"], ["tеam.example"]];
    for (const claimedDomains of attempts) {
      await expectRefusedUnchanged(() => srv.call("/api/workspace", { method: "PUT", token: outsider.token, body: { claimedDomains } }), [400, 409]);
    }
    // Public mail services and shared suffixes: nobody's to claim.
    for (const claimedDomains of [["gmail.com"], ["outlook.com"], ["co.uk"], ["com"]]) {
      await expectRefusedUnchanged(() => srv.call("/api/workspace", { method: "PUT", token: outsider.token, body: { claimedDomains } }), [400]);
    }
    // Two workspaces claiming one free domain at once: one gets it.
    const newcomer = await srv.signUpBroker({ email: "newcomer@race.example", password: PASSWORD });
    const [a, b] = await Promise.all([
      srv.call("/api/workspace", { method: "PUT", token: outsider.token, body: { claimedDomains: ["race.example"] } }),
      srv.call("/api/workspace", { method: "PUT", token: newcomer.token, body: { claimedDomains: ["race.example"] } }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const claims = await rows<{ claimed_domains: unknown }>(srv.server.ctx.db, statement("select claimed_domains from workspaces"));
    expect(claims.filter((r) => JSON.stringify(r.claimed_domains).includes("race.example"))).toHaveLength(1);
  });
});

describe("branding: the workspace's company, accent colour and logo (owner only)", () => {
  function uploadLogo(token: string) {
    const form = new FormData();
    form.append("logo", new Blob([sampleFiles.png()], { type: "image/png" }), "logo.png");
    return srv.call("/api/profile/logo", { method: "POST", body: form, token });
  }

  test("an assistant and a broker: 403 on every branding route, nothing changes, not even the profile fields sent with it", async () => {
    // Something to change or remove: the owner's own branding and logo.
    expect((await srv.call("/api/profile", { method: "PUT", token: owner.token, body: { company: "Team Lending", accentColor: "#0055aa" } })).status).toBe(200);
    expect((await uploadLogo(owner.token)).status).toBe(200);
    const assistant = await member("brand-assist@team.example", "assistant");
    const broker = await member("brand-broker@team.example", "broker");
    for (const who of [assistant, broker]) {
      for (const body of [{ company: "Hijacked Ltd" }, { accentColor: "#ff0000" }, { company: "" }, { accentColor: null }, { phone: "+1 555 0100", company: "Hijacked Ltd" }]) {
        await expectRefusedUnchanged(() => srv.call("/api/profile", { method: "PUT", token: who.token, body }), [403]);
      }
      await expectRefusedUnchanged(() => uploadLogo(who.token), [403]);
      await expectRefusedUnchanged(() => srv.call("/api/profile/logo", { method: "DELETE", token: who.token }), [403]);
    }
    // Their own contact details stay theirs to change (the refusals above are about branding only).
    expect((await srv.call("/api/profile", { method: "PUT", token: broker.token, body: { phone: "+1 555 0100" } })).status).toBe(200);
  });
});

describe("reassignment racing an upload", () => {
  test("each upload lands once, the customer ends with the last assignee, and exactly one member hears of each upload", async () => {
    const bea = await member("bea@team.example", "broker");
    const docs = ["Paystub", "W-2", "Bank statement", "Photo ID", "Tax return", "Lease"].map((name) => ({ name }));
    const made = await srv.call("/api/customers", { method: "POST", token: owner.token, body: { email: "racer@example.com", name: "Rae Racer", requiredDocuments: docs } });
    expect(made.status).toBe(201);
    const documents = made.body.documents as { id: string }[];
    const [ownerId, beaId] = [owner.user.id, bea.id];

    // Each upload starts together with a handover; the handovers alternate between the two members.
    const results = await Promise.all(
      documents.flatMap((doc, i) => [
        uploadFile(srv, made.body.uploadLink, doc.id, { bytes: sampleFiles.pdf() }),
        srv.call(`/api/customers/${made.body.id}/assignee`, { method: "PUT", token: owner.token, body: { memberId: i % 2 === 0 ? beaId : ownerId } }),
      ]),
    );
    expect(results.map((r) => r.status)).toEqual(documents.flatMap(() => [200, 200]));
    // A last handover after every upload settled decides the assignee.
    expect((await srv.call(`/api/customers/${made.body.id}/assignee`, { method: "PUT", token: owner.token, body: { memberId: beaId } })).status).toBe(200);

    const db = srv.server.ctx.db;
    const stored = await rows<{ id: string; status: string; storage_key: string | null }>(db, statement("select id, status, storage_key from documents where customer_id = ? order by id", made.body.id));
    expect(stored).toHaveLength(documents.length);
    expect(stored.every((d) => d.status === "uploaded" && d.storage_key)).toBe(true);
    expect((await rows<{ assignee_id: string }>(db, statement("select assignee_id from customers where id = ?", made.body.id)))[0]!.assignee_id).toBe(beaId);

    // Every upload told one member (whoever was the assignee when it committed), never both, never nobody.
    const told = await rows<{ broker_id: string; metadata: unknown }>(db, statement("select broker_id, metadata from notifications where audience = 'broker' and type = 'document_uploaded'"));
    for (const doc of documents) {
      const about = told.filter((n) => JSON.stringify(n.metadata).includes(doc.id));
      expect(about, doc.id).toHaveLength(1);
      expect([ownerId, beaId]).toContain(about[0]!.broker_id);
    }
  });
});
