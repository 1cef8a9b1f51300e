import { describe, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { users } from "../../db/tables.ts";
import { countRows } from "../support/fixtures.ts";
import { row as row_ } from "../support/sql.ts";
import { cookieHeader, startTestServer, useTestServer } from "../support/server.ts";

const srv = useTestServer();

const countUsers = async () => ({ n: await srv.server.ctx.db.$count(users) });

describe("broker sign-up", () => {
  test("creates the account, returns user and token, and sets an HttpOnly SameSite=Lax cookie", async () => {
    const res = await srv.call("/api/auth/signup", {
      method: "POST",
      body: { email: "  Ada@Example.COM ", password: "long enough pw", firstName: "Ada", lastName: "Lovelace" },
    });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ email: "ada@example.com", firstName: "Ada", lastName: "Lovelace" });
    expect(res.body.user.passwordHash).toBeUndefined();
    expect(typeof res.body.token).toBe("string");
    const cookie = res.headers.get("set-cookie")!;
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).not.toContain("Secure");

    const me = await srv.call("/api/auth/user", { token: res.body.token });
    expect(me.status).toBe(200);
    expect(me.body.email).toBe("ada@example.com");
    const byCookie = await srv.call("/api/auth/user", { headers: { cookie: cookieHeader(res) } });
    expect(byCookie.body.id).toBe(res.body.user.id);
  });

  test("stores an argon2id hash, never the password", async () => {
    const row = (await row_<{ password_hash: string }>(srv.server.ctx.db, sql`select password_hash from users where email = 'ada@example.com'`))!;
    expect(row.password_hash.startsWith("$argon2id$")).toBe(true);
  });

  test.each([
    ["an invalid email", { email: "not-an-email", password: "long enough pw" }, "Please enter a valid email address"],
    ["a short password", { email: "x@example.com", password: "short" }, "Password must be at least 8 characters"],
    ["an empty password", { email: "x@example.com", password: "" }, "Password is required"],
    ["no password", { email: "x@example.com" }, "Password is required"],
    ["a 10,000-character name", { email: "x@example.com", password: "long enough pw", firstName: "n".repeat(10_000) }, "Names must be text of at most 100 characters"],
    ["a number for the email", { email: 42, password: "long enough pw" }, "Please enter a valid email address"],
  ] as const)("refuses %s with 400 and creates nothing", async (_case, body, message) => {
    const before = (await countUsers()).n;
    const res = await srv.call("/api/auth/signup", { method: "POST", body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
    expect((await countUsers()).n).toBe(before);
  });

  test("a taken email (any case) answers exactly like a new one, and its owner gets an email", async () => {
    const taken = await srv.call("/api/auth/signup", { method: "POST", body: { email: "ADA@example.com", password: "another password" } });
    const fresh = await srv.call("/api/auth/signup", { method: "POST", body: { email: "ada2@example.com", password: "another password" } });
    expect(taken.status).toBe(202);
    expect(fresh.status).toBe(202);
    expect(taken.body.message.replace("ada@", "ada2@")).toBe(fresh.body.message);
    const notice = (await row_<{ kind: string }>(srv.server.ctx.db, sql`select kind from emails where "to" = 'ada@example.com'`))!;
    expect(notice.kind).toBe("broker_signup_attempt");
  });
});

describe("broker sign-in and sign-out", () => {
  test("right password signs in; wrong password and unknown email get the same 401", async () => {
    const ok = await srv.call("/api/auth/signin", { method: "POST", body: { email: "ada@example.com", password: "long enough pw" } });
    expect(ok.status).toBe(200);
    expect(ok.body.user.email).toBe("ada@example.com");

    const wrong = await srv.call("/api/auth/signin", { method: "POST", body: { email: "ada@example.com", password: "nope nope" } });
    const unknown = await srv.call("/api/auth/signin", { method: "POST", body: { email: "who@example.com", password: "nope nope" } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ message: "Invalid email or password" });
    expect(unknown.body).toEqual(wrong.body);
  });

  test("sign-out ends the session and clears the cookie", async () => {
    const { token } = await srv.signUpBroker();
    const out = await srv.call("/api/auth/signout", { method: "POST", token });
    expect(out.status).toBe(200);
    expect(out.headers.get("set-cookie")).toMatch(/portal_session=;.*Max-Age=0/);
    const me = await srv.call("/api/auth/user", { token });
    expect(me.status).toBe(401);
    expect(me.body.message).toBeString();
  });

  test("missing, unknown and expired tokens get 401 with a message", async () => {
    expect(await srv.call("/api/auth/user")).toMatchObject({ status: 401, body: { message: "Authentication required" } });
    expect((await srv.call("/api/auth/user", { token: "made-up" })).status).toBe(401);

    const { token } = await srv.signUpBroker();
    expect((await srv.call("/api/auth/user", { token })).status).toBe(200);
    srv.clock.advance(8 * 24 * 60 * 60 * 1000);
    const expired = await srv.call("/api/auth/user", { token });
    expect(expired.status).toBe(401);
    expect(expired.body.message).toBe("Your session has expired. Please sign in again.");
  });
});

describe("sign-in throttling", () => {
  // The policy itself (and the owner at another address) is in sign-in-throttle.test.ts.
  test("after 5 failures even the right password from that address is refused with 429 and Retry-After until the wait passes", async () => {
    const { user } = await srv.signUpBroker({ password: "the real password" });
    const attempt = (password: string) => srv.call("/api/auth/signin", { method: "POST", body: { email: user.email, password } });
    for (let i = 0; i < 5; i++) expect((await attempt("wrong password")).status).toBe(401);

    const refused = await attempt("the real password");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("1");
    expect(refused.body).toEqual({ message: "Too many sign-in attempts. Try again in 1 second." });

    srv.clock.advance(1000);
    expect((await attempt("the real password")).status).toBe(200);
  });
});

test("sign-up can be turned off with ALLOW_SIGNUP=false", async () => {
  const closed = await startTestServer({ ALLOW_SIGNUP: "false" });
  try {
    const res = await closed.call("/api/auth/signup", { method: "POST", body: { email: "a@example.com", password: "long enough pw" } });
    expect(res.status).toBe(403);
    expect(res.body.message).toContain("Sign-up is turned off");
  } finally {
    await closed.stop();
  }
});

test("behind https the session cookie is Secure and named __Host-, and only that name is read", async () => {
  const secure = await startTestServer({ PUBLIC_URL: "https://portal.example.com" });
  try {
    const signedUp = await secure.call("/api/auth/signup", { method: "POST", body: { email: "s@example.com", password: "long enough pw" } });
    expect(signedUp.status).toBe(201);
    const cookie = signedUp.headers.get("set-cookie")!;
    expect(cookie).toStartWith("__Host-portal_session=");
    expect(cookie).toContain("Secure");
    expect(cookie).toContain("Path=/");
    expect(cookie).not.toContain("Domain");
    expect((await secure.call("/healthz")).headers.get("strict-transport-security")).toContain("max-age=");

    const { token } = signedUp.body;
    expect((await secure.call("/api/auth/user", { headers: { cookie: `__Host-portal_session=${token}` } })).status).toBe(200);
    // A plain-named cookie could have been planted by a sibling subdomain or over http.
    expect((await secure.call("/api/auth/user", { headers: { cookie: `portal_session=${token}` } })).status).toBe(401);

    const out = await secure.call("/api/auth/signout", { method: "POST", headers: { cookie: `__Host-portal_session=${token}` } });
    expect(out.headers.get("set-cookie")).toMatch(/^__Host-portal_session=;.*Max-Age=0/);
    expect((await secure.call("/api/auth/user", { token })).status).toBe(401);
  } finally {
    await secure.stop();
  }
});

test("over plain http the cookie keeps its name and the __Host- name is not read", async () => {
  const { token } = await srv.signUpBroker();
  expect((await srv.call("/api/auth/user", { headers: { cookie: `portal_session=${token}` } })).status).toBe(200);
  expect((await srv.call("/api/auth/user", { headers: { cookie: `__Host-portal_session=${token}` } })).status).toBe(401);
});

describe("housekeeping", () => {
  test("expired broker sessions and sign-up codes are purged by the hourly task; live ones stay", async () => {
    const broker = await srv.signUpBroker();
    await srv.call("/api/auth/signup", { method: "POST", body: { email: "pending-code@example.com", password: "long enough pw" } });
    const count = (table: string) => countRows(srv, table);
    expect(await count(`sessions where user_id = '${broker.user.id}'`)).toBeGreaterThan(0);
    expect(await count(`broker_signup_codes where email = 'pending-code@example.com'`)).toBe(1);
    srv.clock.advance(60 * 60 * 1000 + 1000);
    await srv.runJobs();
    expect(await count(`broker_signup_codes where email = 'pending-code@example.com'`)).toBe(0); // 15 minutes
    expect(await count(`sessions where user_id = '${broker.user.id}'`)).toBeGreaterThan(0); // 7 days
    srv.clock.advance(8 * 24 * 60 * 60 * 1000);
    await srv.runJobs();
    expect(await count(`sessions where user_id = '${broker.user.id}'`)).toBe(0);
  });
});
