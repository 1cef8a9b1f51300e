import { describe, expect, test } from "bun:test";
import { createCustomer, customerCookie, sampleFiles, uploadFile } from "../support/fixtures.ts";
import { useServerWithBroker } from "../support/server.ts";

const { srv, broker } = useServerWithBroker();

const brokerGet = (path: string, token = broker.token) => srv.call(path, { token });

describe("broker notifications", () => {
  test("a customer's upload is stored, with the customer to open; the broker's own invitation is not", async () => {
    const b = await srv.signUpBroker();
    const c = await createCustomer(srv, b.token, { name: "Nina" });
    await uploadFile(srv, c.uploadLink, c.documents[0]!.id, { bytes: sampleFiles.pdf() });
    await uploadFile(srv, c.uploadLink, c.documents[1]!.id, { bytes: sampleFiles.pdf() });
    const list = (await brokerGet("/api/notifications", b.token)).body;
    expect(list.map((n: any) => [n.type, n.read])).toEqual([
      ["document_uploaded", false],
      ["document_uploaded", false],
    ]);
    expect(list[0]).toMatchObject({ title: "Document uploaded", message: `Nina uploaded ${c.documents[1]!.name}.`, metadata: { customerId: c.id } });
    expect((await brokerGet("/api/notifications/unread-count", b.token)).body).toEqual({ count: 2 });

    const one = await srv.call(`/api/notifications/${list[0].id}/read`, { method: "POST", token: b.token });
    expect(one.status).toBe(200);
    expect((await brokerGet("/api/notifications/unread-count", b.token)).body).toEqual({ count: 1 });
    expect((await srv.call("/api/notifications/mark-all-read", { method: "POST", token: b.token })).body).toEqual({ updated: 1 });
    expect((await brokerGet("/api/notifications/unread-count", b.token)).body).toEqual({ count: 0 });
  });

  test("the broker's own invite, approve and re-submit do not notify them, so customer uploads keep the bell", async () => {
    const b = await srv.signUpBroker();
    const c = await createCustomer(srv, b.token, { name: "Omar", requiredDocuments: [{ name: "Paystub" }, { name: "Photo ID" }] });
    await uploadFile(srv, c.uploadLink, c.documents[0]!.id, { bytes: sampleFiles.pdf() });
    await uploadFile(srv, c.uploadLink, c.documents[1]!.id, { bytes: sampleFiles.pdf() });
    await srv.call(`/api/documents/${c.documents[0]!.id}/verify`, { method: "POST", token: b.token, body: { status: "approved" } });
    const rejected = await srv.call(`/api/documents/${c.documents[1]!.id}/verify`, {
      method: "POST",
      token: b.token,
      body: { status: "rejected", rejectionReason: "Too dark" },
    });
    expect(rejected.status).toBe(200);
    for (let i = 0; i < 6; i++) await createCustomer(srv, b.token);
    const list = (await brokerGet("/api/notifications", b.token)).body;
    expect(list.map((n: any) => n.type)).toEqual(["document_uploaded", "document_uploaded"]);
    expect((await brokerGet("/api/notifications/unread-count", b.token)).body).toEqual({ count: 2 });
    // The customer still hears about the broker's decisions.
    const cookie = await customerCookie(srv, c.uploadLink, c.email);
    const theirs = (await srv.call(`/api/upload/${c.uploadLink}/notifications`, { headers: { cookie } })).body;
    expect(theirs.filter((n: any) => n.type === "document_verified")).toHaveLength(2);
  });

  test("the full list filters unread and pages with before", async () => {
    const b = await srv.signUpBroker();
    const c = await createCustomer(srv, b.token, { requiredDocuments: [{ name: "A" }, { name: "B" }, { name: "C" }] });
    for (const d of c.documents) await uploadFile(srv, c.uploadLink, d.id, { bytes: sampleFiles.pdf() });
    const all = (await brokerGet("/api/notifications?filter=all", b.token)).body;
    expect(all).toHaveLength(3);
    await srv.call(`/api/notifications/${all[1].id}/read`, { method: "POST", token: b.token });
    const unread = (await brokerGet("/api/notifications?filter=unread", b.token)).body;
    expect(unread.map((n: any) => n.id)).toEqual([all[0].id, all[2].id]);
    const older = (await brokerGet(`/api/notifications?before=${encodeURIComponent(all[0].createdAt)}`, b.token)).body;
    expect(older.map((n: any) => n.id)).toEqual([all[1].id, all[2].id]);
    expect((await brokerGet("/api/notifications?before=yesterday", b.token)).status).toBe(400);
    expect((await brokerGet("/api/notifications?filter=everything", b.token)).status).toBe(400);
  });

  test("another broker can neither see nor mark them", async () => {
    const other = await srv.signUpBroker();
    const c = await createCustomer(srv, broker.token);
    await uploadFile(srv, c.uploadLink, c.documents[0]!.id, { bytes: sampleFiles.pdf() });
    const mine = (await brokerGet("/api/notifications")).body;
    expect((await brokerGet("/api/notifications", other.token)).body).toEqual([]);
    const res = await srv.call(`/api/notifications/${mine[0].id}/read`, { method: "POST", token: other.token });
    expect(res.status).toBe(404);
    await srv.call("/api/notifications/mark-all-read", { method: "POST", token: other.token });
    expect((await brokerGet("/api/notifications")).body.filter((n: any) => !n.read).length).toBe(mine.filter((n: any) => !n.read).length);
    expect((await srv.call("/api/notifications")).status).toBe(401);
  });
});

describe("customer notifications", () => {
  test("documents requested, verified and deleted reach the signed-in customer, with isRead", async () => {
    const c = await createCustomer(srv, broker.token, { requiredDocuments: [{ name: "Paystub" }, { name: "Photo ID" }] });
    const cookie = await customerCookie(srv, c.uploadLink, c.email);
    await uploadFile(srv, c.uploadLink, c.documents[0]!.id, { bytes: sampleFiles.pdf(), cookie });
    await srv.call(`/api/documents/${c.documents[0]!.id}/verify`, {
      method: "POST",
      token: broker.token,
      body: { status: "rejected", rejectionReason: "Too dark" },
    });
    await srv.call(`/api/documents/${c.documents[1]!.id}`, { method: "DELETE", token: broker.token });

    const list = await srv.call(`/api/upload/${c.uploadLink}/notifications`, { headers: { cookie } });
    expect(list.status).toBe(200);
    expect(list.body.map((n: any) => [n.type, n.isRead])).toEqual([
      ["document_deleted", false],
      ["document_verified", false],
      ["documents_requested", false],
    ]);
    expect(list.body[1].message).toContain("Too dark");
    expect(list.body[0].read).toBeUndefined();
    const count = await srv.call(`/api/upload/${c.uploadLink}/notifications/unread-count`, { headers: { cookie } });
    expect(count.body).toEqual({ count: 3 });
    await srv.call(`/api/upload/${c.uploadLink}/notifications/${list.body[0].id}/read`, { method: "POST", headers: { cookie } });
    await srv.call(`/api/upload/${c.uploadLink}/notifications/mark-all-read`, { method: "POST", headers: { cookie } });
    expect((await srv.call(`/api/upload/${c.uploadLink}/notifications/unread-count`, { headers: { cookie } })).body).toEqual({ count: 0 });
  });

  test("a guest, or another customer's session, gets none", async () => {
    const c = await createCustomer(srv, broker.token);
    const other = await createCustomer(srv, broker.token);
    const otherCookie = await customerCookie(srv, other.uploadLink, other.email);
    expect((await srv.call(`/api/upload/${c.uploadLink}/notifications`)).status).toBe(401);
    expect((await srv.call(`/api/upload/${c.uploadLink}/notifications`, { headers: { cookie: otherCookie } })).status).toBe(401);
    const mine = await srv.call(`/api/upload/${other.uploadLink}/notifications`, { headers: { cookie: otherCookie } });
    const theirs = (await srv.call(`/api/upload/${c.uploadLink}/notifications/unread-count`, { headers: { cookie: otherCookie } })).status;
    expect(theirs).toBe(401);
    // Marking another customer's notification through one's own link finds nothing.
    const cCookie = await customerCookie(srv, c.uploadLink, c.email);
    const cList = (await srv.call(`/api/upload/${c.uploadLink}/notifications`, { headers: { cookie: cCookie } })).body;
    const res = await srv.call(`/api/upload/${other.uploadLink}/notifications/${cList[0].id}/read`, { method: "POST", headers: { cookie: otherCookie } });
    expect(res.status).toBe(404);
    expect(mine.status).toBe(200);
  });
});
