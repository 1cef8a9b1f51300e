// A workspace is a team (issue 40): a customer's live events reach every member of its workspace
// who may see that customer (all of them, or in "assigned" mode the assignee and the owners), and
// no one of another workspace; a change of visibility or role counts at once for open sockets.
import { describe, expect, test } from "bun:test";
import { createCustomer, sampleFiles, uploadFile } from "../support/fixtures.ts";
import { connectLive, type LiveClient } from "../support/live.ts";
import { useTestServer, type Broker } from "../support/server.ts";
import { exec, statement } from "../support/sql.ts";

const srv = useTestServer();

let n = 0;
/** An owner with a colleague (a broker) in one workspace, and a broker of another workspace. */
async function team() {
  const id = ++n;
  const owner = await srv.signUpBroker({ email: `team-owner-${id}@example.com` });
  const colleague = await srv.signUpBroker({ email: `team-colleague-${id}@example.com` });
  const outsider = await srv.signUpBroker({ email: `team-outsider-${id}@example.com` });
  const workspaceId = (await srv.call("/api/auth/user", { token: owner.token })).body.workspaceId as string;
  await exec(srv.server.ctx.db, statement("update workspace_members set workspace_id = ?, role = 'broker' where user_id = ?", workspaceId, colleague.user.id));
  return { owner, colleague, outsider, workspaceId };
}

async function sockets(...brokers: Broker[]): Promise<LiveClient[]> {
  const clients = await Promise.all(brokers.map((b) => connectLive(srv, { cookie: b.cookie })));
  // Each answered as a broker: registered before anything below happens.
  for (const client of clients) {
    client.send({ type: "auth" });
    await client.next((m) => m.type === "auth_success");
  }
  return clients;
}

const about = (customerId: string, updateType?: string) => (m: any) => m.type === "data_update" && m.data?.customerId === customerId && (!updateType || m.updateType === updateType);
const anyUpdate = (m: any) => m.type === "data_update" || m.type === "force_refresh" || m.type === "notification";

const setVisibility = (owner: Broker, visibility: "all" | "assigned") => srv.call("/api/workspace", { method: "PUT", token: owner.token, body: { visibility } });
const assign = (owner: Broker, customerId: string, memberId: string) => srv.call(`/api/customers/${customerId}/assignee`, { method: "PUT", token: owner.token, body: { memberId } });

describe("a customer's events reach the team", () => {
  test("two members of one workspace both hear a customer's upload live; another workspace hears nothing", async () => {
    const { owner, colleague, outsider } = await team();
    const [liveOwner, liveColleague, liveOutsider] = await sockets(owner, colleague, outsider);
    const c = await createCustomer(srv, owner.token);
    await liveColleague!.next(about(c.id, "customer_created"));
    await uploadFile(srv, c.uploadLink, c.documents[0]!.id, { bytes: sampleFiles.pdf() });
    for (const live of [liveOwner!, liveColleague!]) {
      expect((await live.next(about(c.id, "document_uploaded"))).data).toEqual({ customerId: c.id, documentId: c.documents[0]!.id });
    }
    // A colleague's action reaches the one who created the customer too.
    expect((await srv.call(`/api/documents/${c.documents[0]!.id}/verify`, { method: "POST", token: colleague.token, body: { status: "approved" } })).status).toBe(200);
    await liveOwner!.next(about(c.id, "document_verified"));
    // The audit trail names the member who acted, not the workspace (whose id is the owner's).
    const audit = (await srv.call(`/api/customer/${c.id}/audit`, { token: owner.token })).body.entries;
    expect(audit.find((e: { action: string }) => e.action === "approved").actor).toMatchObject({ kind: "broker", id: colleague.user.id });
    expect(await liveOutsider!.receivedWithin(anyUpdate)).toBe(false);
    for (const live of [liveOwner!, liveColleague!, liveOutsider!]) live.close();
  });

  test("assigned mode: a broker hears of their own customers only, the owner of all; visibility and role changes count at once", async () => {
    const { owner, colleague, outsider, workspaceId } = await team();
    const ownersOwn = await createCustomer(srv, owner.token);
    const colleagues = await createCustomer(srv, owner.token);
    expect((await assign(owner, colleagues.id, colleague.user.id)).status).toBe(200);
    const [liveOwner, liveColleague, liveOutsider] = await sockets(owner, colleague, outsider);

    // Switched while the sockets are open: the colleague's socket now hears only their own customer.
    expect((await setVisibility(owner, "assigned")).status).toBe(200);
    await liveColleague!.next((m) => m.type === "force_refresh" && m.updateType === "customer_list_refresh");
    await uploadFile(srv, ownersOwn.uploadLink, ownersOwn.documents[0]!.id, { bytes: sampleFiles.pdf() });
    await uploadFile(srv, colleagues.uploadLink, colleagues.documents[0]!.id, { bytes: sampleFiles.pdf() });
    await liveOwner!.next(about(ownersOwn.id, "document_uploaded"));
    await liveOwner!.next(about(colleagues.id, "document_uploaded"));
    await liveColleague!.next(about(colleagues.id, "document_uploaded"));
    expect(await liveColleague!.receivedWithin(about(ownersOwn.id))).toBe(false);
    expect(await liveOutsider!.receivedWithin(anyUpdate)).toBe(false);

    // Made owner: they see every customer, and hear of them from the next event on.
    expect((await srv.call(`/api/workspace/members/${colleague.user.id}`, { method: "PUT", token: owner.token, body: { role: "owner" } })).status).toBe(200);
    await srv.call(`/api/customers/${ownersOwn.id}/request-documents`, { method: "POST", token: owner.token, body: { documentTypes: ["Tax Returns"] } });
    await liveColleague!.next(about(ownersOwn.id, "documents_requested"));

    // A change no event announced here (`portal admin`, another process): the scheduler's tick reads it.
    await exec(srv.server.ctx.db, statement("update workspace_members set role = 'broker' where user_id = ?", colleague.user.id));
    await srv.runJobs();
    await srv.call(`/api/customers/${ownersOwn.id}`, { method: "PUT", token: owner.token, body: { name: "Renamed", email: ownersOwn.email, loanType: "va" } });
    await liveOwner!.next(about(ownersOwn.id, "customer_updated"));
    expect(await liveColleague!.receivedWithin(about(ownersOwn.id, "customer_updated"))).toBe(false);

    // Handed to the colleague: both the new assignee and the owner hear it; then handed back, the
    // colleague hears it once more (their list loses it) and nothing after.
    expect((await assign(owner, ownersOwn.id, colleague.user.id)).status).toBe(200);
    await liveColleague!.next(about(ownersOwn.id, "customer_updated"));
    liveColleague!.messages.length = 0;
    expect((await assign(owner, ownersOwn.id, owner.user.id)).status).toBe(200);
    await liveColleague!.next(about(ownersOwn.id, "customer_updated"));
    liveColleague!.messages.length = 0;
    await srv.call(`/api/customers/${ownersOwn.id}/request-documents`, { method: "POST", token: owner.token, body: { documentTypes: ["Photo ID"] } });
    await liveOwner!.next(about(ownersOwn.id, "documents_requested"));
    expect(await liveColleague!.receivedWithin(about(ownersOwn.id))).toBe(false);
    expect(workspaceId).toBeTruthy();
    for (const live of [liveOwner!, liveColleague!, liveOutsider!]) live.close();
  });
});

describe("watchers", () => {
  const watch = (token: string, customerId: string, memberIds: unknown) => srv.call(`/api/customers/${customerId}/watchers`, { method: "PUT", token, body: { memberIds } });
  const watchersOf = async (token: string, customerId: string) => (await srv.call(`/api/customer/${customerId}`, { token })).body.watcherIds;

  test("set and cleared by a member who sees the customer; only members who may see the customer watch; removal ends watching", async () => {
    const { owner, colleague, outsider } = await team();
    const c = await createCustomer(srv, owner.token);
    expect(await watchersOf(owner.token, c.id)).toEqual([]);

    const set = await watch(colleague.token, c.id, [colleague.user.id, owner.user.id, colleague.user.id]);
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ watcherIds: [colleague.user.id, owner.user.id].sort() });
    expect(await watchersOf(owner.token, c.id)).toEqual([colleague.user.id, owner.user.id].sort());
    const listed = (await srv.call("/api/customers", { token: colleague.token })).body.find((x: { id: string }) => x.id === c.id);
    expect(listed.watcherIds).toEqual([colleague.user.id, owner.user.id].sort());
    const paged = (await srv.call("/api/all-customers?page=1", { token: owner.token })).body.customers.find((x: { id: string }) => x.id === c.id);
    expect(paged.watcherIds).toEqual([colleague.user.id, owner.user.id].sort());

    // Another workspace's member, an unknown id, bad bodies: 400 with a message, nothing changed.
    for (const memberIds of [[outsider.user.id], ["no-such-member"], [colleague.user.id, outsider.user.id]]) {
      const res = await watch(owner.token, c.id, memberIds);
      expect({ memberIds, status: res.status, message: res.body.message }).toEqual({ memberIds, status: 400, message: "Watchers must be members of this workspace who may see this customer." });
    }
    for (const body of [{ memberIds: "all" }, { memberIds: [7] }, {}]) {
      const res = await srv.call(`/api/customers/${c.id}/watchers`, { method: "PUT", token: owner.token, body });
      expect({ body, status: res.status, message: typeof res.body.message }).toEqual({ body, status: 400, message: "string" });
    }
    // Another workspace's member cannot touch this customer's watchers (404, as for any id of ours).
    expect((await watch(outsider.token, c.id, [outsider.user.id])).status).toBe(404);
    expect(await watchersOf(owner.token, c.id)).toEqual([colleague.user.id, owner.user.id].sort());

    // Assigned mode: the colleague no longer sees the owner's customer, so cannot be made its watcher.
    expect((await setVisibility(owner, "assigned")).status).toBe(200);
    expect((await watch(owner.token, c.id, [colleague.user.id])).status).toBe(400);
    expect((await watch(colleague.token, c.id, [])).status).toBe(404);
    expect((await setVisibility(owner, "all")).status).toBe(200);

    // The colleague leaves: their watching goes with them.
    expect((await srv.call(`/api/workspace/members/${colleague.user.id}`, { method: "DELETE", token: owner.token })).status).toBe(200);
    expect(await watchersOf(owner.token, c.id)).toEqual([owner.user.id]);
    expect((await watch(owner.token, c.id, [])).body).toEqual({ watcherIds: [] });

    // The trail has each change that was made (by whom, who watches after it), none of the refusals.
    const trail = (await srv.call(`/api/customer/${c.id}/audit`, { token: owner.token })).body.entries as { action: string; actor: { id: string }; detail: string }[];
    const changes = trail.filter((e) => e.action === "watchers_changed").map((e) => ({ by: e.actor.id, detail: e.detail }));
    expect(changes).toHaveLength(2);
    expect(changes[0]).toEqual({ by: owner.user.id, detail: "Nobody" });
    expect(changes[1]!.by).toBe(colleague.user.id);
    expect(changes[1]!.detail.split(", ").sort()).toEqual([colleague.user, owner.user].map((u) => `${u.firstName} ${u.lastName}`).sort());
  });
});

describe("notifications go to the customer's assignee and watchers", () => {
  const notes = async (b: Broker) => (await srv.call("/api/notifications", { token: b.token })).body as { type: string; title: string; message: string; metadata: { customerId?: string } }[];

  test("an upload and an answer without a file tell the assignee and the watchers; a review tells them but not the member who did it", async () => {
    const { owner, colleague } = await team();
    const third = await srv.signUpBroker({ email: `team-third-${n}@example.com` });
    const workspaceId = (await srv.call("/api/auth/user", { token: owner.token })).body.workspaceId;
    await exec(srv.server.ctx.db, statement("update workspace_members set workspace_id = ?, role = 'assistant' where user_id = ?", workspaceId, third.user.id));
    const c = await createCustomer(srv, owner.token, { name: "Wanda" });
    expect((await assign(owner, c.id, colleague.user.id)).status).toBe(200);
    expect((await srv.call(`/api/customers/${c.id}/watchers`, { method: "PUT", token: owner.token, body: { memberIds: [owner.user.id] } })).status).toBe(200);
    const [liveOwner] = await sockets(owner);

    await uploadFile(srv, c.uploadLink, c.documents[0]!.id, { bytes: sampleFiles.pdf() });
    await liveOwner!.next((m) => m.type === "notification" && m.data.audience === "broker");
    const upload = { type: "document_uploaded", title: "Document uploaded", message: `Wanda uploaded ${c.documents[0]!.name}.` };
    expect((await notes(colleague)).map(({ type, title, message }) => ({ type, title, message }))).toEqual([upload]);
    expect((await notes(owner)).map(({ type, title, message }) => ({ type, title, message }))).toEqual([upload]);
    expect(await notes(third)).toEqual([]);

    const answered = await srv.call(`/api/upload/${c.uploadLink}/documents/${c.documents[1]!.id}/unavailable`, { method: "POST", body: { reason: "Never had one" } });
    expect(answered.status).toBe(200);
    for (const who of [owner, colleague]) expect((await notes(who))[0]).toMatchObject({ type: "document_unavailable", title: "Customer doesn't have a document", metadata: { customerId: c.id } });

    // The owner (a watcher) approves: the assignee is told, the owner is not told of their own action.
    expect((await srv.call(`/api/documents/${c.documents[0]!.id}/verify`, { method: "POST", token: owner.token, body: { status: "approved" } })).status).toBe(200);
    expect((await notes(colleague))[0]).toMatchObject({ type: "document_verified", title: "Document approved", message: `${c.documents[0]!.name} from Wanda was approved.` });
    expect((await notes(owner)).map((x) => x.type)).toEqual(["document_unavailable", "document_uploaded"]);
    expect(await notes(third)).toEqual([]);
    liveOwner!.close();
  });

  test("a watcher who may no longer see the customer (assigned mode) is not told", async () => {
    const { owner, colleague } = await team();
    const c = await createCustomer(srv, owner.token, { name: "Xena" });
    expect((await srv.call(`/api/customers/${c.id}/watchers`, { method: "PUT", token: owner.token, body: { memberIds: [colleague.user.id] } })).status).toBe(200);
    expect((await setVisibility(owner, "assigned")).status).toBe(200);
    await uploadFile(srv, c.uploadLink, c.documents[0]!.id, { bytes: sampleFiles.pdf() });
    expect((await notes(owner)).map((x) => x.type)).toEqual(["document_uploaded"]);
    expect(await notes(colleague)).toEqual([]);
  });
});
