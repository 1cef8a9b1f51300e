// Workspaces (issue 40): every broker account is a member of exactly one workspace. A new account
// founds its own, as its owner (sign-up, `portal admin create`); GET /api/auth/user names the
// workspace and role; an account in no workspace opens nothing.
import { describe, expect, test } from "bun:test";
import { databaseEnv, runCli } from "../support/cli.ts";
import { useTestServer } from "../support/server.ts";
import { exec, rows, statement } from "../support/sql.ts";

const srv = useTestServer();
const whoAmI = (token: string) => srv.call("/api/auth/user", { token });

describe("a new broker account founds its own workspace", () => {
  test("sign-up: the broker is its owner, and two brokers share nothing", async () => {
    const ada = await srv.signUpBroker({ email: "ada@acme.example", firstName: "Ada", lastName: "Byron" });
    const bo = await srv.signUpBroker({ email: "bo@example.com" });
    const mine = await whoAmI(ada.token);
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ id: ada.user.id, email: "ada@acme.example", role: "owner" });
    expect(typeof mine.body.workspaceId).toBe("string");
    const theirs = (await whoAmI(bo.token)).body;
    expect(theirs.role).toBe("owner");
    expect(theirs.workspaceId).not.toBe(mine.body.workspaceId);
    // Named after its founder; everyone sees every customer until the owner says otherwise.
    const [workspace] = await rows<{ name: string; visibility: string }>(srv.server.ctx.db, statement("select name, visibility from workspaces where id = ?", mine.body.workspaceId));
    expect(workspace).toEqual({ name: "Ada Byron", visibility: "all" });
    expect(await rows(srv.server.ctx.db, statement("select user_id from workspace_members where workspace_id = ?", mine.body.workspaceId))).toEqual([{ user_id: ada.user.id }]);
  });

  test("portal admin create: the new broker signs in as the owner of a workspace of their own", async () => {
    const made = await runCli(["admin", "create", "--email", "cli@example.com", "--password", "correct horse battery", "--data", srv.dataDir], databaseEnv(srv));
    expect(made.exitCode).toBe(0);
    const signedIn = await srv.call("/api/auth/signin", { method: "POST", body: { email: "cli@example.com", password: "correct horse battery" } });
    expect(signedIn.status).toBe(200);
    const me = (await whoAmI(signedIn.body.token)).body;
    expect(me.role).toBe("owner");
    expect(await rows(srv.server.ctx.db, statement("select name from workspaces where id = ?", me.workspaceId))).toEqual([{ name: "cli@example.com" }]);
  });
});

test("an account taken out of its workspace opens nothing with the session it still holds", async () => {
  const broker = await srv.signUpBroker({ email: "leaver@example.com" });
  expect((await srv.call("/api/customers", { token: broker.token })).status).toBe(200);
  await exec(srv.server.ctx.db, statement("delete from workspace_members where user_id = ?", broker.user.id));
  for (const path of ["/api/auth/user", "/api/customers", "/api/dashboard/metrics", "/api/pending-documents"]) {
    const res = await srv.call(path, { token: broker.token });
    expect({ path, status: res.status }).toEqual({ path, status: 401 });
  }
});
