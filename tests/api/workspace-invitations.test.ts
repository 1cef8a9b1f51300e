// Invitations (issue 40): the owner invites an email with a role; the link in the email (sent
// through a real SMTP server) creates a broker account in that workspace, signed in, with the
// role, seeing the workspace's customers as its visibility says.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestServer, type Broker, type TestServer } from "../support/server.ts";
import { startSmtp, waitFor, type TestSmtp } from "../support/smtp.ts";
import { rows, statement } from "../support/sql.ts";
import { hashToken } from "../../src/lib/tokens.ts";
import { sampleFiles, uploadFile } from "../support/fixtures.ts";

let smtp: TestSmtp;
let srv: TestServer;
let owner: Broker;
beforeAll(async () => {
  smtp = await startSmtp();
  srv = await startTestServer({ SMTP_URL: smtp.url, PUBLIC_URL: "https://portal.example.com" });
  owner = await srv.signUpBroker({ email: "owner@acme.example", firstName: "Olive", lastName: "Owner" });
});
afterAll(async () => {
  await srv.stop();
  await smtp.stop();
});

/** How many invitations have been sent to each address, so a test waits for exactly that many emails. */
const invitationsSent = new Map<string, number>();
async function invite(body: { email?: unknown; role?: unknown }, token = owner.token) {
  const res = await srv.call("/api/workspace/invitations", { method: "POST", token, body });
  if (res.status === 201) invitationsSent.set(res.body.email, (invitationsSent.get(res.body.email) ?? 0) + 1);
  return res;
}
const join = (body: unknown) => srv.call("/api/workspace/join", { method: "POST", body });

/** The join link's token from the newest email that reached `email`. */
async function emailedToken(email: string): Promise<string> {
  const link = /https:\/\/portal\.example\.com\/join\/([\w%-]+)/;
  const linkMails = () => smtp.received.filter((m) => m.to.includes(email) && link.test(m.body));
  await srv.runJobs();
  // The background worker may have claimed the job first and still be talking to the SMTP server.
  await waitFor(() => linkMails().length >= (invitationsSent.get(email) ?? 1), 10_000, `a join link to ${email}`);
  return decodeURIComponent(linkMails().at(-1)!.body.match(link)![1]!);
}

describe("invite → email → join", () => {
  test("the invited broker signs in as a member with the role and sees the workspace's customers", async () => {
    const customer = await srv.call("/api/customers", { method: "POST", token: owner.token, body: { email: "carla@example.com", name: "Carla Customer", requiredDocuments: [{ name: "Paystub" }] } });
    expect(customer.status).toBe(201);

    const sent = await invite({ email: "Bea@Acme.example", role: "broker" });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ email: "bea@acme.example", role: "broker" });
    const days = (Date.parse(sent.body.expiresAt) - srv.clock.now().getTime()) / 86_400_000;
    expect(days).toBeCloseTo(7, 3);

    const token = await emailedToken("bea@acme.example");
    const mail = smtp.received.filter((m) => m.to.includes("bea@acme.example")).at(-1)!;
    expect(mail.subject).toContain("Olive Owner invited you to join");
    expect(mail.raw).toContain("<html"); // the HTML part, as every other email has
    // Only the hash is stored: the token itself is nowhere in the database.
    const stored = await rows<{ token_hash: string }>(srv.server.ctx.db, statement("select token_hash from workspace_invitations where id = ?", sent.body.id));
    expect(stored).toEqual([{ token_hash: hashToken(token) }]);

    const check = await srv.call(`/api/workspace/join/${token}`);
    expect(check.status).toBe(200);
    expect(check.body).toEqual({ email: "bea@acme.example", workspaceName: "Olive Owner", role: "broker" });

    expect((await join({ token, password: "short" })).status).toBe(400);
    const joined = await join({ token, password: "a long enough password", firstName: "Bea", lastName: "Broker" });
    expect(joined.status).toBe(201);
    expect(joined.headers.get("set-cookie") ?? "").toContain("HttpOnly");
    expect(joined.body.user).toMatchObject({ email: "bea@acme.example", firstName: "Bea" });

    const me = await srv.call("/api/auth/user", { token: joined.body.token });
    const ownerMe = await srv.call("/api/auth/user", { token: owner.token });
    expect(me.body).toMatchObject({ role: "broker", workspaceId: ownerMe.body.workspaceId });
    const seen = await srv.call("/api/customers", { token: joined.body.token });
    expect(JSON.stringify(seen.body)).toContain("Carla Customer");
    // Signing in with the password works too, and the invitation is no longer pending.
    expect((await srv.call("/api/auth/signin", { method: "POST", body: { email: "bea@acme.example", password: "a long enough password" } })).status).toBe(200);
    expect((await srv.call("/api/workspace/invitations", { token: owner.token })).body).toEqual([]);

    // In "assigned" mode the new broker sees only their own customers.
    expect((await srv.call("/api/workspace", { method: "PUT", token: owner.token, body: { visibility: "assigned" } })).status).toBe(200);
    expect(JSON.stringify((await srv.call("/api/customers", { token: joined.body.token })).body)).not.toContain("Carla Customer");
    await srv.call("/api/workspace", { method: "PUT", token: owner.token, body: { visibility: "all" } });
  });

  test("an assistant joins as an assistant", async () => {
    expect((await invite({ email: "ann@acme.example", role: "assistant" })).status).toBe(201);
    const joined = await join({ token: await emailedToken("ann@acme.example"), password: "a long enough password" });
    expect(joined.status).toBe(201);
    expect((await srv.call("/api/auth/user", { token: joined.body.token })).body.role).toBe("assistant");
    expect((await invite({ email: "x@acme.example", role: "broker" }, joined.body.token)).status).toBe(403);
  });
});

// A member who joined has no workspace of their own (a founder's workspace has the founder's id,
// workspaces/founding.ts), so anything still keyed by the member's own id fails for them only.
test("a member who joined works the workspace's customers: add, share, review, resend, the plan, the notifications", async () => {
  expect((await invite({ email: "wes@acme.example", role: "broker" })).status).toBe(201);
  const joined = await join({ token: await emailedToken("wes@acme.example"), password: "a long enough password", firstName: "Wes", lastName: "Worker" });
  expect(joined.status).toBe(201);
  const wes = joined.body.token as string;

  const made = await srv.call("/api/customers", { method: "POST", token: wes, body: { email: "dora@example.com", name: "Dora Customer", requiredDocuments: [{ name: "Paystub" }, { name: "Photo ID" }] } });
  expect(made.status).toBe(201);
  expect(made.body.assigneeId).toBe(joined.body.user.id);
  const [paystub, photoId] = made.body.documents as { id: string }[];
  expect((await srv.call(`/api/customers/${made.body.id}/resend-invitation`, { method: "POST", token: wes })).status).toBe(200);

  // The customer uploads through the portal: the assignee is notified, and nobody outside the workspace.
  expect((await uploadFile(srv, made.body.uploadLink, paystub!.id, { bytes: sampleFiles.pdf() })).status).toBe(200);
  const notes = await srv.call("/api/notifications", { token: wes });
  expect(JSON.stringify(notes.body)).toContain("Dora Customer");

  const approved = await srv.call(`/api/documents/${paystub!.id}/verify`, { method: "POST", token: wes, body: { status: "approved" } });
  expect(approved.status).toBe(200);
  expect((await uploadFile(srv, made.body.uploadLink, photoId!.id, { bytes: sampleFiles.pdf() })).status).toBe(200);
  const sentBack = await srv.call(`/api/documents/${photoId!.id}/verify`, { method: "POST", token: wes, body: { status: "rejected", rejectionReason: "Blurry" } });
  expect(sentBack.status).toBe(200);

  const form = new FormData();
  form.append("documents", new Blob([sampleFiles.pdf()], { type: "application/pdf" }), "rate-lock.pdf");
  form.append("customerIds", JSON.stringify([made.body.id]));
  expect((await srv.call("/api/documents/share", { method: "POST", token: wes, body: form })).status).toBe(201);


  // The plan is the workspace's: the member reads the owner's, counting the workspace's customers.
  const plan = (await srv.call("/api/subscription", { token: wes })).body;
  const ownersPlan = (await srv.call("/api/subscription", { token: owner.token })).body;
  expect(plan).toEqual(ownersPlan);
  // The audit trail records the member as who acted.
  const audit = await srv.call(`/api/customer/${made.body.id}/audit`, { token: owner.token });
  expect(audit.status).toBe(200);
  expect(JSON.stringify(audit.body)).toContain("Wes Worker");
});

describe("the owner's invitations", () => {
  test("a member's address: 409; the same email again replaces the pending one; withdrawing ends the link", async () => {
    const member = await invite({ email: "bea@acme.example", role: "broker" });
    expect(member.status).toBe(409);
    expect(member.body.message).toBe("This email already belongs to a member of this workspace.");
    expect((await invite({ email: "owner@acme.example", role: "owner" })).status).toBe(409);

    const first = await invite({ email: "cy@acme.example", role: "broker" });
    const firstToken = await emailedToken("cy@acme.example");
    const second = await invite({ email: "cy@acme.example", role: "assistant" });
    expect(second.status).toBe(201);
    const pending = (await srv.call("/api/workspace/invitations", { token: owner.token })).body;
    expect(pending.filter((i: { email: string }) => i.email === "cy@acme.example")).toEqual([second.body]);
    expect((await srv.call(`/api/workspace/join/${firstToken}`)).status).toBe(404);
    expect(first.body.id).not.toBe(second.body.id);

    const withdrawn = await srv.call(`/api/workspace/invitations/${second.body.id}`, { method: "DELETE", token: owner.token });
    expect(withdrawn.status).toBe(200);
    const secondToken = await emailedToken("cy@acme.example");
    const late = await join({ token: secondToken, password: "a long enough password" });
    expect(late.status).toBe(404);
    expect(late.body.message).toContain("invalid, expired or already used");
    expect((await srv.call(`/api/workspace/invitations/${second.body.id}`, { method: "DELETE", token: owner.token })).status).toBe(404);
  });

  test("an address with an account elsewhere may be invited; joining says so and moves nothing", async () => {
    const elsewhere = await srv.signUpBroker({ email: "solo@other.example" });
    expect((await invite({ email: "solo@other.example", role: "broker" })).status).toBe(201);
    const res = await join({ token: await emailedToken("solo@other.example"), password: "a long enough password" });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("This email already has an account in another workspace. Its owner can remove it from there, then this invitation works; an account is never moved automatically.");
    const me = (await srv.call("/api/auth/user", { token: elsewhere.token })).body;
    expect(me.role).toBe("owner");
    expect(me.workspaceId).not.toBe((await srv.call("/api/auth/user", { token: owner.token })).body.workspaceId);
  });

  test("bad input: 400 with a message, nothing sent", async () => {
    const before = smtp.received.length;
    // A missing role is refused, not taken as "owner" (Elysia's UnionEnum default).
    for (const body of [{ email: "not an email", role: "broker" }, { email: "a@b.example", role: "king" }, { email: "a@b.example" }, {}]) {
      const res = await invite(body);
      expect(res.status).toBe(400);
      expect(typeof res.body.message).toBe("string");
    }
    await srv.runJobs();
    expect(smtp.received.length).toBe(before);
    expect((await srv.call("/api/workspace/invitations", { token: owner.token })).body.map((i: { email: string }) => i.email)).not.toContain("a@b.example");
  });

  test("changing one workspace setting leaves the others as they were", async () => {
    expect((await srv.call("/api/workspace", { method: "PUT", token: owner.token, body: { visibility: "assigned", defaultRole: "assistant" } })).status).toBe(200);
    const renamed = await srv.call("/api/workspace", { method: "PUT", token: owner.token, body: { name: "Acme Lending" } });
    expect(renamed.body).toMatchObject({ name: "Acme Lending", visibility: "assigned", defaultRole: "assistant" });
    // A body that names no setting (none, an array, text) is refused, not answered as a success.
    for (const body of [{}, [], "hello"]) expect((await srv.call("/api/workspace", { method: "PUT", token: owner.token, body })).status).toBe(400);
    // Any member's role change names its role: none given is a 400, not "owner".
    const members = (await srv.call("/api/workspace/members", { token: owner.token })).body;
    const bea = members.find((m: { email: string }) => m.email === "bea@acme.example");
    expect((await srv.call(`/api/workspace/members/${bea.id}`, { method: "PUT", token: owner.token, body: {} })).status).toBe(400);
    await srv.call("/api/workspace", { method: "PUT", token: owner.token, body: { visibility: "all", defaultRole: "broker" } });
  });
});

describe("a removed member invited again", () => {
  const signIn = (email: string, password: string) => srv.call("/api/auth/signin", { method: "POST", body: { email, password } });

  /** A member who worked a customer (who uploaded, so the member was notified), then was removed. */
  async function removedMember(email: string) {
    expect((await invite({ email, role: "broker" })).status).toBe(201);
    const joined = await join({ token: await emailedToken(email), password: "first password here", firstName: "Rex" });
    expect(joined.status).toBe(201);
    const made = await srv.call("/api/customers", { method: "POST", token: joined.body.token, body: { email: `customer-of-${email}`, name: `Kept ${email}`, requiredDocuments: [{ name: "Paystub" }] } });
    expect(made.status).toBe(201);
    expect((await uploadFile(srv, made.body.uploadLink, made.body.documents[0].id, { bytes: sampleFiles.pdf() })).status).toBe(200);
    expect(JSON.stringify((await srv.call("/api/notifications", { token: joined.body.token })).body)).toContain(`Kept ${email}`);
    expect((await srv.call(`/api/workspace/members/${joined.body.user.id}`, { method: "DELETE", token: owner.token })).status).toBe(200);
    expect((await signIn(email, "first password here")).status).toBe(403);
    return { id: joined.body.user.id as string, customerId: made.body.id as string };
  }

  test("by the same workspace: the link brings the account back with the new role and password, and none of its old customers or notifications", async () => {
    const rex = await removedMember("rex@acme.example");
    expect((await invite({ email: "rex@acme.example", role: "assistant" })).status).toBe(201);
    const back = await join({ token: await emailedToken("rex@acme.example"), password: "second password here" });
    expect(back.status).toBe(201);
    expect(back.body.user).toMatchObject({ id: rex.id, email: "rex@acme.example", firstName: "Rex" });
    const me = (await srv.call("/api/auth/user", { token: back.body.token })).body;
    expect(me).toMatchObject({ role: "assistant", workspaceId: (await srv.call("/api/auth/user", { token: owner.token })).body.workspaceId });
    // The customer stayed with the member it went to at the removal; nothing of before came back.
    expect((await srv.call(`/api/customer/${rex.customerId}`, { token: owner.token })).body.assigneeId).toBe(owner.user.id);
    expect((await srv.call("/api/customers?assignee=me", { token: back.body.token })).body).toEqual([]);
    expect((await srv.call("/api/notifications", { token: back.body.token })).body).toEqual([]);
    // The link set the password, as a reset link would: the old one no longer opens the account.
    expect((await signIn("rex@acme.example", "first password here")).status).toBe(401);
    expect((await signIn("rex@acme.example", "second password here")).status).toBe(200);
    // Used once, like any link; and a member's address cannot be invited again.
    expect((await invite({ email: "rex@acme.example", role: "broker" })).status).toBe(409);
  });

  test("by another workspace: it joins that one and sees nothing of the first", async () => {
    const rae = await removedMember("rae@acme.example");
    const other = await srv.signUpBroker({ email: "other-owner@other.example" });
    expect((await invite({ email: "rae@acme.example", role: "broker" }, other.token)).status).toBe(201);
    const joined = await join({ token: await emailedToken("rae@acme.example"), password: "second password here" });
    expect(joined.status).toBe(201);
    expect(joined.body.user.id).toBe(rae.id);
    const me = (await srv.call("/api/auth/user", { token: joined.body.token })).body;
    expect(me.workspaceId).toBe((await srv.call("/api/auth/user", { token: other.token })).body.workspaceId);
    expect((await srv.call("/api/customers", { token: joined.body.token })).body).toEqual([]);
    expect((await srv.call(`/api/customer/${rae.customerId}`, { token: joined.body.token })).status).toBe(404);
    expect((await srv.call("/api/notifications", { token: joined.body.token })).body).toEqual([]);
  });
});

test("expired invitations are dropped by the hourly task; accepted ones stay", async () => {
  expect((await invite({ email: "never@acme.example", role: "broker" })).status).toBe(201);
  const count = async (where: string) => (await rows<{ n: number }>(srv.server.ctx.db, statement(`select count(*) as n from workspace_invitations where ${where}`)))[0]!.n;
  expect(Number(await count("email = 'never@acme.example'"))).toBe(1);
  const accepted = Number(await count("accepted_at is not null"));
  expect(accepted).toBeGreaterThan(0);
  srv.clock.advance(7 * 86_400_000 + 60 * 60 * 1000);
  await srv.runJobs();
  expect(Number(await count("email = 'never@acme.example'"))).toBe(0);
  expect(Number(await count("accepted_at is not null"))).toBe(accepted);
});
