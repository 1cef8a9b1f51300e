import { describe, expect, test } from "bun:test";
import { attachFile, createCustomer, daysAhead } from "../support/fixtures.ts";
import { useServerWithBroker } from "../support/server.ts";

const { srv, broker } = useServerWithBroker();

const get = (path: string, token = broker.token) => srv.call(path, { token });

describe("dashboard", () => {
  test("metrics, pending, completed today and overdue follow the documents", async () => {
    const empty = await get("/api/dashboard/metrics");
    expect(empty.body).toEqual({ totalCustomers: 0, pendingDocs: 0, overdueDocs: 0, completedToday: 0 });

    const a = await createCustomer(srv, broker.token, { name: "Ada", dueDate: daysAhead(srv, 1) });
    await createCustomer(srv, broker.token, { name: "Bob", requiredDocuments: [{ name: "Photo ID" }] });
    await attachFile(srv, a.documents[0]!.id);
    await srv.call(`/api/documents/${a.documents[0]!.id}/verify`, { method: "POST", token: broker.token, body: { status: "approved" } });

    expect((await get("/api/dashboard/metrics")).body).toEqual({ totalCustomers: 2, pendingDocs: 2, overdueDocs: 0, completedToday: 1 });
    const pending = await get("/api/pending-documents");
    expect(pending.body.map((r: any) => [r.customerName, r.documentName, r.status]).sort()).toEqual([
      ["Ada", a.documents[1]!.name, "requested"],
      ["Bob", "Photo ID", "requested"],
    ]);
    const completed = await get("/api/completed-documents");
    expect(completed.body).toEqual([
      expect.objectContaining({ customerId: a.id, customerName: "Ada", documentName: a.documents[0]!.name, status: "approved" }),
    ]);
    expect((await get("/api/shared-documents")).body).toEqual([]);

    srv.clock.advance(2 * 86_400_000); // Ada's remaining document is now past due; the approval was yesterday
    const later = (await get("/api/dashboard/metrics")).body;
    expect(later).toMatchObject({ overdueDocs: 1, completedToday: 0 });
    const list = (await get("/api/customers")).body;
    expect(list.find((c: any) => c.name === "Ada").documentCounts).toMatchObject({ total: 2, approved: 1, overdue: 1 });
  });

  test("a document falls overdue on the metrics as its due time passes, with no write in between", async () => {
    const other = await srv.signUpBroker();
    const soon = new Date(srv.clock.now().getTime() + 30 * 60_000).toISOString();
    await createCustomer(srv, other.token, { name: "Cy", dueDate: soon, requiredDocuments: [{ name: "Paystub" }] });
    const metrics = async () => (await get("/api/dashboard/metrics", other.token)).body;
    expect(await metrics()).toEqual({ totalCustomers: 1, pendingDocs: 1, overdueDocs: 0, completedToday: 0 });
    srv.clock.advance(60 * 60_000);
    expect(await metrics()).toEqual({ totalCustomers: 1, pendingDocs: 1, overdueDocs: 1, completedToday: 0 });
  });

  test("another broker's dashboard shows none of it", async () => {
    const other = await srv.signUpBroker();
    expect((await get("/api/dashboard/metrics", other.token)).body).toEqual({ totalCustomers: 0, pendingDocs: 0, overdueDocs: 0, completedToday: 0 });
    expect((await get("/api/pending-documents", other.token)).body).toEqual([]);
    expect((await get("/api/customers", other.token)).body).toEqual([]);
  });
});
