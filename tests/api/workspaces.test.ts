// Workspaces (issue 40): every broker account is a member of exactly one workspace. A new account
// founds its own, as its owner (sign-up, `portal admin create`); GET /api/auth/user names the
// workspace and role; an account in no workspace opens nothing.
import { describe, expect, test } from "bun:test";
import { databaseEnv, runCli } from "../support/cli.ts";
import { connectLive } from "../support/live.ts";
import { useTestServer } from "../support/server.ts";
import { exec, rows, statement } from "../support/sql.ts";
import { attachFile } from "../support/fixtures.ts";

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

// Two members of one workspace, put together in the database (invitations are not built yet):
// every customer read goes through one condition (customers/lookups.ts visibleCustomers).
describe("what a member may see of the workspace's customers", () => {
  async function twoMembers(visibility: "all" | "assigned") {
    const owner = await srv.signUpBroker({ email: `owner-${visibility}@example.com` });
    const colleague = await srv.signUpBroker({ email: `colleague-${visibility}@example.com` });
    const workspaceId = (await whoAmI(owner.token)).body.workspaceId;
    const db = srv.server.ctx.db;
    await exec(db, statement("update workspace_members set workspace_id = ?, role = 'broker' where user_id = ?", workspaceId, colleague.user.id));
    await exec(db, statement("update workspaces set visibility = ? where id = ?", visibility, workspaceId));
    const create = async (email: string) => (await srv.call("/api/customers", { method: "POST", token: owner.token, body: { email, name: email.split("@")[0], requiredDocuments: [{ name: "Paystub" }] } })).body;
    const ownersOwn = await create(`mine-${visibility}@example.com`);
    const colleagues = await create(`theirs-${visibility}@example.com`);
    expect((await srv.call(`/api/customers/${colleagues.id}/assignee`, { method: "PUT", token: owner.token, body: { memberId: colleague.user.id } })).status).toBe(200);
    return { owner, colleague, ownersOwn, colleagues };
  }
  const names = (res: { body: { name: string }[] }) => res.body.map((c) => c.name).sort();

  test("assigned mode: a broker reaches only their own customers, by list, search, id and every customer route; the owner reaches all", async () => {
    const { owner, colleague, ownersOwn, colleagues } = await twoMembers("assigned");
    const as = (token: string, path: string, options: { method?: string; body?: unknown } = {}) => srv.call(path, { ...options, token });

    expect(names(await as(colleague.token, "/api/customers"))).toEqual(["theirs-assigned"]);
    expect(names(await as(owner.token, "/api/customers"))).toEqual(["mine-assigned", "theirs-assigned"]);
    const search = await as(colleague.token, "/api/all-customers?q=assigned");
    expect(search.body.customers.map((c: { name: string }) => c.name)).toEqual(["theirs-assigned"]);
    expect(search.body.total).toBe(1);
    expect((await as(colleague.token, `/api/customer/${colleagues.id}`)).status).toBe(200);
    // The dashboard counts and lists what each sees.
    expect((await as(colleague.token, "/api/dashboard/metrics")).body).toMatchObject({ totalCustomers: 1, pendingDocs: 1 });
    expect((await as(owner.token, "/api/dashboard/metrics")).body).toMatchObject({ totalCustomers: 2, pendingDocs: 2 });
    expect((await as(colleague.token, "/api/pending-documents")).body.map((d: { customerId: string }) => d.customerId)).toEqual([colleagues.id]);
    expect((await as(owner.token, "/api/pending-documents")).body).toHaveLength(2);
    expect((await as(colleague.token, `/api/customer/${colleagues.id}/audit`)).status).toBe(200);

    const id = ownersOwn.id;
    const docId = ownersOwn.documents[0].id;
    const soon = new Date(srv.clock.now().getTime() + 5 * 86_400_000).toISOString();
    const refused: [string, string, unknown?][] = [
      ["GET", `/api/customer/${id}`],
      ["GET", `/api/customer/${id}/documents`],
      ["GET", `/api/customers/${id}/document-limit`],
      ["PUT", `/api/customers/${id}`, { name: "Renamed", email: "renamed@example.com", loanType: "va" }],
      ["DELETE", `/api/customers/${id}`],
      ["POST", `/api/customers/${id}/resend-invitation`],
      ["POST", `/api/customers/${id}/request-documents`, { documentTypes: ["W-2"] }],
      ["POST", `/api/customer/${id}/send-reminder`],
      ["GET", `/api/customers/${id}/reminders`],
      ["PUT", `/api/customers/${id}/reminders/cadence`, { cadence: null }],
      ["POST", `/api/customers/${id}/reminders/pause`],
      ["GET", `/api/customers/${id}/document-expiries`],
      ["GET", `/api/customer/${id}/audit`],
      ["GET", `/api/customer/${id}/audit.csv`],
      ["GET", `/api/customer/${id}/audit.pdf`],
      ["GET", `/api/customers/${id}/export`],
      ["POST", "/api/customers/export", { customerIds: [colleagues.id, id] }],
      // Its documents, by their own ids.
      ["POST", `/api/documents/${docId}/verify`, { status: "approved" }],
      ["PUT", `/api/documents/${docId}/due-date`, { dueDate: soon }],
      ["PUT", "/api/documents/bulk-due-date", { documentIds: [docId], dueDate: soon }],
      ["PUT", `/api/documents/${docId}/acceptance-rules`, { rules: null }],
      ["POST", `/api/documents/${docId}/unavailable`, { decision: "accept" }],
      ["PUT", `/api/documents/${docId}/expiry`, { expiresOn: null }],
      ["DELETE", `/api/documents/${docId}`],
    ];
    for (const [method, path, body] of refused) {
      const res = await as(colleague.token, path, { method, body });
      expect({ method, path, status: res.status }).toEqual({ method, path, status: 404 });
    }
    // "Send to all" reminds the colleague's own customer only.
    expect((await as(colleague.token, "/api/send-bulk-reminders", { method: "POST" })).body.sentCount).toBe(1);
    expect((await as(owner.token, `/api/customer/${id}`)).body.lastReminderAt).toBeNull();
    expect((await as(owner.token, `/api/customer/${colleagues.id}`)).body.lastReminderAt).not.toBeNull();

    // Files: the colleague reads their own customer's, never the owner's; the owner reads both.
    await attachFile(srv, docId);
    await attachFile(srv, colleagues.documents[0].id);
    for (const [method, path] of [["GET", `/api/documents/${docId}/download`], ["GET", `/api/documents/${docId}/view`], ["POST", `/api/documents/${docId}/link`]] as const) {
      const res = await srv.call(path, { method, headers: { cookie: colleague.cookie } });
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
    }
    expect((await srv.call(`/api/documents/${colleagues.documents[0].id}/download`, { headers: { cookie: colleague.cookie } })).status).toBe(200);
    expect((await srv.call(`/api/documents/${colleagues.documents[0].id}/download`, { headers: { cookie: owner.cookie } })).status).toBe(200);

    // Expiring documents on the dashboard: the owner's customer's is not the colleague's to see.
    expect((await as(owner.token, `/api/documents/${docId}/verify`, { method: "POST", body: { status: "approved" } })).status).toBe(200);
    const expiresOn = soon.slice(0, 10);
    expect((await as(owner.token, `/api/documents/${docId}/expiry`, { method: "PUT", body: { expiresOn } })).status).toBe(200);
    expect((await as(owner.token, "/api/dashboard/expiring-documents")).body.documents.map((d: { documentId: string }) => d.documentId)).toEqual([docId]);
    expect((await as(colleague.token, "/api/dashboard/expiring-documents")).body.documents).toEqual([]);

    // Nothing changed: the owner still finds the customer as it was, with its one request, unpaused.
    const after = await as(owner.token, `/api/customer/${id}`);
    expect(after.body).toMatchObject({ name: "mine-assigned", email: "mine-assigned@example.com" });
    expect(after.body.documents.map((d: { name: string }) => d.name)).toEqual(["Paystub"]);
    expect((await as(owner.token, `/api/customers/${id}/reminders`)).body.paused).toBe(false);
  });

  test("all mode (the default): every member sees every customer of the workspace", async () => {
    const { owner, colleague } = await twoMembers("all");
    expect(names(await srv.call("/api/customers", { token: colleague.token }))).toEqual(["mine-all", "theirs-all"]);
    expect(names(await srv.call("/api/customers", { token: owner.token }))).toEqual(["mine-all", "theirs-all"]);
    // Checklists and the export's file names are the workspace's: one set for every member.
    expect((await srv.call("/api/templates", { method: "POST", token: owner.token, body: { name: "Team checklist", documents: [{ name: "Paystub" }] } })).status).toBe(201);
    expect((await srv.call("/api/templates", { token: colleague.token })).body.own.map((t: { name: string }) => t.name)).toEqual(["Team checklist"]);
    expect((await srv.call("/api/export/settings", { method: "PUT", token: owner.token, body: { fileNamePattern: "{customer} - {document}.{ext}" } })).status).toBe(200);
    expect((await srv.call("/api/export/settings", { token: colleague.token })).body.fileNamePattern).toBe("{customer} - {document}.{ext}");
  });
});

describe("/api/workspace: settings and members' roles", () => {
  test("the owner reads and changes the settings; bad settings are a 400 and change nothing", async () => {
    const owner = await srv.signUpBroker({ email: "settings@example.com", firstName: "Sam", lastName: "Owner" });
    const workspaceId = (await whoAmI(owner.token)).body.workspaceId;
    const read = await srv.call("/api/workspace", { token: owner.token });
    expect(read.body).toEqual({ id: workspaceId, name: "Sam Owner", role: "owner", visibility: "all", claimedDomains: [], defaultRole: "broker", defaultLanguage: null });

    for (const body of [{ claimedDomains: ["not a domain"] }, { visibility: "some" }, { name: "   " }, { defaultRole: "boss" }, { name: 7 }, { defaultLanguage: "fr" }]) {
      const res = await srv.call("/api/workspace", { method: "PUT", token: owner.token, body: { visibility: "assigned", ...body } });
      expect({ body, status: res.status, message: typeof res.body.message }).toEqual({ body, status: 400, message: "string" });
    }
    expect((await srv.call("/api/workspace", { token: owner.token })).body).toEqual(read.body);

    const changed = await srv.call("/api/workspace", { method: "PUT", token: owner.token, body: { name: " Acme Lending ", visibility: "assigned", claimedDomains: ["Acme.example", "acme.example"], defaultRole: "assistant" } });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ id: workspaceId, name: "Acme Lending", role: "owner", visibility: "assigned", claimedDomains: ["acme.example"], defaultRole: "assistant", defaultLanguage: null });
    expect((await srv.call("/api/workspace/members", { token: owner.token })).body).toEqual([
      { id: owner.user.id, email: "settings@example.com", firstName: "Sam", lastName: "Owner", role: "owner" },
    ]);
  });

  test("claimed domains: domain names only, no public mail service, one workspace per domain; owners are not a default role", async () => {
    const acme = await srv.signUpBroker({ email: "claims@acme-claims.example" });
    const rival = await srv.signUpBroker({ email: "rival@rival-claims.example" });
    const put = (token: string, body: unknown) => srv.call("/api/workspace", { method: "PUT", token, body });
    const claimed = await put(acme.token, { claimedDomains: [" ACME-Claims.example ", "acme-claims.example", "mail.acme-claims.example"] });
    expect(claimed.body.claimedDomains).toEqual(["acme-claims.example", "mail.acme-claims.example"]);
    const refusals: [unknown, number, string][] = [
      [{ claimedDomains: ["localhost"] }, 400, '"localhost" is not a domain name. Claim names such as example.com.'],
      [{ claimedDomains: ["acme-claims.example/x"] }, 400, '"acme-claims.example/x" is not a domain name. Claim names such as example.com.'],
      [{ claimedDomains: ["@rival-claims.example"] }, 400, '"@rival-claims.example" is not a domain name. Claim names such as example.com.'],
      [{ claimedDomains: ["Gmail.com"] }, 400, "gmail.com is a public email service where anyone can have an address, so no workspace can claim it."],
      [{ claimedDomains: ["co.uk"] }, 400, "co.uk is shared by many organisations, so no workspace can claim it. Claim your own domain, such as yourbrokerage.co.uk."],
      [{ claimedDomains: ["rival-claims.example", "Acme-Claims.example"] }, 409, "acme-claims.example is already claimed by another workspace on this portal. A domain belongs to one workspace only."],
      [{ defaultRole: "owner" }, 400, "Single sign-on can make members brokers or assistants, not owners. Make a member owner from the team's list."],
    ];
    const before = (await srv.call("/api/workspace", { token: rival.token })).body;
    for (const [body, status, message] of refusals) expect(await put(rival.token, body)).toMatchObject({ status, body: { message } });
    expect((await srv.call("/api/workspace", { token: rival.token })).body).toEqual(before);
    // A name under another's domain is theirs too (sign-in matches exactly, so the owner claims it themselves).
    expect(await put(rival.token, { claimedDomains: ["eu.Acme-Claims.example"] })).toMatchObject({
      status: 409,
      body: { message: "eu.acme-claims.example is under acme-claims.example, which another workspace on this portal has claimed." },
    });
    expect((await put(acme.token, { claimedDomains: ["acme-claims.example", "eu.acme-claims.example"] })).status).toBe(200);
    // Let go, a domain may be claimed by another.
    expect((await put(acme.token, { claimedDomains: [] })).status).toBe(200);
    expect((await put(rival.token, { claimedDomains: ["acme-claims.example"] })).body.claimedDomains).toEqual(["acme-claims.example"]);
  });

  test("the last owner cannot stop being one (409); a member of another workspace is a 404", async () => {
    const owner = await srv.signUpBroker({ email: "last-owner@example.com" });
    const stranger = await srv.signUpBroker({ email: "stranger@example.com" });
    const demote = await srv.call(`/api/workspace/members/${owner.user.id}`, { method: "PUT", token: owner.token, body: { role: "broker" } });
    expect(demote.status).toBe(409);
    expect(demote.body.message).toBe("A workspace needs at least one owner. Make another member owner first.");
    expect((await whoAmI(owner.token)).body.role).toBe("owner");
    expect((await srv.call(`/api/workspace/members/${stranger.user.id}`, { method: "PUT", token: owner.token, body: { role: "assistant" } })).status).toBe(404);
    expect((await whoAmI(stranger.token)).body.role).toBe("owner");
  });

  test("two owners demoting each other at once: one wins, one owner is left", async () => {
    const a = await srv.signUpBroker({ email: "owner-a@example.com" });
    const b = await srv.signUpBroker({ email: "owner-b@example.com" });
    const workspaceId = (await whoAmI(a.token)).body.workspaceId;
    await exec(srv.server.ctx.db, statement("update workspace_members set workspace_id = ?, role = 'broker' where user_id = ?", workspaceId, b.user.id));
    expect((await srv.call(`/api/workspace/members/${b.user.id}`, { method: "PUT", token: a.token, body: { role: "owner" } })).status).toBe(200);
    const [byA, byB] = await Promise.all([
      srv.call(`/api/workspace/members/${b.user.id}`, { method: "PUT", token: a.token, body: { role: "broker" } }),
      srv.call(`/api/workspace/members/${a.user.id}`, { method: "PUT", token: b.token, body: { role: "broker" } }),
    ]);
    expect([byA.status, byB.status].sort()).toEqual([200, 403]);
    const roles = await rows<{ role: string }>(srv.server.ctx.db, statement("select role from workspace_members where workspace_id = ? order by role", workspaceId));
    expect(roles.map((r) => r.role)).toEqual(["broker", "owner"]);
  });

  test("an assistant gets 403 on every workspace route, on deleting a customer and on buying or cancelling a plan, and nothing changes", async () => {
    const owner = await srv.signUpBroker({ email: "boss@example.com" });
    const assistant = await srv.signUpBroker({ email: "assistant@example.com" });
    const workspaceId = (await whoAmI(owner.token)).body.workspaceId;
    await exec(srv.server.ctx.db, statement("update workspace_members set workspace_id = ?, role = 'assistant' where user_id = ?", workspaceId, assistant.user.id));
    const customer = (await srv.call("/api/customers", { method: "POST", token: owner.token, body: { email: "kept@example.com", name: "Kept" } })).body;
    const refused: [string, string, unknown?][] = [
      ["GET", "/api/workspace"],
      ["PUT", "/api/workspace", { visibility: "assigned" }],
      ["GET", "/api/workspace/members"],
      ["PUT", `/api/workspace/members/${assistant.user.id}`, { role: "owner" }],
      ["PUT", `/api/workspace/members/${owner.user.id}`, { role: "assistant" }],
      ["DELETE", `/api/customers/${customer.id}`],
      // Billing belongs to the owner.
      ["POST", "/api/create-subscription", { plan: "pro" }],
      ["POST", "/api/activate-subscription", { paymentIntentId: "pi_123" }],
      ["POST", "/api/cancel-subscription"],
    ];
    for (const [method, path, body] of refused) {
      const res = await srv.call(path, { method, body, token: assistant.token });
      expect({ method, path, status: res.status }).toEqual({ method, path, status: 403 });
    }
    expect(await rows(srv.server.ctx.db, statement("select plan from subscriptions where workspace_id = ?", workspaceId))).toEqual([]);
    expect((await srv.call("/api/subscription", { token: assistant.token })).status).toBe(200);
    // The assistant still works the customer; the settings and roles are as they were.
    expect((await srv.call(`/api/customer/${customer.id}`, { token: assistant.token })).status).toBe(200);
    expect((await srv.call("/api/workspace", { token: owner.token })).body.visibility).toBe("all");
    expect((await whoAmI(assistant.token)).body.role).toBe("assistant");
    expect((await whoAmI(owner.token)).body.role).toBe("owner");
  });
});

describe("assignment: each customer has an assignee, and it can be handed over", () => {
  test("a solo broker's customers are theirs; the answer names the assignee", async () => {
    const solo = await srv.signUpBroker({ email: "solo-assignee@example.com", firstName: "Ann", lastName: "Solo" });
    const made = await srv.call("/api/customers", { method: "POST", token: solo.token, body: { email: "c-solo@example.com", name: "C" } });
    expect(made.body).toMatchObject({ assigneeId: solo.user.id, brokerName: "Ann Solo", assignee: { id: solo.user.id, firstName: "Ann", lastName: "Solo", email: "solo-assignee@example.com" } });
    const [listed] = (await srv.call("/api/customers", { token: solo.token })).body;
    expect(listed).toMatchObject({ assigneeId: solo.user.id, assignee: { email: "solo-assignee@example.com" } });
  });

  test("one customer to a colleague, a pipeline back (owner only), filters by assignee; outsiders and assistants are refused", async () => {
    const owner = await srv.signUpBroker({ email: "handover-owner@example.com" });
    const colleague = await srv.signUpBroker({ email: "handover-colleague@example.com", firstName: "Col", lastName: "League" });
    const outsider = await srv.signUpBroker({ email: "handover-outsider@example.com" });
    const workspaceId = (await whoAmI(owner.token)).body.workspaceId;
    await exec(srv.server.ctx.db, statement("update workspace_members set workspace_id = ?, role = 'broker' where user_id = ?", workspaceId, colleague.user.id));
    const make = async (email: string) => (await srv.call("/api/customers", { method: "POST", token: owner.token, body: { email, name: email.split("@")[0] } })).body;
    const [one, two] = [await make("h1@example.com"), await make("h2@example.com")];
    const assign = (token: string, customerId: string, memberId: string) => srv.call(`/api/customers/${customerId}/assignee`, { method: "PUT", token, body: { memberId } });

    const moved = await assign(owner.token, one.id, colleague.user.id);
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ id: one.id, assigneeId: colleague.user.id, brokerName: "Col League", assignee: { email: "handover-colleague@example.com" } });
    const mine = (token: string, who = "me") => srv.call(`/api/customers?assignee=${who}`, { token }).then((r) => r.body.map((c: { name: string }) => c.name));
    expect(await mine(colleague.token)).toEqual(["h1"]);
    expect(await mine(owner.token)).toEqual(["h2"]);
    expect(await mine(owner.token, colleague.user.id)).toEqual(["h1"]);

    // Not a member of this workspace: 404, nothing moved.
    expect((await assign(owner.token, two.id, outsider.user.id)).status).toBe(404);
    expect((await srv.call("/api/customers/reassign", { method: "POST", token: owner.token, body: { fromMemberId: colleague.user.id, toMemberId: outsider.user.id } })).status).toBe(404);
    // A broker hands over no one's whole pipeline: that is the owner's.
    expect((await srv.call("/api/customers/reassign", { method: "POST", token: colleague.token, body: { fromMemberId: owner.user.id, toMemberId: colleague.user.id } })).status).toBe(403);
    expect(await mine(colleague.token)).toEqual(["h1"]);

    const back = await srv.call("/api/customers/reassign", { method: "POST", token: owner.token, body: { fromMemberId: colleague.user.id, toMemberId: owner.user.id } });
    expect(back.body).toEqual({ moved: 1 });
    expect(await mine(owner.token)).toEqual(["h1", "h2"]);
    // Each handover is in the customer's trail: who did it, to whom, from whom; a refusal left none.
    const ownerName = owner.user.firstName + " " + owner.user.lastName;
    expect(await handovers(owner.token, one.id)).toEqual([
      { actor: ownerName, detail: `To ${ownerName} (from Col League)` },
      { actor: ownerName, detail: `To Col League (from ${ownerName})` },
    ]);
    expect(await handovers(owner.token, two.id)).toEqual([]);

    // An assistant works customers but assigns none.
    await exec(srv.server.ctx.db, statement("update workspace_members set role = 'assistant' where user_id = ?", colleague.user.id));
    expect((await assign(colleague.token, one.id, colleague.user.id)).status).toBe(403);
    expect(await mine(owner.token)).toEqual(["h1", "h2"]);
  });
});

/** A customer's handovers in their audit trail, newest first: who did it, and the words. */
async function handovers(token: string, customerId: string): Promise<{ actor: string; detail: string | null }[]> {
  const page = await srv.call(`/api/customer/${customerId}/audit`, { token });
  expect(page.status).toBe(200);
  return (page.body.entries as { action: string; actor: { label: string }; detail: string | null }[]).filter((e) => e.action === "assigned").map((e) => ({ actor: e.actor.label, detail: e.detail }));
}

describe("removing a member", () => {
  test("their customers go to the owner (or reassignTo) in one go, their session and live socket end at once", async () => {
    const owner = await srv.signUpBroker({ email: "remover@example.com" });
    const leaver = await srv.signUpBroker({ email: "leaving-member@example.com" });
    const workspaceId = (await whoAmI(owner.token)).body.workspaceId;
    await exec(srv.server.ctx.db, statement("update workspace_members set workspace_id = ?, role = 'broker' where user_id = ?", workspaceId, leaver.user.id));
    for (const email of ["l1@example.com", "l2@example.com"]) {
      await srv.call("/api/customers", { method: "POST", token: leaver.token, body: { email, name: email.split("@")[0], requiredDocuments: [{ name: "Paystub" }] } });
    }
    const live = await connectLive(srv, { cookie: leaver.cookie });

    const removed = await srv.call(`/api/workspace/members/${leaver.user.id}`, { method: "DELETE", token: owner.token });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ message: "Member removed", moved: 2 });
    expect(await rows(srv.server.ctx.db, statement("select id from sessions where user_id = ?", leaver.user.id))).toEqual([]);
    expect(await live.closed).toEqual({ code: 4001, reason: "Signed out" });
    expect((await whoAmI(leaver.token)).status).toBe(401);
    const theirs = (await srv.call("/api/customers?assignee=me", { token: owner.token })).body.map((c: { name: string }) => c.name);
    expect(theirs).toEqual(["l1", "l2"]);
    for (const c of (await srv.call("/api/customers?assignee=me", { token: owner.token })).body as { id: string }[]) {
      expect(await handovers(owner.token, c.id)).toEqual([{ actor: `${owner.user.firstName} ${owner.user.lastName}`, detail: `To ${owner.user.firstName} ${owner.user.lastName} (from ${leaver.user.firstName} ${leaver.user.lastName})` }]);
    }
    expect((await srv.call("/api/workspace/members", { token: owner.token })).body.map((m: { id: string }) => m.id)).toEqual([owner.user.id]);

    // Signing in again is refused with the reason (no session that would open nothing); the old
    // session opens nothing, files included.
    const customer = (await srv.call("/api/customers", { token: owner.token })).body.find((c: { name: string }) => c.name === "l1");
    const docId = (await srv.call(`/api/customer/${customer.id}`, { token: owner.token })).body.documents[0].id;
    await attachFile(srv, docId);
    const again = await srv.call("/api/auth/signin", { method: "POST", body: { email: "leaving-member@example.com", password: "correct horse battery" } });
    expect(again).toMatchObject({ status: 403, body: { message: "Your account is no longer a member of a workspace on this portal. Ask a workspace's owner to invite you again." } });
    expect(again.body.token).toBeUndefined();
    expect(await rows(srv.server.ctx.db, statement("select id from sessions where user_id = ?", leaver.user.id))).toEqual([]);
    expect((await srv.call(`/api/documents/${docId}/download`, { token: leaver.token })).status).toBe(401);
    expect((await srv.call(`/api/documents/${docId}/download`, { token: owner.token })).status).toBe(200);
  });

  test("refused, changing nothing: the last owner, themselves as the receiver, another workspace's member, an assistant", async () => {
    const owner = await srv.signUpBroker({ email: "keeper@example.com" });
    const helper = await srv.signUpBroker({ email: "helper@example.com" });
    const outsider = await srv.signUpBroker({ email: "remove-outsider@example.com" });
    const workspaceId = (await whoAmI(owner.token)).body.workspaceId;
    await exec(srv.server.ctx.db, statement("update workspace_members set workspace_id = ?, role = 'assistant' where user_id = ?", workspaceId, helper.user.id));
    const remove = (token: string, id: string, reassignTo?: string) =>
      srv.call(`/api/workspace/members/${id}${reassignTo ? `?reassignTo=${reassignTo}` : ""}`, { method: "DELETE", token });
    expect((await remove(owner.token, owner.user.id, helper.user.id)).status).toBe(409); // the last owner
    expect((await remove(owner.token, owner.user.id)).status).toBe(400); // their customers would go to themselves
    expect((await remove(owner.token, outsider.user.id)).status).toBe(404);
    expect((await remove(owner.token, helper.user.id, outsider.user.id)).status).toBe(404);
    expect((await remove(helper.token, owner.user.id, helper.user.id)).status).toBe(403);
    expect((await srv.call("/api/workspace/members", { token: owner.token })).body.map((m: { role: string }) => m.role).sort()).toEqual(["assistant", "owner"]);
    expect((await whoAmI(outsider.token)).status).toBe(200);
    expect((await whoAmI(helper.token)).status).toBe(200);
  });
});
