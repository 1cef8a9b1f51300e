// "Approved today" for whoever sees the whole workspace (an owner, a solo broker): the dashboard's
// count reads today's approvals by verification time (documents_workspace_status_verified_idx;
// a member's own, in assigned mode, is workspace-read-plans.test.ts's),
// not every approved document of the workspace; its completed list the same (issue 40's leftover:
// 68 ms at 10,000 customers).
// The database's own plan, for the statement the metrics read really sends, on either database.
import { expect, test } from "bun:test";
import { dialect } from "../../db/dialect.ts";
import { attachFile, createCustomer } from "../support/fixtures.ts";
import { useServerWithBroker } from "../support/server.ts";
import { exec, statement } from "../support/sql.ts";
import { queriesDuring } from "../support/statements.ts";

const { srv, broker } = useServerWithBroker();
const INDEX = "documents_workspace_status_verified_idx";

/** The plan of one statement as sent, in the database's words. */
async function planOf(query: string, params: unknown[]): Promise<string> {
  if (dialect === "sqlite") {
    const steps = srv.server.ctx.db.$client.query(`explain query plan ${query}`).all(...(params as never[])) as { detail: string }[];
    return steps.map((s) => s.detail).join("\n");
  }
  // A table this small is read whole whatever its indexes: the plan is asked as for a big one.
  const client = srv.server.ctx.db.$client as unknown as { begin<T>(work: (tx: { unsafe(text: string, params?: unknown[]): Promise<T> }) => Promise<T>): Promise<T> };
  const steps = (await client.begin(async (tx) => {
    await tx.unsafe("set local enable_seqscan = off");
    return tx.unsafe(`explain ${query}`, params);
  })) as unknown as { "QUERY PLAN": string }[];
  return steps.map((s) => s["QUERY PLAN"]).join("\n");
}

test("the owner's 'approved today' count reads today's approvals by the verification-time index", async () => {
  const customer = await createCustomer(srv, broker.token, { requiredDocuments: [{ name: "Paystub" }, { name: "W-2" }] });
  await attachFile(srv, customer.documents[0]!.id);
  expect((await srv.call(`/api/documents/${customer.documents[0]!.id}/verify`, { method: "POST", token: broker.token, body: { status: "approved" } })).status).toBe(200);

  if (dialect === "postgres") {
    // PostgreSQL plans by its statistics, which a handful of rows do not give: the workspace gets
    // 2,000 older documents (half approved a month ago), analysed, as a brokerage's table would be.
    await exec(
      srv.server.ctx.db,
      statement(
        `insert into documents (id, customer_id, workspace_id, assignee_id, name, status, kind, verified_at, created_at)
         select gen_random_uuid()::text, customer_id, workspace_id, assignee_id, name, case when n % 2 = 0 then 'approved' else 'requested' end, kind,
                case when n % 2 = 0 then now() - interval '30 days' end, created_at
         from documents, generate_series(1, 2000) n where id = ?`,
        customer.documents[1]!.id,
      ),
    );
    await exec(srv.server.ctx.db, statement("analyze documents"));
  }
  const queries = await queriesDuring(async () => {
    const metrics = await srv.call("/api/dashboard/metrics", { token: broker.token });
    expect(metrics.status).toBe(200);
    expect(metrics.body.completedToday).toBe(1);
  });
  const approvedToday = queries.filter((q) => /^select count\(\*\) from "documents" where .*"documents"\."verified_at" >= /.test(q.query));
  expect(approvedToday).toHaveLength(1);
  const { query, params } = approvedToday[0]!;
  const plan = await planOf(query, params);
  if (dialect === "sqlite") expect(plan).toMatch(new RegExp(`^SEARCH documents USING COVERING INDEX ${INDEX} \\(workspace_id=\\? AND status=\\? AND verified_at>\\?\\)$`));
  else expect(plan).toContain(INDEX);
});

// (On PostgreSQL, with the documents the test above added, analysed.)
test("the owner's completed list (approved today) reads the same range, and sorts only today's approvals", async () => {
  const queries = await queriesDuring(async () => {
    expect((await srv.call("/api/completed-documents", { token: broker.token })).status).toBe(200);
  });
  const lists = queries.filter((q) => /^select .* from "documents" where .*"documents"\."verified_at" >= .* order by "documents"\."due_date"/.test(q.query));
  expect(lists).toHaveLength(1);
  const plan = await planOf(lists[0]!.query, lists[0]!.params);
  if (dialect === "sqlite") expect(plan.split("\n")).toEqual([`SEARCH documents USING INDEX ${INDEX} (workspace_id=? AND status=? AND verified_at>?)`, "USE TEMP B-TREE FOR ORDER BY"]);
  else expect(plan).toContain(INDEX);
});
