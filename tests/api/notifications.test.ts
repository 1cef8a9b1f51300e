import { describe, expect, test } from "bun:test";
import { createCustomer, customerCookie, sampleFiles, uploadFile } from "../support/fixtures.ts";
import { useServerWithBroker } from "../support/server.ts";

const { srv, broker } = useServerWithBroker();

const brokerGet = (path: string, token = broker.token) => srv.call(path, { token });

describe("broker notifications", () => {
  test("customer invited and document uploaded are stored, newest first, with the customer to open", async () => {
    const b = await srv.signUpBroker();
    const c = await createCustomer(srv, b.token, { name: "Nina" });
    await uploadFile(srv, c.uploadLink, c.documents[0]!.id, { bytes: sampleFiles.pdf() });
    const list = (await brokerGet("/api/notifications", b.token)).body;
    expect(list.map((n: any) => [n.type, n.read])).toEqual([
      ["document_uploaded", false],
      ["customer_invited", false],
    ]);
    expect(list[0]).toMatchObject({ title: "Document uploaded", message: `Nina uploaded ${c.documents[0]!.name}.`, metadata: { customerId: c.id } });
    expect((await brokerGet("/api/notifications/unread-count", b.token)).body).toEqual({ count: 2 });

    const one = await srv.call(`/api/notifications/${list[0].id}/read`, { method: "POST", token: b.token });
    expect(one.status).toBe(200);
    expect((await brokerGet("/api/notifications/unread-count", b.token)).body).toEqual({ count: 1 });
    expect((await srv.call("/api/notifications/mark-all-read", { method: "POST", token: b.token })).body).toEqual({ updated: 1 });
    expect((await brokerGet("/api/notifications/unread-count", b.token)).body).toEqual({ count: 0 });
  });

  test("a verification adds a document_verified notification", async () => {
    const c = await createCustomer(srv, broker.token);
    await uploadFile(srv, c.uploadLink, c.documents[0]!.id, { bytes: sampleFiles.pdf() });
    await srv.call(`/api/documents/${c.documents[0]!.id}/verify`, { method: "POST", token: broker.token, body: { status: "approved" } });
    const list = (await brokerGet("/api/notifications")).body;
    expect(list[0]).toMatchObject({ type: "document_verified", title: "Document approved" });
  });

  test("another broker can neither see nor mark them", async () => {
    const other = await srv.signUpBroker();
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
