// The dashboard's Customer Overview asks for the most urgent customers first
// (GET /api/all-customers?sort=urgency): the rule is URGENCY_TIERS in src/shared/documents.ts.
import { beforeAll, expect, test } from "bun:test";
import { timeParam } from "../../db/dialect.ts";
import { createCustomer, daysAhead } from "../support/fixtures.ts";
import { useServerWithBroker } from "../support/server.ts";
import { exec, statement } from "../support/sql.ts";

const { srv, broker } = useServerWithBroker();

/** One customer whose one requested document is put in `status`, due `dueInDays` (if given). */
async function customerWith(name: string, status: string | null, dueInDays?: number) {
  const c = await createCustomer(srv, broker.token, { name, requiredDocuments: status ? [{ name: "Paystub" }] : [] });
  if (!status) return;
  const id = c.documents[0]!.id;
  const due = dueInDays === undefined ? null : timeParam(new Date(Date.parse(daysAhead(srv, dueInDays))));
  await exec(srv.server.ctx.db, statement("update documents set status = ?, due_date = ? where id = ?", status, due, id));
}

beforeAll(async () => {
  // Created alphabetically, so neither name nor invitation order could pass for urgency.
  await customerWith("Alice Approved", "approved");
  await customerWith("Bob Requested", "requested");
  await customerWith("Carol Review", "uploaded");
  await customerWith("Dan Resubmit", "need_to_resubmit");
  await customerWith("Eve Due In Five", "requested", 5);
  await customerWith("Fay Due In Two", "requested", 2);
  await customerWith("Gus Overdue", "requested", -1);
  await customerWith("Hal Nothing", null);
  await customerWith("Ida Marked Overdue", "overdue", -3);
  await customerWith("Joe Resubmit Due Tomorrow", "need_to_resubmit", 1);
});

test("sort=urgency: overdue (longest first), then the soonest due, then re-submit, review, requested, then nothing owed (by name within a tier)", async () => {
  const res = await srv.call<any>("/api/all-customers?page=1&pageSize=12&sort=urgency", { token: broker.token });
  expect(res.status).toBe(200);
  expect(res.body.customers.map((c: any) => c.name)).toEqual([
    "Ida Marked Overdue",
    "Gus Overdue",
    "Joe Resubmit Due Tomorrow",
    "Fay Due In Two",
    "Eve Due In Five",
    "Dan Resubmit",
    "Carol Review",
    "Bob Requested",
    "Alice Approved",
    "Hal Nothing",
  ]);
  // Paged like any other sort: the next page goes on where this one stopped.
  const second = await srv.call<any>("/api/all-customers?page=2&pageSize=4&sort=urgency", { token: broker.token });
  expect(second.body.customers.map((c: any) => c.name)).toEqual(["Eve Due In Five", "Dan Resubmit", "Carol Review", "Bob Requested"]);
});

test("an unknown sort is still refused with a message", async () => {
  const res = await srv.call<any>("/api/all-customers?page=1&sort=urgent", { token: broker.token });
  expect(res.status).toBe(400);
  expect(res.body.message).toContain("sort must be one of");
});

test("a page at the top of the order (customers with a due date) is read by walking due dates, and is the page the full ranking gives", async () => {
  const other = await srv.signUpBroker({ email: "urgency-walk@example.com" });
  const db = srv.server.ctx.db;
  // Ties on a date (ordered by name), a customer's earliest date counting, dates past and ahead,
  // approved and shared documents with dates (not waiting: no tier), customers with no date.
  const plans: [string, [string, number | null][]][] = [
    ["Zed", [["requested", 3], ["requested", -2]]],
    ["Amy", [["requested", 3]]],
    ["Bo", [["need_to_resubmit", 3]]],
    ["Cy", [["approved", -5], ["requested", 7]]],
    ["Di", [["overdue", -2]]],
    ["Ed", [["uploaded", 1], ["requested", null]]],
    ["Flo", [["requested", 7]]],
    ["Gil", [["approved", -9]]],
    ["Hu", [["requested", 0.5]]],
    ["Ivy", [["incomplete", 3]]],
  ];
  for (const [name, docs] of plans) {
    const c = await createCustomer(srv, other.token, { name, requiredDocuments: docs.map((_, i) => ({ name: `Doc ${i}` })) });
    for (const [i, [status, days]] of docs.entries()) {
      const due = days === null ? null : timeParam(new Date(Date.parse(daysAhead(srv, days))));
      await exec(db, statement("update documents set status = ?, due_date = ? where id = ?", status, due, c.documents[i]!.id));
    }
  }
  const names = async (query: string) => (await srv.call<any>(`/api/all-customers?sort=urgency&${query}`, { token: other.token })).body.customers.map((c: any) => c.name);
  // The full ranking (a search that every customer matches takes it) against the walk, page by page.
  const ranked = await names("page=1&pageSize=25&q=example");
  expect(ranked).toEqual(["Di", "Zed", "Hu", "Amy", "Bo", "Ivy", "Cy", "Flo", "Ed", "Gil"]);
  for (const [page, pageSize] of [[1, 3], [2, 3], [3, 2], [1, 8], [2, 4], [3, 4], [1, 25]] as [number, number][]) {
    expect({ page, pageSize, names: await names(`page=${page}&pageSize=${pageSize}`) }).toEqual({ page, pageSize, names: ranked.slice((page - 1) * pageSize, page * pageSize) });
  }
});
