// Two-factor (authenticator app) for password sign-in, against the real server with a controlled
// clock: set-up confirmed by a first code, the sign-in's second step, the neighbouring windows,
// reuse of a code, recovery codes, throttling, REQUIRE_2FA and `portal admin reset-2fa`.
import { describe, expect, test } from "bun:test";
import { databaseEnv, runCli } from "../support/cli.ts";
import { connectLive } from "../support/live.ts";
import { useTestServer, type TestServer } from "../support/server.ts";
import { row as firstRow, rows as allRows, statement } from "../support/sql.ts";
import { authenticatorCode, enableTwoFactor, STEP_MS } from "../support/totp.ts";

const PASSWORD = "correct horse battery";
const srv = useTestServer({ TRUST_PROXY: "true" });

const signIn = (server: TestServer, email: string, address = "192.0.2.1") =>
  server.call("/api/auth/signin", { method: "POST", body: { email, password: PASSWORD }, headers: { "x-forwarded-for": address } });
const verify = (server: TestServer, challenge: string, code: string, address = "192.0.2.1") =>
  server.call("/api/two-factor/verify", { method: "POST", body: { challenge, code }, headers: { "x-forwarded-for": address } });
const codeAt = (secret: string, offsetMs = 0) => authenticatorCode(secret, new Date(srv.clock.now().getTime() + offsetMs));

describe("setting up two-factor", () => {
  test("a new key is shown as QR code and text; it counts only once confirmed with a first code", async () => {
    const broker = await srv.signUpBroker({ password: PASSWORD });
    expect((await srv.call("/api/two-factor", { token: broker.token })).body).toEqual({ enabled: false, required: false, recoveryCodesLeft: 0 });

    const setup = await srv.call("/api/two-factor/setup", { method: "POST", token: broker.token });
    expect(setup.status).toBe(200);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.uri).toStartWith(`otpauth://totp/Broker%20Portal:${encodeURIComponent(broker.user.email)}?`);
    expect(setup.body.uri).toContain(`secret=${setup.body.secret}`);
    expect(setup.body.qrSvg).toStartWith("<svg");

    // Not confirmed: the password alone still signs in.
    expect((await signIn(srv, broker.user.email)).status).toBe(200);

    const wrong = await srv.call("/api/two-factor/confirm", { method: "POST", token: broker.token, body: { code: "000000" === codeAt(setup.body.secret) ? "111111" : "000000" } });
    expect(wrong).toMatchObject({ status: 401, body: { message: "That code is not right, or it was already used. Enter the current code from your authenticator app." } });
    expect((await srv.call("/api/two-factor/confirm", { method: "POST", token: broker.token, body: { code: "12ab" } })).status).toBe(400);

    const confirmed = await srv.call("/api/two-factor/confirm", { method: "POST", token: broker.token, body: { code: codeAt(setup.body.secret) } });
    expect(confirmed.status).toBe(200);
    const codes: string[] = confirmed.body.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    expect((await srv.call("/api/two-factor", { token: broker.token })).body).toEqual({ enabled: true, required: false, recoveryCodesLeft: 10 });

    // A second set-up is refused while the factor is on.
    expect((await srv.call("/api/two-factor/setup", { method: "POST", token: broker.token })).status).toBe(409);

    // At rest: the key sealed, the recovery codes hashed.
    const db = srv.server.ctx.db;
    const row = (await firstRow<{ secret_sealed: string }>(db, statement("SELECT secret_sealed FROM broker_two_factor WHERE user_id = ?", broker.user.id)))!;
    const hashes = (await allRows<{ code_hash: string }>(db, statement("SELECT code_hash FROM broker_recovery_codes WHERE user_id = ?", broker.user.id))).map((r) => r.code_hash);
    expect(row.secret_sealed).not.toContain(setup.body.secret);
    expect(row.secret_sealed).toStartWith("v1.");
    expect(hashes).toHaveLength(10);
    for (const code of codes) expect(hashes.join(" ")).not.toContain(code.replace("-", ""));
  });
});

describe("signing in with two-factor", () => {
  test("the password gives a challenge, not a session; the code finishes the sign-in", async () => {
    const broker = await srv.signUpBroker({ password: PASSWORD });
    const { secret } = await enableTwoFactor(srv, broker);

    const first = await signIn(srv, broker.user.email);
    expect(first.status).toBe(202);
    expect(first.body).toEqual({ twoFactorRequired: true, challenge: expect.any(String), message: "Enter the code from your authenticator app to finish signing in." });
    expect(first.headers.get("set-cookie")).toBeNull();
    // The challenge is no session.
    expect((await srv.call("/api/auth/user", { token: first.body.challenge })).status).toBe(401);

    const done = await verify(srv, first.body.challenge, codeAt(secret));
    expect(done.status).toBe(200);
    expect(done.body.user.email).toBe(broker.user.email);
    expect(done.headers.get("set-cookie")).toContain("portal_session=");
    expect((await srv.call("/api/auth/user", { token: done.body.token })).body.email).toBe(broker.user.email);

    // Spent: the same challenge cannot open a second session, even with the next code.
    srv.clock.advance(STEP_MS);
    expect(await verify(srv, first.body.challenge, codeAt(secret))).toMatchObject({
      status: 401,
      body: { message: "Your sign-in took too long. Please enter your email and password again." },
    });
  });

  test("the previous and the next window are accepted; the same code twice, or an older one, is refused", async () => {
    const broker = await srv.signUpBroker({ password: PASSWORD });
    const { secret } = await enableTwoFactor(srv, broker);
    // Clear of the window the set-up's code spent.
    srv.clock.advance(STEP_MS);

    const previous = await signIn(srv, broker.user.email);
    expect((await verify(srv, previous.body.challenge, codeAt(secret, -STEP_MS))).status).toBe(200);

    // The very same code again (still inside its window): refused.
    const again = await signIn(srv, broker.user.email);
    expect((await verify(srv, again.body.challenge, codeAt(secret, -STEP_MS))).status).toBe(401);

    // The next window's code (a phone clock a little ahead): accepted; the current one is then older.
    expect((await verify(srv, again.body.challenge, codeAt(secret, STEP_MS))).status).toBe(200);
    const older = await signIn(srv, broker.user.email);
    expect((await verify(srv, older.body.challenge, codeAt(secret))).status).toBe(401);

    // Two windows away is too far either way.
    srv.clock.advance(3 * STEP_MS);
    expect((await verify(srv, older.body.challenge, codeAt(secret, -2 * STEP_MS))).status).toBe(401);
    expect((await verify(srv, older.body.challenge, codeAt(secret, 2 * STEP_MS))).status).toBe(401);
    expect((await verify(srv, older.body.challenge, codeAt(secret))).status).toBe(200);
  });

  test("two requests racing with one code: only one session", async () => {
    const broker = await srv.signUpBroker({ password: PASSWORD });
    const { secret } = await enableTwoFactor(srv, broker);
    const a = await signIn(srv, broker.user.email);
    const b = await signIn(srv, broker.user.email);
    const code = codeAt(secret);
    const results = await Promise.all([verify(srv, a.body.challenge, code), verify(srv, b.body.challenge, code)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 401]);
  });

  test("a recovery code signs in once; the count of codes left goes down", async () => {
    const broker = await srv.signUpBroker({ password: PASSWORD });
    const { recoveryCodes } = await enableTwoFactor(srv, broker);

    const first = await signIn(srv, broker.user.email);
    // Typed with capitals and without the dash: the same code.
    const used = await verify(srv, first.body.challenge, recoveryCodes[3]!.toUpperCase().replace("-", " "));
    expect(used.status).toBe(200);
    expect((await srv.call("/api/two-factor", { token: used.body.token })).body.recoveryCodesLeft).toBe(9);

    const second = await signIn(srv, broker.user.email);
    expect((await verify(srv, second.body.challenge, recoveryCodes[3]!)).status).toBe(401);
    expect((await verify(srv, second.body.challenge, recoveryCodes[4]!)).status).toBe(200);
  });

  test("wrong codes are throttled like passwords: after five, the address waits, even with the right code", async () => {
    const broker = await srv.signUpBroker({ password: PASSWORD });
    const { secret } = await enableTwoFactor(srv, broker);
    const address = "198.51.100.9";
    const { body } = await signIn(srv, broker.user.email, address);
    const right = codeAt(secret);
    const wrong = right === "123456" ? "654321" : "123456";
    for (let i = 0; i < 5; i++) expect((await verify(srv, body.challenge, wrong, address)).status).toBe(401);

    const waiting = await verify(srv, body.challenge, right, address);
    expect(waiting.status).toBe(429);
    expect(waiting.body.message).toMatch(/^Too many sign-in attempts\. Try again in 1 second\.$/);
    expect(waiting.headers.get("retry-after")).toBe("1");

    srv.clock.advance(1000);
    expect((await verify(srv, body.challenge, codeAt(secret), address)).status).toBe(200);
  });

  test("a challenge lasts five minutes", async () => {
    const broker = await srv.signUpBroker({ password: PASSWORD });
    const { secret } = await enableTwoFactor(srv, broker);
    const { body } = await signIn(srv, broker.user.email);
    srv.clock.advance(5 * 60 * 1000 + 1);
    expect((await verify(srv, body.challenge, codeAt(secret))).status).toBe(401);
  });

  test("turning it off needs a code; afterwards the password alone signs in", async () => {
    const broker = await srv.signUpBroker({ password: PASSWORD });
    const { secret } = await enableTwoFactor(srv, broker);
    expect((await srv.call("/api/two-factor/disable", { method: "POST", token: broker.token, body: { code: "000000" === codeAt(secret) ? "111111" : "000000" } })).status).toBe(401);
    const off = await srv.call("/api/two-factor/disable", { method: "POST", token: broker.token, body: { code: codeAt(secret) } });
    expect(off).toMatchObject({ status: 200, body: { message: "Two-factor authentication is off" } });
    expect((await signIn(srv, broker.user.email)).status).toBe(200);
  });

  test("new recovery codes replace the old ones", async () => {
    const broker = await srv.signUpBroker({ password: PASSWORD });
    const { secret, recoveryCodes } = await enableTwoFactor(srv, broker);
    const fresh = await srv.call("/api/two-factor/recovery-codes", { method: "POST", token: broker.token, body: { code: codeAt(secret) } });
    expect(fresh.status).toBe(200);
    expect(fresh.body.recoveryCodes).toHaveLength(10);
    const { body } = await signIn(srv, broker.user.email);
    expect((await verify(srv, body.challenge, recoveryCodes[0]!)).status).toBe(401);
    expect((await verify(srv, body.challenge, fresh.body.recoveryCodes[0])).status).toBe(200);
  });
});

describe("portal admin reset-2fa", () => {
  test("removes the factor of a broker who lost their phone", async () => {
    const broker = await srv.signUpBroker({ password: PASSWORD });
    await enableTwoFactor(srv, broker);
    expect((await signIn(srv, broker.user.email)).status).toBe(202);

    const reset = await runCli(["admin", "reset-2fa", broker.user.email.toUpperCase(), "--data", srv.dataDir], databaseEnv(srv));
    expect(reset.stderr).toBe("");
    expect(reset.exitCode).toBe(0);
    expect(reset.stdout.trim()).toBe(`Two-factor authentication removed for ${broker.user.email}; they sign in with their password alone until they set it up again.`);
    expect((await signIn(srv, broker.user.email)).status).toBe(200);

    const unknown = await runCli(["admin", "reset-2fa", "nobody@example.com", "--data", srv.dataDir], databaseEnv(srv));
    expect(unknown.exitCode).not.toBe(0);
    expect(unknown.stderr).toContain("No broker with the email nobody@example.com");
  });
});

describe("REQUIRE_2FA", () => {
  const strict = useTestServer({ REQUIRE_2FA: "true" });

  test("a broker without the factor reaches only their account and the set-up, then everything once it is on", async () => {
    const broker = await strict.signUpBroker({ password: PASSWORD });
    const refused = await strict.call("/api/customers", { token: broker.token });
    expect(refused).toMatchObject({ status: 403, body: { message: "This portal requires two-factor authentication. Set up your authenticator app to continue." } });
    expect((await strict.call("/api/auth/user", { token: broker.token })).status).toBe(200);
    expect((await strict.call("/api/two-factor", { token: broker.token })).body).toEqual({ enabled: false, required: true, recoveryCodesLeft: 0 });

    // The live channel says the same, and carries nothing of theirs until the factor is on.
    const held = await connectLive(strict, { cookie: broker.cookie });
    held.send({ type: "auth", userId: broker.user.id });
    expect(await held.next((m) => m.type === "auth_success" || m.type === "auth_error")).toEqual({ type: "auth_error", message: "This portal requires two-factor authentication. Set up your authenticator app to continue." });
    expect(strict.server.hub.counts().brokers).toBe(0);
    held.close();

    const { secret } = await enableTwoFactor(strict, broker);
    expect((await strict.call("/api/customers", { token: broker.token })).status).toBe(200);
    const live = await connectLive(strict, { cookie: broker.cookie });
    live.send({ type: "auth", userId: broker.user.id });
    expect(await live.next((m) => m.type === "auth_success" || m.type === "auth_error")).toEqual({ type: "auth_success", role: "broker" });
    live.close();

    // It cannot be turned off while the portal requires it.
    const code = authenticatorCode(secret, strict.clock.now());
    expect(await strict.call("/api/two-factor/disable", { method: "POST", token: broker.token, body: { code } })).toMatchObject({
      status: 403,
      body: { message: "This portal requires two-factor authentication, so it cannot be turned off." },
    });
  });
});
