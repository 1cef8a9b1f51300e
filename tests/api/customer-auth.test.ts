import { describe, expect, test } from "bun:test";
import { countRows, createCustomer, customerCookie, emailedCode } from "../support/fixtures.ts";
import { connectLive } from "../support/live.ts";
import { cookieHeader, useServerWithBroker } from "../support/server.ts";
import { newestEmail } from "../support/outbox.ts";
import { row, statement } from "../support/sql.ts";

const { srv, broker } = useServerWithBroker({ PUBLIC_URL: "https://docs.example.com" });

const post = (path: string, body: unknown, headers: Record<string, string> = {}) => srv.call(`/api/customer/${path}`, { method: "POST", body, headers });
const portal = (link: string, cookie?: string) => srv.call(`/api/upload/${link}`, { headers: cookie ? { cookie } : {} });
const resetTokenFor = async (email: string) => {
  const mail = await newestEmail(srv.server.ctx.db, email, "password_reset");
  return mail?.text.match(/\?reset=([A-Za-z0-9_-]+)/)?.[1] ?? null;
};

describe("check-email", () => {
  test("answers only about the link's own customer", async () => {
    const c = await createCustomer(srv, broker.token);
    expect((await post("check-email", { email: c.email.toUpperCase(), uploadLink: c.uploadLink })).body).toEqual({ exists: true, hasPassword: false });
    // Another customer's email on this link: no, whether or not that email is known elsewhere.
    const other = await createCustomer(srv, broker.token);
    expect((await post("check-email", { email: other.email, uploadLink: c.uploadLink })).body).toEqual({ exists: false, hasPassword: false });
    expect((await post("check-email", { email: c.email, uploadLink: "nope" })).status).toBe(404);
    expect((await post("check-email", { email: c.email })).status).toBe(400);
  });
});

describe("check-email limits", () => {
  test("a link answers at most 20 checks per 15 minutes, so it cannot be used to test guessed addresses", async () => {
    const c = await createCustomer(srv, broker.token);
    for (let i = 0; i < 20; i++) expect((await post("check-email", { email: `guess${i}@example.com`, uploadLink: c.uploadLink })).status).toBe(200);
    const refused = await post("check-email", { email: c.email, uploadLink: c.uploadLink });
    expect(refused).toMatchObject({ status: 429, body: { message: "Too many tries. Please wait a few minutes and try again." } });
    srv.clock.advance(15 * 60 * 1000 + 1000);
    expect((await post("check-email", { email: c.email, uploadLink: c.uploadLink })).status).toBe(200);
  });
});

describe("sign-up", () => {
  test("a password is set only with the code emailed to the link's address; then the portal is signed in", async () => {
    const c = await createCustomer(srv, broker.token);
    const body = { email: c.email, password: "a long password", uploadLink: c.uploadLink };
    const short = await post("signup", { ...body, password: "short" });
    expect(short).toMatchObject({ status: 400, body: { message: "Password must be at least 8 characters" } });

    const asked = await post("signup", body);
    expect(asked).toMatchObject({ status: 202, body: { codeRequired: true, message: `We sent a 6-digit code to ${c.email}. Enter it to finish setting your password.` } });
    expect(asked.headers.get("set-cookie")).toBeNull();
    expect(await countRows(srv, "customer_accounts where email = '" + c.email + "'")).toBe(0);

    const res = await post("signup", { ...body, code: await emailedCode(srv, c.email) });
    expect(res.status).toBe(201);
    expect(res.body.customer).toMatchObject({ id: c.id, email: c.email, invitedBy: [`Bree ${broker.user.lastName}`] });
    const cookie = res.headers.get("set-cookie")!;
    expect(cookie).toStartWith("__Host-portal_customer="); // PUBLIC_URL is https here
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("Secure");
    expect((await portal(c.uploadLink, cookieHeader(res))).body.authenticated).toBe(true);
    expect((await post("check-email", { email: c.email, uploadLink: c.uploadLink })).body).toEqual({ exists: true, hasPassword: true });

    // The code worked once.
    const again = await post("signup", { ...body, code: await emailedCode(srv, c.email) });
    expect(again).toMatchObject({ status: 400, body: { message: "This code has expired or was used too many times. Ask for a new code." } });
  });

  test("five wrong codes kill the code, concurrent guesses included; a code expires after 15 minutes", async () => {
    const c = await createCustomer(srv, broker.token);
    const body = { email: c.email, password: "a long password", uploadLink: c.uploadLink };
    await post("signup", body);
    const code = await emailedCode(srv, c.email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    const guesses = await Promise.all(Array.from({ length: 20 }, () => post("signup", { ...body, code: wrong })));
    expect(guesses.filter((g) => g.body.message === "That code is not right. Check the email we sent and try again.")).toHaveLength(5);
    expect(guesses.every((g) => g.status === 400)).toBe(true);
    expect((await post("signup", { ...body, code })).status).toBe(400); // the right code, too late
    expect(await countRows(srv, "customer_accounts where email = '" + c.email + "'")).toBe(0);

    await post("signup", body);
    srv.clock.advance(15 * 60 * 1000 + 1);
    expect((await post("signup", { ...body, code: await emailedCode(srv, c.email) })).status).toBe(400);
    await post("signup", body);
    expect((await post("signup", { ...body, code: await emailedCode(srv, c.email) })).status).toBe(201);
  });

  test("knowing someone's email is not enough: another link for their email is refused, and no code is sent", async () => {
    const victim = await createCustomer(srv, broker.token);
    const attacker = await createCustomer(srv, broker.token);
    const emailsBefore = await countRows(srv, "emails");
    const res = await post("signup", { email: victim.email, password: "attacker password", uploadLink: attacker.uploadLink });
    expect(res.status).toBe(400);
    expect(await countRows(srv, "emails")).toBe(emailsBefore);
    expect((await post("check-email", { email: victim.email, uploadLink: victim.uploadLink })).body.hasPassword).toBe(false);
  });
});

describe("sign-in and sessions", () => {
  test("wrong password and unknown email get the same 401; the right one signs in", async () => {
    const c = await createCustomer(srv, broker.token);
    await customerCookie(srv, c.uploadLink, c.email, "right password");
    const wrong = await post("signin", { email: c.email, password: "wrong password" });
    const unknown = await post("signin", { email: "nobody@example.com", password: "wrong password" });
    expect(wrong).toMatchObject({ status: 401, body: { message: "Invalid email or password" } });
    expect(unknown.body).toEqual(wrong.body);
    const ok = await post("signin", { email: c.email, password: "right password", uploadLink: c.uploadLink });
    expect(ok.status).toBe(200);
    expect(ok.body.customer.id).toBe(c.id);
  });

  test("repeated failures for one account are refused with 429 and Retry-After", async () => {
    const c = await createCustomer(srv, broker.token);
    await customerCookie(srv, c.uploadLink, c.email, "right password");
    for (let i = 0; i < 5; i++) expect((await post("signin", { email: c.email, password: "guess " + i })).status).toBe(401);
    const refused = await post("signin", { email: c.email, password: "right password" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  test("concurrent guesses share the allowance: each is counted before its password is checked", async () => {
    const c = await createCustomer(srv, broker.token);
    await customerCookie(srv, c.uploadLink, c.email, "right password");
    const guesses = await Promise.all(Array.from({ length: 40 }, (_, i) => post("signin", { email: c.email, password: `guess ${i}` })));
    expect(guesses.filter((g) => g.status === 401).length).toBeLessThanOrEqual(5);
    expect(guesses.filter((g) => g.status === 429).length).toBeGreaterThanOrEqual(35);
  });

  test("a session opens only its own customer's portal, lasts 24 hours, and ends at sign-out", async () => {
    const a = await createCustomer(srv, broker.token);
    const b = await createCustomer(srv, broker.token);
    const cookie = await customerCookie(srv, a.uploadLink, a.email);
    expect((await portal(a.uploadLink, cookie)).body.authenticated).toBe(true);
    const other = await portal(b.uploadLink, cookie);
    expect(other.body.authenticated).toBe(false);
    expect(other.body.documents[0].status).toBeUndefined();

    srv.clock.advance(23 * 3_600_000);
    expect((await portal(a.uploadLink, cookie)).body.authenticated).toBe(true);
    srv.clock.advance(2 * 3_600_000);
    expect((await portal(a.uploadLink, cookie)).body.authenticated).toBe(false);

    const fresh = await post("signin", { email: a.email, password: "customer password" });
    const freshCookie = cookieHeader(fresh);
    await post("signout", undefined, { cookie: freshCookie });
    expect((await portal(a.uploadLink, freshCookie)).body.authenticated).toBe(false);
  });
});

describe("password reset", () => {
  test("the same answer whether or not the email is known; a single-use link that expires in an hour", async () => {
    const c = await createCustomer(srv, broker.token);
    await customerCookie(srv, c.uploadLink, c.email, "old password");
    const known = await post("forgot-password", { email: c.email });
    const unknown = await post("forgot-password", { email: "who@example.com" });
    expect(known.status).toBe(200);
    expect(unknown.body).toEqual(known.body);

    const token = (await resetTokenFor(c.email))!;
    expect(token).toBeString();
    const mail = (await row<any>(srv.server.ctx.db, statement(`select text from emails where kind = 'password_reset' and "to" = ?`, c.email))) as any;
    expect(mail.text).toContain(`https://docs.example.com/upload/${c.uploadLink}?reset=`);

    expect(await post("reset-password", { token, newPassword: "12345" })).toMatchObject({
      status: 400,
      body: { message: "Password must be at least 6 characters long" },
    });
    const ok = await post("reset-password", { token, newPassword: "new password" });
    expect(ok.status).toBe(200);
    expect((await post("signin", { email: c.email, password: "new password" })).status).toBe(200);
    expect(await post("reset-password", { token, newPassword: "third password" })).toMatchObject({
      status: 400,
      body: { message: "Invalid reset token - The reset link is invalid or expired." },
    });

    srv.clock.advance(20 * 60_000); // past the reset-email throttle window's first slot
    await post("forgot-password", { email: c.email });
    const second = (await resetTokenFor(c.email))!;
    srv.clock.advance(61 * 60_000);
    expect((await post("reset-password", { token: second, newPassword: "too late pw" })).status).toBe(400);
    expect((await post("reset-password", { token: "made-up", newPassword: "whatever pw" })).status).toBe(400);
  });

  test("GET reset-password/{token} says whether the link still works, before any password is typed", async () => {
    const c = await createCustomer(srv, broker.token);
    await customerCookie(srv, c.uploadLink, c.email, "old password");
    srv.clock.advance(20 * 60_000); // clear of the reset-email throttle's window
    await post("forgot-password", { email: c.email });
    const token = (await resetTokenFor(c.email))!;
    const check = (t: string) => srv.call<any>(`/api/customer/reset-password/${encodeURIComponent(t)}`);
    expect(await check(token)).toMatchObject({ status: 200, body: { valid: true } });
    // Asking changes nothing: the link still resets.
    expect(await check(token)).toMatchObject({ status: 200, body: { valid: true } });
    expect((await post("reset-password", { token, newPassword: "new password" })).status).toBe(200);
    const invalid = { message: "Invalid reset token - The reset link is invalid or expired." };
    expect(await check(token)).toMatchObject({ status: 404, body: invalid });
    expect(await check("made-up")).toMatchObject({ status: 404, body: invalid });
    const long = await check("x".repeat(201));
    expect(long.status).toBeGreaterThanOrEqual(400);
    expect(long.status).toBeLessThan(500);
    expect(long.body.message).toBeString();
  });

  test("a reset ends every session of the customer, closes their open sockets, and kills the other reset links", async () => {
    const c = await createCustomer(srv, broker.token);
    const cookie = await customerCookie(srv, c.uploadLink, c.email, "old password");
    const live = await connectLive(srv, { cookie });
    live.send({ type: "customer_auth", uploadLink: c.uploadLink });
    await live.next((m) => m.type === "auth_success");
    await post("forgot-password", { email: c.email });
    const earlier = (await resetTokenFor(c.email))!;
    srv.clock.advance(1000);
    await post("forgot-password", { email: c.email });
    const later = (await resetTokenFor(c.email))!;
    expect(later).not.toBe(earlier);

    expect((await post("reset-password", { token: later, newPassword: "new password" })).status).toBe(200);
    expect((await portal(c.uploadLink, cookie)).body.authenticated).toBe(false);
    expect((await live.closed).code).toBe(4001);
    const reused = await post("reset-password", { token: earlier, newPassword: "attacker password" });
    expect(reused).toMatchObject({ status: 400, body: { message: "Invalid reset token - The reset link is invalid or expired." } });
    expect((await post("signin", { email: c.email, password: "new password", uploadLink: c.uploadLink })).status).toBe(200);
  });

  test("expired sessions, reset links and old codes are purged by the hourly task", async () => {
    const c = await createCustomer(srv, broker.token);
    await customerCookie(srv, c.uploadLink, c.email, "a good password");
    await post("forgot-password", { email: c.email });
    const mine = (table: string) => countRows(srv, `${table} where account_id = (select id from customer_accounts where email = '${c.email}')`);
    expect(await mine("customer_sessions")).toBe(1);
    expect(await mine("password_reset_tokens")).toBe(1);
    expect(await countRows(srv, `customer_email_codes where email = '${c.email}'`)).toBe(1);
    srv.clock.advance(49 * 60 * 60 * 1000);
    await srv.runJobs();
    expect(await mine("customer_sessions")).toBe(0);
    expect(await mine("password_reset_tokens")).toBe(0);
    expect(await countRows(srv, `customer_email_codes where email = '${c.email}'`)).toBe(0);
  });

  test("signing in again from the same browser ends the session it held", async () => {
    const c = await createCustomer(srv, broker.token);
    const first = await customerCookie(srv, c.uploadLink, c.email, "a good password");
    const again = await post("signin", { email: c.email, password: "a good password", uploadLink: c.uploadLink }, { cookie: first });
    expect(again.status).toBe(200);
    expect((await portal(c.uploadLink, first)).body.authenticated).toBe(false);
    expect((await portal(c.uploadLink, cookieHeader(again))).body.authenticated).toBe(true);
  });

  test("signing out closes that session's sockets only", async () => {
    const c = await createCustomer(srv, broker.token);
    const phone = await customerCookie(srv, c.uploadLink, c.email, "a good password");
    const laptop = cookieHeader(await post("signin", { email: c.email, password: "a good password", uploadLink: c.uploadLink }));
    const sockets = await Promise.all([phone, laptop].map((cookie) => connectLive(srv, { cookie })));
    for (const s of sockets) {
      s.send({ type: "customer_auth", uploadLink: c.uploadLink });
      await s.next((m) => m.type === "auth_success");
    }
    await post("signout", {}, { cookie: phone });
    expect((await sockets[0]!.closed).code).toBe(4001);
    expect(await sockets[1]!.receivedWithin(() => false, 200)).toBe(false);
    expect(sockets[1]!.socket.readyState).toBe(WebSocket.OPEN);
    sockets[1]!.close();
  });

  test("reset emails for one address are capped at 3 per 15 minutes", async () => {
    const c = await createCustomer(srv, broker.token);
    await customerCookie(srv, c.uploadLink, c.email);
    for (let i = 0; i < 5; i++) await post("forgot-password", { email: c.email });
    const count = (await row<any>(srv.server.ctx.db, statement(`select count(*) as n from emails where kind = 'password_reset' and "to" = ?`, c.email))) as any;
    expect(count.n).toBe(3);
  });
});
