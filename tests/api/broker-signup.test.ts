// Broker sign-up proves the email with a 6-digit code, and answers alike for registered and new
// emails (pen-test finding: the 409 for a taken email enumerated broker accounts).
import { beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { brokerSignupCodes, emails, users } from "../../db/tables.ts";
import { startTestServer, useTestServer } from "../support/server.ts";
import { newestFirst } from "../support/sql.ts";

const srv = useTestServer();
const MINUTE = 60_000;

const signUp = (body: Record<string, unknown>) => srv.call("/api/auth/signup", { method: "POST", body });
const countUsers = () => srv.server.ctx.db.$count(users);
/** Emails to this address, oldest first. */
const emailsTo = async (to: string) =>
  (
    await srv.server.ctx.db
      .select({ kind: emails.kind, subject: emails.subject, text: emails.text })
      .from(emails)
      .where(eq(emails.to, to))
      .orderBy(...newestFirst(emails.createdAt))
  ).reverse();
const latestCode = async (to: string) => (await emailsTo(to)).at(-1)!.text.match(/\b(\d{6})\b/)![1]!;
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

const owner = { email: "owner@example.com", password: "owner password" };

beforeAll(async () => {
  // The portal's first broker: created at once (the trial exception), so later sign-ups need codes.
  await srv.signUpBroker(owner);
});

describe("step 1: the same answer for a registered and a new email", () => {
  test("202 with the same body shape; nothing is created", async () => {
    const before = await countUsers();
    const fresh = await signUp({ email: "New@Example.com", password: "long enough pw" });
    const taken = await signUp({ email: "OWNER@example.com", password: "long enough pw" });

    expect(fresh.status).toBe(202);
    expect(taken.status).toBe(202);
    expect(fresh.body).toEqual({
      message: "We sent a 6-digit code to new@example.com. Enter it to finish creating your account.",
      codeRequired: true,
    });
    expect(taken.body).toEqual({
      message: "We sent a 6-digit code to owner@example.com. Enter it to finish creating your account.",
      codeRequired: true,
    });
    expect(fresh.headers.get("set-cookie")).toBeNull();
    expect(taken.headers.get("set-cookie")).toBeNull();
    expect(await countUsers()).toBe(before);
  });

  test("a new email gets a code; the owner of a registered email is told someone tried", async () => {
    const [code] = await emailsTo("new@example.com");
    expect(code!.kind).toBe("broker_signup_code");
    expect(code!.text).toMatch(/\b\d{6}\b/);
    expect(code!.text).toContain("15 minutes");

    const [notice] = await emailsTo("owner@example.com");
    expect(notice!.kind).toBe("broker_signup_attempt");
    expect(notice!.text).toContain("already have an account");
    expect(notice!.text).toContain("Sign in");
    expect(notice!.text).not.toMatch(/\b\d{6}\b/);
  });

  test("the code is stored only as a hash", async () => {
    const code = await latestCode("new@example.com");
    const rows = await srv.server.ctx.db.select().from(brokerSignupCodes);
    expect(rows.length).toBe(1);
    expect(JSON.stringify(rows)).not.toContain(code);
  });
});

describe("step 2: the code", () => {
  test("the right code creates the account, signs in with a cookie, and works only once", async () => {
    const body = { email: "new@example.com", password: "long enough pw", firstName: "Nia" };
    const done = await signUp({ ...body, code: await latestCode("new@example.com") });
    expect(done.status).toBe(201);
    expect(done.body.user).toMatchObject({ email: "new@example.com", firstName: "Nia" });
    expect(done.headers.get("set-cookie")).toContain("portal_session=");
    expect((await srv.call("/api/auth/user", { token: done.body.token })).status).toBe(200);

    const again = await signUp({ ...body, code: await latestCode("new@example.com") });
    expect(again.status).toBe(400);
  });

  test("a wrong code, an expired one and any code for a registered email get one message", async () => {
    await signUp({ email: "wrong@example.com", password: "long enough pw" });
    const wrong = await signUp({ email: "wrong@example.com", password: "long enough pw", code: otherCode(await latestCode("wrong@example.com")) });
    const registered = await signUp({ email: "owner@example.com", password: "long enough pw", code: "123456" });

    await signUp({ email: "late@example.com", password: "long enough pw" });
    const code = await latestCode("late@example.com");
    srv.clock.advance(15 * MINUTE + 1);
    const expired = await signUp({ email: "late@example.com", password: "long enough pw", code });

    const message = "That code is wrong or has expired. Check the newest email, or send a new code.";
    for (const res of [wrong, registered, expired]) expect(res).toMatchObject({ status: 400, body: { message } });
  });

  test("five wrong codes kill the code; a new one must be asked for", async () => {
    const body = { email: "typo@example.com", password: "long enough pw" };
    await signUp(body);
    const code = await latestCode(body.email);
    for (let i = 0; i < 5; i++) expect((await signUp({ ...body, code: otherCode(code) })).status).toBe(400);
    expect((await signUp({ ...body, code })).status).toBe(400);

    expect((await signUp(body)).status).toBe(202);
    const fresh = await latestCode(body.email);
    expect((await signUp({ ...body, code: fresh })).status).toBe(201);
  });

  test("a new code replaces the old one", async () => {
    const body = { email: "twice@example.com", password: "long enough pw" };
    await signUp(body);
    const first = await latestCode(body.email);
    await signUp(body);
    const second = await latestCode(body.email);
    if (first !== second) expect((await signUp({ ...body, code: first })).status).toBe(400);
    expect((await signUp({ ...body, code: second })).status).toBe(201);
  });

  test("bad input is refused before the code is looked at, so it costs no try", async () => {
    const body = { email: "careful@example.com", password: "long enough pw" };
    await signUp(body);
    for (let i = 0; i < 6; i++) {
      const res = await signUp({ ...body, password: "short", code: "000000" });
      expect(res).toMatchObject({ status: 400, body: { message: "Password must be at least 8 characters" } });
    }
    expect((await signUp({ ...body, code: await latestCode(body.email) })).status).toBe(201);
  });
});

test("emails to one address are limited to 5 an hour, alike for registered and new emails", async () => {
  srv.clock.advance(60 * MINUTE); // a fresh hour for owner@example.com
  const results = [];
  for (let i = 0; i < 6; i++) {
    results.push(await signUp({ email: "flood@example.com", password: "long enough pw" }));
    results.push(await signUp({ email: "owner@example.com", password: "long enough pw" }));
  }
  const statuses = results.map((r) => r.status);
  expect(statuses.slice(0, 10).every((s) => s === 202)).toBe(true);
  expect(statuses.slice(10)).toEqual([429, 429]);
  expect(results[10]!.body).toEqual(results[11]!.body);
  expect(results[10]!.body.message).toMatch(/^We already sent several emails to this address\. Check your inbox, or try again in \d+ minutes?\.$/);
  expect(Number(results[10]!.headers.get("retry-after"))).toBeGreaterThan(0);
});

test("the first broker of an empty portal is created at once; the next one needs a code", async () => {
  const empty = await startTestServer();
  try {
    const first = await empty.call("/api/auth/signup", { method: "POST", body: { email: "first@example.com", password: "long enough pw" } });
    expect(first.status).toBe(201);
    const second = await empty.call("/api/auth/signup", { method: "POST", body: { email: "second@example.com", password: "long enough pw" } });
    expect(second.status).toBe(202);
  } finally {
    await empty.stop();
  }
});

test("one address may have at most 30 sign-up emails sent an hour", async () => {
  const proxied = await startTestServer({ TRUST_PROXY: "true" });
  try {
    await proxied.signUpBroker(); // the first broker, so later sign-ups send emails
    const ask = (n: number, address: string) =>
      proxied.call("/api/auth/signup", {
        method: "POST",
        body: { email: `spray${n}@example.com`, password: "long enough pw" },
        headers: { "x-forwarded-for": address },
      });
    for (let i = 0; i < 30; i++) expect((await ask(i, "203.0.113.50")).status).toBe(202);
    const refused = await ask(30, "203.0.113.50");
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Too many sign-up attempts\. Try again in \d+ minutes?\.$/);
    expect((await ask(31, "203.0.113.51")).status).toBe(202);
  } finally {
    await proxied.stop();
  }
});
