// "Mine / All" (issue 40, assignment): ?assignee=me|{memberId} on the customer list, All Customers
// (with its search, status, sort and paging) and the dashboard's metrics and lists. It narrows what
// the asker sees and never widens it; an id that is no member of the asker's workspace is a 404.
import { describe, expect, test } from "bun:test";
import { useTestServer, type Broker } from "../support/server.ts";
import { attachFile } from "../support/fixtures.ts";
import { exec, statement } from "../support/sql.ts";

const srv = useTestServer();

/** An owner and a broker in one workspace (put together in the database), with customers of each. */
async function team(tag: string, visibility: "all" | "assigned") {
  const owner = await srv.signUpBroker({ email: `owner-${tag}@example.com`, firstName: "Olive", lastName: "Owner" });
  const colleague = await srv.signUpBroker({ email: `colleague-${tag}@example.com`, firstName: "Col", lastName: "League" });
  const outsider = await srv.signUpBroker({ email: `outsider-${tag}@example.com` });
  const workspaceId = (await srv.call("/api/auth/user", { token: owner.token })).body.workspaceId;
  const db = srv.server.ctx.db;
  await exec(db, statement("update workspace_members set workspace_id = ?, role = 'broker' where user_id = ?", workspaceId, colleague.user.id));
  await exec(db, statement("update workspaces set visibility = ? where id = ?", visibility, workspaceId));
  const create = async (by: Broker, name: string) =>
    (await srv.call("/api/customers", { method: "POST", token: by.token, body: { email: `${name}-${tag}@example.com`, name, requiredDocuments: [{ name: "Paystub" }, { name: "W-2" }] } })).body;
  // The owner adds all three; one goes to the colleague.
  const [amy, ben, cal] = [await create(owner, "Amy"), await create(owner, "Ben"), await create(owner, "Cal")];
  expect((await srv.call(`/api/customers/${cal.id}/assignee`, { method: "PUT", token: owner.token, body: { memberId: colleague.user.id } })).status).toBe(200);
  // An outsider's customer with the same name, which no filter may ever reach.
  await create(outsider, "Cal");
  return { owner, colleague, outsider, amy, ben, cal };
}

const get = (token: string, path: string) => srv.call(path, { token });
const namesOf = (list: { name: string }[]) => list.map((c) => c.name).sort();

describe("all mode: every member sees every customer, and may narrow to one member's", () => {
  test("All Customers takes ?assignee with its search, status, sort and paging", async () => {
    const { owner, colleague, cal } = await team("page", "all");
    const page = async (token: string, query: string) => (await get(token, `/api/all-customers?${query}`)).body;

    expect(namesOf((await page(owner.token, "page=1&pageSize=10&sort=name")).customers)).toEqual(["Amy", "Ben", "Cal"]);
    const mine = await page(owner.token, "page=1&pageSize=10&sort=name&status=pending&assignee=me");
    expect(mine.customers.map((c: { name: string }) => c.name)).toEqual(["Amy", "Ben"]);
    expect(mine.total).toBe(2);
    // Paging counts within the filter.
    const second = await page(owner.token, "page=2&pageSize=1&sort=name&assignee=me");
    expect({ names: namesOf(second.customers), total: second.total }).toEqual({ names: ["Ben"], total: 2 });
    // With a search: the search and the filter both hold.
    expect((await page(owner.token, "q=amy&assignee=me&sort=name")).customers.map((c: { name: string }) => c.name)).toEqual(["Amy"]);
    expect((await page(owner.token, "q=cal&assignee=me&sort=name")).total).toBe(0);
    // A colleague's id, asked by the owner and by the colleague: the colleague's customers, with their assignee.
    for (const token of [owner.token, colleague.token]) {
      const theirs = await page(token, `page=1&pageSize=10&assignee=${colleague.user.id}`);
      expect(theirs.customers).toHaveLength(1);
      expect(theirs.customers[0]).toMatchObject({ id: cal.id, assigneeId: colleague.user.id, assignee: { firstName: "Col", lastName: "League" } });
    }
    expect((await page(colleague.token, "page=1&pageSize=10&assignee=me")).customers.map((c: { id: string }) => c.id)).toEqual([cal.id]);
    // Without paging parameters the route answers the whole list, narrowed the same way.
    expect(namesOf(await page(owner.token, "assignee=me"))).toEqual(["Amy", "Ben"]);
    expect(namesOf(await page(owner.token, ""))).toEqual(["Amy", "Ben", "Cal"]);
  });

  test("the dashboard's metrics and lists for me, a colleague or the team", async () => {
    const { owner, colleague, amy, cal } = await team("dash", "all");
    // One of Amy's documents approved today, one shared file to Cal.
    await attachFile(srv, amy.documents[0].id);
    expect((await srv.call(`/api/documents/${amy.documents[0].id}/verify`, { method: "POST", token: owner.token, body: { status: "approved" } })).status).toBe(200);
    const metrics = async (query = "") => (await get(owner.token, `/api/dashboard/metrics${query}`)).body;

    expect(await metrics()).toMatchObject({ totalCustomers: 3, pendingDocs: 5, completedToday: 1 });
    expect(await metrics("?assignee=me")).toMatchObject({ totalCustomers: 2, pendingDocs: 3, completedToday: 1 });
    expect(await metrics(`?assignee=${colleague.user.id}`)).toMatchObject({ totalCustomers: 1, pendingDocs: 2, completedToday: 0 });
    expect((await get(colleague.token, "/api/dashboard/metrics?assignee=me")).body).toMatchObject({ totalCustomers: 1, pendingDocs: 2, completedToday: 0 });

    const customersOf = async (path: string) => [...new Set((await get(owner.token, path)).body.map((d: { customerName: string }) => d.customerName))].sort();
    expect(await customersOf("/api/pending-documents")).toEqual(["Amy", "Ben", "Cal"]);
    expect(await customersOf("/api/pending-documents?assignee=me")).toEqual(["Amy", "Ben"]);
    expect(await customersOf(`/api/pending-documents?assignee=${colleague.user.id}`)).toEqual(["Cal"]);
    expect(await customersOf("/api/completed-documents?assignee=me")).toEqual(["Amy"]);
    expect(await customersOf(`/api/completed-documents?assignee=${colleague.user.id}`)).toEqual([]);
    expect(await customersOf(`/api/shared-documents?assignee=${colleague.user.id}`)).toEqual([]);
  });

  test("an id that is no member of the workspace is a 404 that names nothing; a malformed one a 400", async () => {
    const { owner, outsider } = await team("bad", "all");
    const paths = ["/api/customers", "/api/all-customers", "/api/all-customers?page=1&pageSize=10&sort=name&", "/api/dashboard/metrics", "/api/pending-documents", "/api/completed-documents", "/api/shared-documents"];
    const withAssignee = (path: string, value: string) => `${path}${path.includes("?") ? "" : "?"}${path.endsWith("&") ? "" : path.includes("?") ? "&" : ""}assignee=${value}`;
    for (const path of paths) {
      for (const value of [outsider.user.id, "no-such-member"]) {
        const res = await get(owner.token, withAssignee(path, value));
        expect({ path, value, status: res.status, body: res.body }).toEqual({ path, value, status: 404, body: { message: "Member not found" } });
      }
      for (const value of ["", "x".repeat(65)]) {
        const res = await get(owner.token, withAssignee(path, value));
        expect({ path, value, status: res.status, message: res.body.message }).toEqual({ path, value, status: 400, message: "assignee must be me or a member's id" });
      }
    }
  });
});

test("assigned mode: a broker asking for a colleague's customers gets none of them; the owner gets them", async () => {
  const { owner, colleague, cal } = await team("assigned", "assigned");
  const asked = (token: string, path: string) => get(token, `${path}${path.includes("?") ? "&" : "?"}assignee=${owner.user.id}`);
  // The owner's customers are Amy and Ben; the colleague sees neither, by any route.
  expect((await asked(colleague.token, "/api/customers")).body).toEqual([]);
  expect((await asked(colleague.token, "/api/all-customers")).body).toEqual([]);
  expect((await asked(colleague.token, "/api/all-customers?page=1&pageSize=10&q=a")).body).toMatchObject({ customers: [], total: 0 });
  expect((await asked(colleague.token, "/api/dashboard/metrics")).body).toEqual({ totalCustomers: 0, pendingDocs: 0, overdueDocs: 0, completedToday: 0 });
  expect((await asked(colleague.token, "/api/pending-documents")).body).toEqual([]);
  // Their own, and the owner's view of both.
  expect((await get(colleague.token, "/api/customers?assignee=me")).body.map((c: { id: string }) => c.id)).toEqual([cal.id]);
  expect(namesOf((await asked(owner.token, "/api/customers")).body)).toEqual(["Amy", "Ben"]);
  expect((await get(owner.token, `/api/dashboard/metrics?assignee=${colleague.user.id}`)).body).toMatchObject({ totalCustomers: 1, pendingDocs: 2 });
});
