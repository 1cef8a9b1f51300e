// `portal admin list | reset-password | disable | enable`, run as the real CLI beside a running
// portal: a disabled broker cannot sign in and their sessions end at once; a reset password ends
// every session and only the new password works.
import { describe, expect, test } from "bun:test";
import { databaseEnv, runCli } from "../support/cli.ts";
import { connectLive } from "../support/live.ts";
import { useTestServer } from "../support/server.ts";

const srv = useTestServer();
const admin = (...args: string[]) => runCli(["admin", ...args, "--data", srv.dataDir], databaseEnv(srv));
const signIn = (email: string, password: string) => srv.call("/api/auth/signin", { method: "POST", body: { email, password } });
const whoAmI = (token: string) => srv.call("/api/auth/user", { token });

describe("portal admin", () => {
  test("list shows each broker, active or disabled, with open sessions", async () => {
    const broker = await srv.signUpBroker({ email: "listed@example.com", firstName: "Lee\nINFO forged", lastName: "Lister" });
    const res = await admin("list");
    expect(res.exitCode).toBe(0);
    const line = res.stdout.split("\n").find((l) => l.includes("listed@example.com"))!;
    expect(line).toContain(broker.user.id);
    expect(line).toContain("active");
    // The newline never reached the name (cleanName), so it cannot start a forged line here.
    expect(line).toContain('"Lee INFO forged Lister"');
    expect(res.stdout.split("\n").filter((l) => l.startsWith("INFO forged"))).toEqual([]);
    expect(line).toContain("sessions: 1");
  });

  test("disable: sign-in refused with a clear message, every session and its live socket ends; enable lets them back", async () => {
    const password = "correct horse battery";
    const broker = await srv.signUpBroker({ email: "leaving@example.com", password });
    const second = await signIn("leaving@example.com", password);
    expect(second.status).toBe(200);
    const live = await connectLive(srv, { cookie: broker.cookie });

    const disabled = await admin("disable", "--email", "Leaving@Example.com");
    expect(disabled.stderr).toBe("");
    expect(disabled.exitCode).toBe(0);
    expect(disabled.stdout.trim()).toBe("Disabled leaving@example.com: they cannot sign in; 2 sessions ended.");
    expect((await whoAmI(broker.token)).status).toBe(401);
    expect((await whoAmI(second.body.token)).status).toBe(401);
    // The command ran in its own process; the serving portal's next scheduler pass closes the
    // live socket those sessions opened.
    await srv.runJobs();
    expect(await live.closed).toEqual({ code: 4001, reason: "Signed out" });
    const refused = await signIn("leaving@example.com", password);
    expect(refused).toMatchObject({ status: 403, body: { message: "This account is disabled. Ask the portal's administrator." } });
    // A guesser learns nothing: a wrong password is the usual answer.
    expect((await signIn("leaving@example.com", "a wrong password")).status).toBe(401);
    expect((await admin("list")).stdout).toMatch(/disabled \d{4}-\d\d-\d\d {2}leaving@example\.com/);
    expect((await admin("disable", "--email", "leaving@example.com")).stdout.trim()).toBe("leaving@example.com was already disabled.");

    const enabled = await admin("enable", "--email", "leaving@example.com");
    expect(enabled.stdout.trim()).toBe("Enabled leaving@example.com: they can sign in again.");
    expect((await signIn("leaving@example.com", password)).status).toBe(200);
  }, 30_000); // four CLI processes and five sign-ins: 4.5–5 s on a 2-core machine, more when busy

  test("reset-password: the old password and every session stop working, the new one works", async () => {
    const broker = await srv.signUpBroker({ email: "forgot@example.com", password: "old password here" });
    const res = await admin("reset-password", "--email", "forgot@example.com", "--password", "brand new password");
    expect(res.exitCode).toBe(0);
    expect(res.stdout.trim()).toBe("New password set for forgot@example.com; 1 session ended.");
    expect((await whoAmI(broker.token)).status).toBe(401);
    expect((await signIn("forgot@example.com", "old password here")).status).toBe(401);
    expect((await signIn("forgot@example.com", "brand new password")).status).toBe(200);
  });

  test("bad input: one clear line and a non-zero exit, nothing changed", async () => {
    await srv.signUpBroker({ email: "kept@example.com", password: "kept password 1" });
    const cases: [string[], string][] = [
      [["disable", "--email", "nobody@example.com"], "No broker with the email nobody@example.com"],
      [["disable"], "admin disable needs --email"],
      [["reset-password", "--email", "kept@example.com"], "admin reset-password needs --password"],
      [["reset-password", "--email", "kept@example.com", "--password", "short"], "Password must be at least 8 characters"],
    ];
    for (const [args, message] of cases) {
      const res = await admin(...args);
      expect(res.exitCode).not.toBe(0);
      expect(res.stderr.trim()).toBe(message);
    }
    const unknown = await admin("promote");
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toContain('Unknown admin command "promote"');
    expect((await signIn("kept@example.com", "kept password 1")).status).toBe(200);
    // Five CLI processes one after another: 3.4 s on a quiet 2-core machine, over the default 5 s
    // when the machine is busy.
  }, 30_000);
});
