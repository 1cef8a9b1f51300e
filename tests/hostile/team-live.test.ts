// Hostile: the live channel and watchers inside a team (issue 40). A broker in "assigned only" mode
// listens on their socket while the owner works a customer that is not theirs; a removed member
// keeps a socket open, or opens one with the cookie they still hold; a member of another workspace
// aims the watchers route at this workspace's customer and names this workspace's members. Each
// hears nothing, is refused (404/400) and changes nothing. SQL both databases speak: this runs on
// PostgreSQL too.
import { beforeAll, describe, expect, test } from "bun:test";
import { createCustomer, sampleFiles, uploadFile } from "../support/fixtures.ts";
import { connectLive, type LiveClient } from "../support/live.ts";
import { cookieHeader, useTestServer, type Broker } from "../support/server.ts";
import { exec, rows, statement } from "../support/sql.ts";

const srv = useTestServer();
const PASSWORD = "a long enough password";
let owner: Broker;
let outsider: Broker;

/** A member who joined by the owner's invitation, with their session as a token and a cookie. */
async function member(email: string, role: "broker" | "assistant") {
  expect((await srv.call("/api/workspace/invitations", { method: "POST", token: owner.token, body: { email, role } })).status).toBe(201);
  const [mail] = await rows<{ text: string }>(srv.server.ctx.db, statement(`select text from emails where "to" = ? and kind = 'workspace_invitation' order by created_at desc, id desc`, email));
  const token = decodeURIComponent(mail!.text.match(/\/join\/([\w%-]+)/)![1]!);
  expect((await srv.call("/api/workspace/join", { method: "POST", body: { token, password: PASSWORD } })).status).toBe(201);
  const signedIn = await srv.call("/api/auth/signin", { method: "POST", body: { email, password: PASSWORD } });
  expect(signedIn.status).toBe(200);
  return { id: signedIn.body.user.id as string, token: signedIn.body.token as string, cookie: cookieHeader(signedIn) };
}

async function listening(cookie: string): Promise<LiveClient> {
  const live = await connectLive(srv, { cookie });
  live.send({ type: "auth" });
  await live.next((m) => m.type === "auth_success" || m.type === "auth_error");
  return live;
}

/** Any message naming this customer. */
const naming = (customerId: string) => (m: any) => JSON.stringify(m).includes(customerId);
const anyEvent = (m: any) => m.type === "data_update" || m.type === "force_refresh" || m.type === "notification";

/** Every row a watchers call could touch. */
const watchersState = async () => JSON.stringify(await rows(srv.server.ctx.db, statement("select customer_id, member_id from customer_watchers order by customer_id, member_id")));

beforeAll(async () => {
  owner = await srv.signUpBroker({ email: "owner@live-team.example", password: PASSWORD });
  outsider = await srv.signUpBroker({ email: "eve@elsewhere.example", password: PASSWORD });
});

describe("the live channel inside a team", () => {
  test("assigned only: a broker's socket hears nothing of the owner's customer, whatever is done to it; another workspace hears nothing", async () => {
    const broker = await member("assigned@live-team.example", "broker");
    expect((await srv.call("/api/workspace", { method: "PUT", token: owner.token, body: { visibility: "assigned" } })).status).toBe(200);
    const theirs = await createCustomer(srv, owner.token);
    const brokersOwn = await createCustomer(srv, owner.token);
    expect((await srv.call(`/api/customers/${brokersOwn.id}/assignee`, { method: "PUT", token: owner.token, body: { memberId: broker.id } })).status).toBe(200);
    const liveBroker = await listening(broker.cookie);
    const liveOutsider = await listening(outsider.cookie);

    const [first, second] = theirs.documents;
    await uploadFile(srv, theirs.uploadLink, first!.id, { bytes: sampleFiles.pdf() });
    const asOwner = (path: string, method: string, body?: unknown) => srv.call(path, { method, token: owner.token, body });
    expect((await asOwner(`/api/documents/${first!.id}/verify`, "POST", { status: "approved" })).status).toBe(200);
    expect((await asOwner(`/api/documents/${second!.id}/due-date`, "PUT", { dueDate: new Date(srv.clock.now().getTime() + 86_400_000).toISOString() })).status).toBe(200);
    expect((await asOwner(`/api/customers/${theirs.id}/request-documents`, "POST", { documentTypes: ["Tax Returns"] })).status).toBe(201);
    expect((await asOwner(`/api/customers/${theirs.id}`, "PUT", { name: "Renamed", email: theirs.email, loanType: "va" })).status).toBe(200);
    expect((await asOwner(`/api/customer/${theirs.id}/send-reminder`, "POST")).status).toBe(200);
    expect((await asOwner(`/api/customers/${theirs.id}/watchers`, "PUT", { memberIds: [owner.user.id] })).status).toBe(200);
    // The broker's own customer is heard: the socket works, and it is registered.
    await uploadFile(srv, brokersOwn.uploadLink, brokersOwn.documents[0]!.id, { bytes: sampleFiles.pdf() });
    await liveBroker.next(naming(brokersOwn.id));
    expect((await asOwner(`/api/customers/${theirs.id}`, "DELETE")).status).toBe(200);

    expect(await liveBroker.receivedWithin(naming(theirs.id))).toBe(false);
    expect(liveBroker.messages.filter((m) => m.type === "notification")).toHaveLength(1); // their own customer's upload
    expect(await liveOutsider.receivedWithin(anyEvent)).toBe(false);
    liveBroker.close();
    liveOutsider.close();
    expect((await srv.call("/api/workspace", { method: "PUT", token: owner.token, body: { visibility: "all" } })).status).toBe(200);
  });

  test("a removed member: the open socket is closed, a new one with the cookie they still hold hears nothing", async () => {
    const leaver = await member("leaver@live-team.example", "assistant");
    const c = await createCustomer(srv, owner.token);
    const before = await listening(leaver.cookie);
    expect((await srv.call(`/api/workspace/members/${leaver.id}`, { method: "DELETE", token: owner.token })).status).toBe(200);
    expect(await before.closed).toEqual({ code: 4001, reason: "Signed out" });
    const again = await listening(leaver.cookie);
    expect(again.messages).toContainEqual({ type: "auth_error", message: "Please sign in" });
    await uploadFile(srv, c.uploadLink, c.documents[0]!.id, { bytes: sampleFiles.pdf() });
    expect(await again.receivedWithin(anyEvent)).toBe(false);
    again.close();
  });

  test("a membership ended where no event announces it (another process, straight in the database): the next tick closes the socket", async () => {
    const gone = await member("gone@live-team.example", "broker");
    const live = await listening(gone.cookie);
    await exec(srv.server.ctx.db, statement("delete from workspace_members where user_id = ?", gone.id));
    await srv.runJobs();
    expect(await Promise.race([live.closed, Bun.sleep(5000).then(() => "still open")])).toEqual({ code: 4001, reason: "Signed out" });
  });
});

describe("watchers across workspaces", () => {
  test("another workspace's member: this workspace's customer is a 404; this workspace's members on their own customer are a 400; nothing changes", async () => {
    const colleague = await member("colleague@live-team.example", "broker");
    const ours = await createCustomer(srv, owner.token);
    const theirs = await createCustomer(srv, outsider.token);
    expect((await srv.call(`/api/customers/${ours.id}/watchers`, { method: "PUT", token: owner.token, body: { memberIds: [colleague.id] } })).status).toBe(200);
    const state = await watchersState();

    const refused: [string, string[], number][] = [
      // Aimed at our customer: clearing, adding themselves, adding our members.
      [ours.id, [], 404],
      [ours.id, [outsider.user.id], 404],
      [ours.id, [owner.user.id, colleague.id], 404],
      // Their own customer, naming our members (who cannot see it): refused alike for ids that exist elsewhere and ids that do not.
      [theirs.id, [owner.user.id], 400],
      [theirs.id, [outsider.user.id, colleague.id], 400],
      [theirs.id, ["no-such-member"], 400],
    ];
    for (const [customerId, memberIds, status] of refused) {
      const res = await srv.call(`/api/customers/${customerId}/watchers`, { method: "PUT", token: outsider.token, body: { memberIds } });
      expect({ customerId, memberIds, status: res.status, message: typeof res.body.message }).toEqual({ customerId, memberIds, status, message: "string" });
      expect(JSON.stringify(res.body)).not.toContain(colleague.id);
    }
    expect(await watchersState()).toBe(state);
    // And ours named as watchers by our own owner, on the outsider's customer: a 404.
    expect((await srv.call(`/api/customers/${theirs.id}/watchers`, { method: "PUT", token: owner.token, body: { memberIds: [owner.user.id] } })).status).toBe(404);
    expect(await watchersState()).toBe(state);
  });
});
