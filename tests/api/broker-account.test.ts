// A broker's own account: forgotten password by an emailed single-use link, a new password that
// ends the other sessions, a new sign-in email proved with an emailed code. Links and codes are
// read from the emails the portal wrote, as the broker would.
import { describe, expect, test } from "bun:test";
import { databaseEnv, runCli } from "../support/cli.ts";
import { eq } from "drizzle-orm";
import { users } from "../../db/tables.ts";
import { write } from "../../src/lib/unit-of-work.ts";
import { countRows } from "../support/fixtures.ts";
import { newestEmail } from "../support/outbox.ts";
import { useTestServer } from "../support/server.ts";

const srv = useTestServer();
const admin = (...args: string[]) => runCli(["admin", ...args, "--data", srv.dataDir], databaseEnv(srv));
const outbox = () => srv.server.ctx.db;
const post = (path: string, body: unknown, token?: string) => srv.call(path, { method: "POST", body, token });
const signIn = (email: string, password: string) => post("/api/auth/signin", { email, password });

async function resetToken(email: string): Promise<string> {
  const mail = await newestEmail(outbox(), email, "broker_password_reset");
  const token = mail?.text.match(/\/reset-password\?token=([\w%-]+)/)?.[1];
  if (!token) throw new Error(`no reset link was emailed to ${email}`);
  return decodeURIComponent(token);
}

describe("forgot password", () => {
  test("emails a single-use link that sets a new password and ends every session", async () => {
    const b = await srv.signUpBroker({ email: "forgetful@example.com" });
    const asked = await post("/api/auth/forgot-password", { email: "Forgetful@Example.com" });
    const unknown = await post("/api/auth/forgot-password", { email: "nobody-here@example.com" });
    expect(asked.status).toBe(200);
    expect(unknown.body).toEqual(asked.body); // the answer never tells whether an account exists
    expect(await newestEmail(outbox(), "nobody-here@example.com")).toBeNull();

    const token = await resetToken("forgetful@example.com");
    expect((await post("/api/auth/reset-password", { token, newPassword: "short" })).status).toBe(400);
    const reset = await post("/api/auth/reset-password", { token, newPassword: "my new long password" });
    expect(reset.status).toBe(200);
    expect((await srv.call("/api/auth/user", { token: b.token })).status).toBe(401);
    expect((await signIn("forgetful@example.com", "my new long password")).status).toBe(200);
    expect((await signIn("forgetful@example.com", "correct horse battery")).status).toBe(401);

    const again = await post("/api/auth/reset-password", { token, newPassword: "yet another password" });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe("Invalid reset token - The reset link is invalid or expired.");
  });

  test("GET /api/auth/reset-password/{token} says whether the link still works, so a used one is said at once", async () => {
    await srv.signUpBroker({ email: "checker@example.com" });
    await post("/api/auth/forgot-password", { email: "checker@example.com" });
    const token = await resetToken("checker@example.com");
    const check = (t: string) => srv.call<any>(`/api/auth/reset-password/${encodeURIComponent(t)}`);
    expect(await check(token)).toMatchObject({ status: 200, body: { valid: true } });
    expect((await post("/api/auth/reset-password", { token, newPassword: "my new long password" })).status).toBe(200);
    const invalid = { message: "Invalid reset token - The reset link is invalid or expired." };
    expect(await check(token)).toMatchObject({ status: 404, body: invalid });
    expect(await check("x".repeat(43))).toMatchObject({ status: 404, body: invalid });

    await post("/api/auth/forgot-password", { email: "checker@example.com" });
    const later = await resetToken("checker@example.com");
    srv.clock.advance(61 * 60 * 1000);
    expect(await check(later)).toMatchObject({ status: 404, body: invalid });
  });

  test("a link expires after an hour, and only a customer token never opens a broker account", async () => {
    await srv.signUpBroker({ email: "slow@example.com" });
    await post("/api/auth/forgot-password", { email: "slow@example.com" });
    const token = await resetToken("slow@example.com");
    srv.clock.advance(61 * 60 * 1000);
    expect((await post("/api/auth/reset-password", { token, newPassword: "too late password" })).status).toBe(400);
    expect((await post("/api/auth/reset-password", { token: "x".repeat(43), newPassword: "a guess password" })).status).toBe(400);
  });

  test("at most 3 reset emails per address in 15 minutes, answered alike", async () => {
    await srv.signUpBroker({ email: "flooded@example.com" });
    const before = (await countRows(srv, `emails where "to" = 'flooded@example.com' and kind = 'broker_password_reset'`));
    for (let i = 0; i < 5; i++) expect((await post("/api/auth/forgot-password", { email: "flooded@example.com" })).status).toBe(200);
    const after = (await countRows(srv, `emails where "to" = 'flooded@example.com' and kind = 'broker_password_reset'`));
    expect(after - before).toBe(3);
  });
});

describe("change password", () => {
  test("needs the current password, keeps this session and ends the others", async () => {
    const b = await srv.signUpBroker({ email: "changer@example.com" });
    const other = (await signIn("changer@example.com", "correct horse battery")).body.token;
    const wrong = await post("/api/auth/change-password", { currentPassword: "not it at all", newPassword: "a new password 1" }, b.token);
    expect(wrong.status).toBe(401);
    expect((await post("/api/auth/change-password", { currentPassword: "correct horse battery", newPassword: "short" }, b.token)).status).toBe(400);

    const ok = await post("/api/auth/change-password", { currentPassword: "correct horse battery", newPassword: "a new password 1" }, b.token);
    expect(ok.status).toBe(200);
    expect(ok.body.sessionsEnded).toBe(1);
    expect((await srv.call("/api/auth/user", { token: b.token })).status).toBe(200);
    expect((await srv.call("/api/auth/user", { token: other })).status).toBe(401);
    expect((await signIn("changer@example.com", "a new password 1")).status).toBe(200);
  });

  test("wrong current passwords are throttled like sign-in (429 with Retry-After)", async () => {
    const b = await srv.signUpBroker({ email: "guessed@example.com" });
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await post("/api/auth/change-password", { currentPassword: `guess number ${i}`, newPassword: "a new password 1" }, b.token);
      statuses.push(res.status);
      if (res.status === 429) expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe("change email", () => {
  test("a code to the new address makes it the sign-in email; the old address is told", async () => {
    const b = await srv.signUpBroker({ email: "old-address@example.com" });
    const asked = await post("/api/auth/change-email", { newEmail: "New-Address@example.com", password: "correct horse battery" }, b.token);
    expect(asked.status).toBe(202);
    expect(asked.body.codeRequired).toBe(true);
    const code = (await newestEmail(outbox(), "new-address@example.com", "broker_email_change_code"))!.text.match(/\b(\d{6})\b/)![1]!;

    const wrongCode = code === "000000" ? "111111" : "000000";
    expect((await post("/api/auth/change-email/confirm", { code: wrongCode }, b.token)).status).toBe(400);
    const done = await post("/api/auth/change-email/confirm", { code }, b.token);
    expect(done.status).toBe(200);
    expect(done.body.email).toBe("new-address@example.com");
    expect((await srv.call("/api/auth/user", { token: b.token })).body.email).toBe("new-address@example.com");
    expect((await newestEmail(outbox(), "old-address@example.com", "broker_email_changed"))?.text).toContain("new-address@example.com");
    expect((await signIn("new-address@example.com", "correct horse battery")).status).toBe(200);
    expect((await signIn("old-address@example.com", "correct horse battery")).status).toBe(401);
    // Used once.
    expect((await post("/api/auth/change-email/confirm", { code }, b.token)).status).toBe(400);
  });

  test("needs the password; an address with an account gets no code, but the answer is the same", async () => {
    const b = await srv.signUpBroker({ email: "mover@example.com" });
    await srv.signUpBroker({ email: "taken-address@example.com" });
    expect((await post("/api/auth/change-email", { newEmail: "free-address@example.com", password: "wrong password!" }, b.token)).status).toBe(401);
    const taken = await post("/api/auth/change-email", { newEmail: "taken-address@example.com", password: "correct horse battery" }, b.token);
    const free = await post("/api/auth/change-email", { newEmail: "free-address@example.com", password: "correct horse battery" }, b.token);
    expect(taken.status).toBe(202);
    expect(free.status).toBe(202);
    expect(taken.body.message.replace("taken-address", "free-address")).toBe(free.body.message);
    expect(await newestEmail(outbox(), "taken-address@example.com", "broker_email_change_code")).toBeNull();
  });

  test("five wrong codes kill the code", async () => {
    const b = await srv.signUpBroker({ email: "fumbler@example.com" });
    await post("/api/auth/change-email", { newEmail: "fumbler-new@example.com", password: "correct horse battery" }, b.token);
    const code = (await newestEmail(outbox(), "fumbler-new@example.com", "broker_email_change_code"))!.text.match(/\b(\d{6})\b/)![1]!;
    const wrong = code === "999999" ? "888888" : "999999";
    for (let i = 0; i < 5; i++) expect((await post("/api/auth/change-email/confirm", { code: wrong }, b.token)).status).toBe(400);
    expect((await post("/api/auth/change-email/confirm", { code }, b.token)).status).toBe(400);
  });
});

describe("reset links end when the account changes hands", () => {
  const emailCode = async (to: string) => (await newestEmail(outbox(), to, "broker_email_change_code"))!.text.match(/\b(\d{6})\b/)![1]!;

  test("a new sign-in email ends the old reset links and the other sessions, keeping this one", async () => {
    const b = await srv.signUpBroker({ email: "a-moving@example.com" });
    const other = (await signIn("a-moving@example.com", "correct horse battery")).body.token;
    await post("/api/auth/forgot-password", { email: "a-moving@example.com" });
    const oldLink = await resetToken("a-moving@example.com");
    await post("/api/auth/change-email", { newEmail: "b-moved@example.com", password: "correct horse battery" }, b.token);
    expect((await post("/api/auth/change-email/confirm", { code: await emailCode("b-moved@example.com") }, b.token)).status).toBe(200);

    const reset = await post("/api/auth/reset-password", { token: oldLink, newPassword: "taken over password" });
    expect(reset.status).toBe(400);
    expect(reset.body.message).toBe("Invalid reset token - The reset link is invalid or expired.");
    expect((await signIn("b-moved@example.com", "taken over password")).status).toBe(401);
    expect((await srv.call("/api/auth/user", { token: b.token })).status).toBe(200);
    expect((await srv.call("/api/auth/user", { token: other })).status).toBe(401);
  });

  test("an administrator's new password ends the outstanding reset links", async () => {
    await srv.signUpBroker({ email: "admin-reset@example.com" });
    await post("/api/auth/forgot-password", { email: "admin-reset@example.com" });
    const oldLink = await resetToken("admin-reset@example.com");
    expect((await admin("reset-password", "--email", "admin-reset@example.com", "--password", "set by the admin")).exitCode).toBe(0);
    expect((await post("/api/auth/reset-password", { token: oldLink, newPassword: "an attacker password" })).status).toBe(400);
    expect((await signIn("admin-reset@example.com", "set by the admin")).status).toBe(200);
  });

  test("disabling ends the reset links; a disabled account cannot be reset, with a clear message", async () => {
    await srv.signUpBroker({ email: "disabled-reset@example.com" });
    await post("/api/auth/forgot-password", { email: "disabled-reset@example.com" });
    const oldLink = await resetToken("disabled-reset@example.com");
    expect((await admin("disable", "--email", "disabled-reset@example.com")).exitCode).toBe(0);
    expect((await post("/api/auth/reset-password", { token: oldLink, newPassword: "while disabled pw" })).status).toBe(400);
    expect((await admin("enable", "--email", "disabled-reset@example.com")).exitCode).toBe(0);
    expect((await signIn("disabled-reset@example.com", "correct horse battery")).status).toBe(200);
  });

  test("a link issued to an account that is disabled afterwards (without the links ending) is refused with 403", async () => {
    const b = await srv.signUpBroker({ email: "disabled-later@example.com" });
    await post("/api/auth/forgot-password", { email: "disabled-later@example.com" });
    const link = await resetToken("disabled-later@example.com");
    // Disabled by a path that leaves the links alone (as a database edit or an older portal would).
    await write(srv.server.ctx, (tx) => tx.update(users).set({ disabledAt: srv.clock.now() }).where(eq(users.id, b.user.id)));
    const reset = await post("/api/auth/reset-password", { token: link, newPassword: "while disabled pw" });
    expect(reset.status).toBe(403);
    expect(reset.body.message).toBe("This account is disabled, so its password cannot be reset. Ask the portal's administrator.");
    expect((await signIn("disabled-later@example.com", "while disabled pw")).status).not.toBe(200);
  });
});
