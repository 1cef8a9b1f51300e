// Hostile: the "Mine / All" filters (?assignee=) of the customer list, All Customers and the
// dashboard, from a broker of a workspace in "assigned" mode. A colleague's id finds none of the
// colleague's customers; another workspace's member id is a 404 that names nothing of them. The
// members join by the real invitation link; SQL both databases speak, so this runs on PostgreSQL too.
import { beforeAll, expect, test } from "bun:test";
import { useTestServer, type Broker } from "../support/server.ts";
import { rows, statement } from "../support/sql.ts";

const srv = useTestServer();
let owner: Broker;
let broker: { token: string; id: string };
let stranger: Broker;

/** Every read that takes ?assignee, with and without All Customers' paging. */
const FILTERED = [
  "/api/customers?",
  "/api/all-customers?",
  "/api/all-customers?page=1&pageSize=100&sort=name&q=secret&",
  "/api/all-customers?page=1&pageSize=100&status=pending&sort=urgency&",
  "/api/dashboard/metrics?",
  "/api/pending-documents?",
  "/api/completed-documents?",
  "/api/shared-documents?",
];

const addCustomer = async (token: string, name: string) => {
  const res = await srv.call("/api/customers", { method: "POST", token, body: { email: `${name.toLowerCase().replace(/ /g, "-")}@victims.example`, name, requiredDocuments: [{ name: "Paystub" }] } });
  expect(res.status).toBe(201);
};

beforeAll(async () => {
  owner = await srv.signUpBroker({ email: "owner@assigned.example" });
  stranger = await srv.signUpBroker({ email: "owner@elsewhere.example" });
  expect((await srv.call("/api/workspace", { method: "PUT", token: owner.token, body: { visibility: "assigned" } })).status).toBe(200);
  expect((await srv.call("/api/workspace/invitations", { method: "POST", token: owner.token, body: { email: "broker@assigned.example", role: "broker" } })).status).toBe(201);
  const [mail] = await rows<{ text: string }>(srv.server.ctx.db, statement(`select text from emails where "to" = ? and kind = 'workspace_invitation'`, "broker@assigned.example"));
  const joined = await srv.call("/api/workspace/join", { method: "POST", body: { token: decodeURIComponent(mail!.text.match(/\/join\/([\w%-]+)/)![1]!), password: "a long enough password" } });
  expect(joined.status).toBe(201);
  broker = { token: joined.body.token, id: joined.body.user.id };
  // The owner's customers (not assigned to the broker) and the stranger's: both are secrets to the broker.
  await addCustomer(owner.token, "Secret Owned");
  await addCustomer(stranger.token, "Secret Foreign");
  await addCustomer(broker.token, "Brokers Own");
});

test("a colleague's id in assigned mode: 200 with nothing of the colleague's", async () => {
  for (const path of FILTERED) {
    const res = await srv.call(`${path}assignee=${owner.user.id}`, { token: broker.token });
    const text = JSON.stringify(res.body);
    expect({ path, status: res.status }).toEqual({ path, status: 200 });
    expect({ path, leaked: /secret|victims/i.test(text) }).toEqual({ path, leaked: false });
    if (path.startsWith("/api/dashboard/metrics")) expect(res.body).toEqual({ totalCustomers: 0, pendingDocs: 0, overdueDocs: 0, completedToday: 0 });
  }
  // The owner asking for the same id sees their own.
  expect((await srv.call(`/api/customers?assignee=${owner.user.id}`, { token: owner.token })).body.map((c: { name: string }) => c.name)).toEqual(["Secret Owned"]);
});

test("another workspace's member id: 404 naming nothing, for the broker and for the owner", async () => {
  for (const token of [broker.token, owner.token]) {
    for (const path of FILTERED) {
      const res = await srv.call(`${path}assignee=${stranger.user.id}`, { token });
      expect({ path, status: res.status, body: res.body }).toEqual({ path, status: 404, body: { message: "Member not found" } });
    }
  }
  // The stranger's own view is untouched by any of it.
  expect((await srv.call("/api/customers?assignee=me", { token: stranger.token })).body.map((c: { name: string }) => c.name)).toEqual(["Secret Foreign"]);
});
