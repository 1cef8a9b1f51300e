// `portal admin list | reset-password | disable | enable`, run as the real CLI beside a running
// portal: a disabled broker cannot sign in and their sessions end at once; a reset password ends
// every session and only the new password works.
import { describe, expect, test } from "bun:test";
import { databaseEnv, runCli } from "../support/cli.ts";
import { connectLive } from "../support/live.ts";
import { useTestServer } from "../support/server.ts";
import { rows, statement } from "../support/sql.ts";

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

describe("portal admin: workspaces", () => {
  test("workspaces lists each with its members and customers; members lists one's; make-owner promotes", async () => {
    const boss = await srv.signUpBroker({ email: "boss@crew.example", firstName: "Bea", lastName: "Boss" });
    const mate = await srv.signUpBroker({ email: "mate@crew.example" });
    const workspaceId = (await whoAmI(boss.token)).body.workspaceId;
    // The mate joins the boss's workspace through an invitation.
    await srv.call("/api/workspace/invitations", { method: "POST", token: boss.token, body: { email: "new@crew.example", role: "assistant" } });
    const sent = await srv.call("/api/workspace/invitations", { token: boss.token });
    expect(sent.body).toHaveLength(1);
    expect((await srv.call("/api/workspace", { method: "PUT", token: boss.token, body: { name: "Crew \nLending", claimedDomains: ["crew.example"] } })).status).toBe(200);
    for (const email of ["c1@example.com", "c2@example.com"]) {
      expect((await srv.call("/api/customers", { method: "POST", token: boss.token, body: { email, name: email } })).status).toBe(201);
    }
    const [mail] = await rows<{ text: string }>(srv.server.ctx.db, statement(`select text from emails where "to" = ? and kind = 'workspace_invitation'`, "new@crew.example"));
    const joined = await srv.call("/api/workspace/join", { method: "POST", body: { token: decodeURIComponent(mail!.text.match(/\/join\/([\w%-]+)/)![1]!), password: "a long enough password" } });
    expect(joined.status).toBe(201);

    const listed = await admin("workspaces");
    expect(listed.exitCode).toBe(0);
    const line = listed.stdout.split("\n").find((l) => l.startsWith(workspaceId))!;
    expect(line).toBe(`${workspaceId}  "Crew Lending"  2 members  2 customers  domains: crew.example`);
    const mates = (await whoAmI(mate.token)).body.workspaceId;
    expect(listed.stdout.split("\n").find((l) => l.startsWith(mates))).toMatch(/^\S+  "[^"]+"  1 member  0 customers  domains: -$/);

    const members = await admin("members", workspaceId);
    expect(members.exitCode).toBe(0);
    expect(members.stdout.trim().split("\n")).toEqual([
      `boss@crew.example  owner  "Bea Boss"  ${boss.user.id}`,
      `new@crew.example  assistant  -  ${joined.body.user.id}`,
    ]);

    const promoted = await admin("make-owner", "New@Crew.example");
    expect(promoted).toMatchObject({ exitCode: 0, stdout: 'new@crew.example is now an owner of "Crew Lending" (was assistant).\n' });
    // The running portal sees it at the next request: the new owner manages the workspace.
    expect((await whoAmI(joined.body.token)).body.role).toBe("owner");
    expect((await srv.call("/api/workspace/invitations", { token: joined.body.token })).status).toBe(200);
    expect((await admin("make-owner", "--email", "new@crew.example")).stdout.trim()).toBe('new@crew.example is already an owner of "Crew Lending"; nothing changed.');
  }, 60_000);

  test("unknown workspaces and emails, a removed member, missing arguments: one clear line and a non-zero exit, nothing changed", async () => {
    const owner = await srv.signUpBroker({ email: "solo-owner@crew2.example" });
    await srv.call("/api/workspace/invitations", { method: "POST", token: owner.token, body: { email: "gone@crew2.example", role: "broker" } });
    const [mail] = await rows<{ text: string }>(srv.server.ctx.db, statement(`select text from emails where "to" = ? and kind = 'workspace_invitation'`, "gone@crew2.example"));
    const gone = await srv.call("/api/workspace/join", { method: "POST", body: { token: decodeURIComponent(mail!.text.match(/\/join\/([\w%-]+)/)![1]!), password: "a long enough password" } });
    expect((await srv.call(`/api/workspace/members/${gone.body.user.id}`, { method: "DELETE", token: owner.token })).status).toBe(200);
    const before = await rows(srv.server.ctx.db, statement("select user_id, workspace_id, role from workspace_members order by user_id"));
    const cases: [string[], number, string][] = [
      [["members", "no-such-workspace"], 1, 'No workspace with the id "no-such-workspace". List them with: portal admin workspaces'],
      [["make-owner", "nobody@crew2.example"], 1, "No broker with the email nobody@crew2.example"],
      [["make-owner", "gone@crew2.example"], 1, "gone@crew2.example is not a member of any workspace (removed from theirs). An owner can invite them again."],
      [["members"], 2, "admin members needs one workspace id: portal admin members <workspace id> (portal admin workspaces lists them)"],
      [["make-owner"], 2, "admin make-owner needs one email: portal admin make-owner <email>"],
      [["workspaces", "extra"], 2, 'admin workspaces takes options only (--email, --password …)'],
    ];
    for (const [args, exitCode, message] of cases) {
      const res = await admin(...args);
      expect({ args, exitCode: res.exitCode, line: res.stderr.split("\n")[0] }).toEqual({ args, exitCode, line: message });
    }
    expect(await rows(srv.server.ctx.db, statement("select user_id, workspace_id, role from workspace_members order by user_id"))).toEqual(before);
  }, 60_000);
});

