// Refreshes of many customers at once (customer_list_refresh: bulk reminders, a pipeline handed
// over) in a workspace in "assigned" mode (issue 40): they reach the members who may see at least
// one of the customers that changed (their assignees, and the owners), not a colleague who sees
// none of them. A change of the workspace itself (its plan) still reaches every member.
import { expect, test } from "bun:test";
import { createCustomer } from "../support/fixtures.ts";
import { connectLive, type LiveClient } from "../support/live.ts";
import { useTestServer, type Broker } from "../support/server.ts";
import { exec, statement } from "../support/sql.ts";

const srv = useTestServer();

let n = 0;
/** An owner and two brokers in one workspace in "assigned" mode; each broker has one customer of the owner's handed to them by `handed`. */
async function assignedTeam() {
  const id = ++n;
  const owner = await srv.signUpBroker({ email: `refresh-owner-${id}@example.com` });
  const colleague = await srv.signUpBroker({ email: `refresh-colleague-${id}@example.com` });
  const bystander = await srv.signUpBroker({ email: `refresh-bystander-${id}@example.com` });
  const workspaceId = (await srv.call("/api/auth/user", { token: owner.token })).body.workspaceId as string;
  for (const member of [colleague, bystander]) {
    await exec(srv.server.ctx.db, statement("update workspace_members set workspace_id = ?, role = 'broker' where user_id = ?", workspaceId, member.user.id));
  }
  expect((await srv.call("/api/workspace", { method: "PUT", token: owner.token, body: { visibility: "assigned" } })).status).toBe(200);
  return { owner, colleague, bystander, workspaceId };
}

async function sockets(...brokers: Broker[]): Promise<LiveClient[]> {
  const clients = await Promise.all(brokers.map((b) => connectLive(srv, { cookie: b.cookie })));
  for (const client of clients) {
    client.send({ type: "auth" });
    await client.next((m) => m.type === "auth_success");
  }
  return clients;
}

const listRefresh = (m: any) => m.type === "force_refresh" && m.updateType === "customer_list_refresh";
const assign = (owner: Broker, customerId: string, memberId: string) => srv.call(`/api/customers/${customerId}/assignee`, { method: "PUT", token: owner.token, body: { memberId } });

test("assigned mode: bulk reminders refresh the members whose customers were reminded and the owner, not a colleague with none of them", async () => {
  const { owner, colleague, bystander } = await assignedTeam();
  await createCustomer(srv, owner.token);
  const colleagues = await createCustomer(srv, owner.token);
  expect((await assign(owner, colleagues.id, colleague.user.id)).status).toBe(200);
  const [liveOwner, liveColleague, liveBystander] = await sockets(owner, colleague, bystander);

  const reminded = await srv.call("/api/send-bulk-reminders", { method: "POST", token: owner.token });
  expect(reminded.status, JSON.stringify(reminded.body)).toBe(200);
  await liveOwner!.next(listRefresh);
  await liveColleague!.next(listRefresh);
  expect(await liveBystander!.receivedWithin(listRefresh)).toBe(false);
  for (const live of [liveOwner!, liveColleague!, liveBystander!]) live.close();
});

test("assigned mode: a pipeline handed over refreshes the member it left, the one it went to and the owner, not a colleague with none of it", async () => {
  const { owner, colleague, bystander } = await assignedTeam();
  const handed = await createCustomer(srv, owner.token);
  expect((await assign(owner, handed.id, colleague.user.id)).status).toBe(200);
  const [liveOwner, liveColleague, liveBystander] = await sockets(owner, colleague, bystander);

  const moved = await srv.call("/api/customers/reassign", { method: "POST", token: owner.token, body: { fromMemberId: colleague.user.id, toMemberId: owner.user.id } });
  expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  expect(moved.body.moved).toBe(1);
  await liveOwner!.next(listRefresh);
  // The colleague's lists lose the customer.
  await liveColleague!.next(listRefresh);
  expect(await liveBystander!.receivedWithin(listRefresh)).toBe(false);
  for (const live of [liveOwner!, liveColleague!, liveBystander!]) live.close();
});

test("a workspace-wide refresh that names no assignee (the plan changed) still reaches every member", async () => {
  const { owner, colleague, bystander, workspaceId } = await assignedTeam();
  const live = await sockets(owner, colleague, bystander);
  srv.server.ctx.events.publish({ type: "customer_list_refresh", workspaceId });
  for (const client of live) await client.next(listRefresh);
  for (const client of live) client.close();
});
