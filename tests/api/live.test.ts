// The live channel with real WebSocket clients.
import { describe, expect, test } from "bun:test";
import { createCustomer, customerCookie, sampleFiles, uploadFile } from "../support/fixtures.ts";
import { connectLive } from "../support/live.ts";
import { useTestServer } from "../support/server.ts";

const srv = useTestServer();

async function brokerWithCookie() {
  return srv.signUpBroker({ email: `live${Math.random().toString(36).slice(2)}@example.com`, password: "live password" });
}

const isUpdate = (updateType: string) => (m: any) => m.type === "data_update" && m.updateType === updateType;

describe("brokers", () => {
  test("an upload reaches the broker's socket as document_uploaded and a notification, and no other broker's", async () => {
    const a = await brokerWithCookie();
    const b = await brokerWithCookie();
    const liveA = await connectLive(srv, { cookie: a.cookie });
    const liveB = await connectLive(srv, { cookie: b.cookie });
    liveA.send({ type: "auth", userId: a.user.id });
    // B claims to be A: B is still only B.
    liveB.send({ type: "auth", userId: a.user.id });
    expect(await liveA.next((m) => m.type === "auth_success")).toEqual({ type: "auth_success", role: "broker" });
    await liveB.next((m) => m.type === "auth_success");

    const c = await createCustomer(srv, a.token);
    await liveA.next(isUpdate("customer_created"));
    await uploadFile(srv, c.uploadLink, c.documents[0]!.id, { bytes: sampleFiles.pdf() });
    const update = await liveA.next(isUpdate("document_uploaded"));
    expect(update.data).toEqual({ customerId: c.id, documentId: c.documents[0]!.id });
    await liveA.next((m) => m.type === "notification" && m.data.audience === "broker");

    expect(await liveB.receivedWithin((m) => m.type !== "auth_success")).toBe(false);
    liveA.close();
    liveB.close();
  });

  test("review, due dates, edits and deletes are pushed too", async () => {
    const a = await brokerWithCookie();
    const live = await connectLive(srv, { cookie: a.cookie });
    const c = await createCustomer(srv, a.token);
    await uploadFile(srv, c.uploadLink, c.documents[0]!.id, { bytes: sampleFiles.pdf() });
    await srv.call(`/api/documents/${c.documents[0]!.id}/verify`, { method: "POST", token: a.token, body: { status: "approved" } });
    await live.next(isUpdate("document_verified"));
    await srv.call(`/api/documents/${c.documents[1]!.id}/due-date`, {
      method: "PUT",
      token: a.token,
      body: { dueDate: new Date(srv.clock.now().getTime() + 86_400_000).toISOString() },
    });
    await live.next(isUpdate("document_status_changed"));
    await srv.call(`/api/customers/${c.id}/request-documents`, { method: "POST", token: a.token, body: { documentTypes: ["Tax Returns"] } });
    await live.next(isUpdate("documents_requested"));
    await srv.call(`/api/customers/${c.id}`, { method: "PUT", token: a.token, body: { name: "New Name", email: c.email, loanType: "va" } });
    await live.next(isUpdate("customer_updated"));
    await srv.call(`/api/customers/${c.id}`, { method: "DELETE", token: a.token });
    await live.next(isUpdate("customer_deleted"));
    live.close();
  });

  test("bulk reminders send one force_refresh rather than an update per customer", async () => {
    const a = await brokerWithCookie();
    await createCustomer(srv, a.token);
    await createCustomer(srv, a.token);
    const live = await connectLive(srv, { cookie: a.cookie });
    await srv.call("/api/send-bulk-reminders", { method: "POST", token: a.token });
    expect(await live.next((m) => m.type === "force_refresh")).toEqual({ type: "force_refresh", updateType: "customer_list_refresh" });
    // The two customers' own customer_created may reach the socket after it opened (on PostgreSQL
    // they come through LISTEN/NOTIFY); bulk reminders add no data_update of their own.
    expect(live.messages.filter((m) => m.type === "data_update" && m.updateType !== "customer_created")).toEqual([]);
    live.close();
  });

  test("a socket without a broker session gets nothing; signing out closes the broker's sockets", async () => {
    const a = await brokerWithCookie();
    const anonymous = await connectLive(srv);
    anonymous.send({ type: "auth", userId: a.user.id });
    expect(await anonymous.next((m) => m.type === "auth_error")).toMatchObject({ type: "auth_error" });
    const live = await connectLive(srv, { cookie: a.cookie });
    await createCustomer(srv, a.token);
    await live.next(isUpdate("customer_created"));
    expect(await anonymous.receivedWithin((m) => m.type === "data_update")).toBe(false);

    await srv.call("/api/auth/signout", { method: "POST", headers: { cookie: a.cookie } });
    expect((await live.closed).code).toBe(4001);
    anonymous.close();
  });

  test("a socket from another site's page is refused at the handshake", async () => {
    const a = await brokerWithCookie();
    await expect(connectLive(srv, { cookie: a.cookie, origin: "https://evil.example" })).rejects.toThrow("WebSocket failed to open");
  });
});

describe("customers", () => {
  test("a customer's socket hears only their own portal's changes; notifications only when signed in", async () => {
    const a = await brokerWithCookie();
    const one = await createCustomer(srv, a.token);
    const two = await createCustomer(srv, a.token);
    const guest = await connectLive(srv);
    guest.send({ type: "customer_auth", uploadLink: one.uploadLink });
    expect(await guest.next((m) => m.type === "auth_success")).toEqual({ type: "auth_success", role: "customer" });
    const signedIn = await connectLive(srv, { cookie: await customerCookie(srv, one.uploadLink, one.email) });
    signedIn.send({ type: "customer_auth", uploadLink: one.uploadLink });
    const other = await connectLive(srv);
    other.send({ type: "customer_auth", uploadLink: two.uploadLink });
    await other.next((m) => m.type === "auth_success");
    await signedIn.next((m) => m.type === "auth_success");

    await srv.call(`/api/customers/${one.id}/request-documents`, { method: "POST", token: a.token, body: { documentTypes: ["Photo ID"] } });
    const update = await guest.next((m) => isUpdate("customer_portal_update")(m) && m.data.documentIds);
    expect(update.data.customerId).toBeUndefined();
    expect(update.data.documentIds).toHaveLength(1);
    await signedIn.next((m) => m.type === "notification" && m.data.audience === "customer");
    expect(await guest.receivedWithin((m) => m.type === "notification")).toBe(false);
    expect(await other.receivedWithin((m) => m.type !== "auth_success")).toBe(false);
    for (const s of [guest, signedIn, other]) s.close();
  });

  test("when the broker changes a customer's email, signed-in sockets of the old address stop hearing that relationship", async () => {
    const a = await brokerWithCookie();
    const c = await createCustomer(srv, a.token);
    const guest = await connectLive(srv);
    guest.send({ type: "customer_auth", uploadLink: c.uploadLink });
    await guest.next((m) => m.type === "auth_success");
    const signedIn = await connectLive(srv, { cookie: await customerCookie(srv, c.uploadLink, c.email) });
    signedIn.send({ type: "customer_auth", uploadLink: c.uploadLink });
    await signedIn.next((m) => m.type === "auth_success");

    // A name change keeps everyone connected.
    await srv.call(`/api/customers/${c.id}`, { method: "PUT", token: a.token, body: { name: "Renamed", email: c.email, loanType: "va" } });
    await signedIn.next(isUpdate("customer_portal_update"));
    expect(signedIn.socket.readyState).toBe(WebSocket.OPEN);

    await srv.call(`/api/customers/${c.id}`, { method: "PUT", token: a.token, body: { name: "Renamed", email: "someone.else@example.com", loanType: "va" } });
    expect((await signedIn.closed).code).toBe(4003);
    // The link itself still works: its guest socket stays and hears the next change.
    await uploadFile(srv, c.uploadLink, c.documents[0]!.id, { bytes: sampleFiles.pdf() });
    await guest.next((m) => isUpdate("customer_portal_update")(m) && m.data.documentId === c.documents[0]!.id);
    expect(guest.socket.readyState).toBe(WebSocket.OPEN);
    guest.close();
  });

  test("a deleted customer's sockets are told once, then dropped from the hub", async () => {
    const a = await brokerWithCookie();
    const c = await createCustomer(srv, a.token);
    const guest = await connectLive(srv);
    guest.send({ type: "customer_auth", uploadLink: c.uploadLink });
    await guest.next((m) => m.type === "auth_success");
    const before = srv.server.hub.counts().customers;
    await srv.call(`/api/customers/${c.id}`, { method: "DELETE", token: a.token });
    await guest.next(isUpdate("customer_portal_update"));
    expect(srv.server.hub.counts().customers).toBe(before - 1);
    guest.close();
  });

  test("an unknown link is refused; malformed and unknown messages are ignored and the socket stays healthy", async () => {
    const a = await brokerWithCookie();
    const c = await createCustomer(srv, a.token);
    const live = await connectLive(srv);
    live.send("{not json");
    live.send("plain text");
    live.send({ type: "something_else" });
    live.send({ type: "customer_auth", uploadLink: 42 });
    live.send({ type: "customer_auth", uploadLink: "x".repeat(10_000) });
    live.send({ type: "customer_auth", uploadLink: "no-such-link" });
    expect(await live.next((m) => m.type === "auth_error")).toEqual({ type: "auth_error", message: "This upload link is not valid or has expired." });
    live.send({ type: "customer_auth", uploadLink: c.uploadLink });
    await live.next((m) => m.type === "auth_success");
    await uploadFile(srv, c.uploadLink, c.documents[0]!.id, { bytes: sampleFiles.pdf() });
    await live.next(isUpdate("customer_portal_update"));
    expect(live.socket.readyState).toBe(WebSocket.OPEN);
    live.close();
  });

  test("after a reconnect, events arrive on the new socket", async () => {
    const a = await brokerWithCookie();
    const c = await createCustomer(srv, a.token);
    const first = await connectLive(srv, { cookie: a.cookie });
    first.close();
    await first.closed;
    const second = await connectLive(srv, { cookie: a.cookie });
    await uploadFile(srv, c.uploadLink, c.documents[0]!.id, { bytes: sampleFiles.pdf() });
    await second.next(isUpdate("document_uploaded"));
    // The server hears of the first socket's close a moment after the client (on a busy machine,
    // after the upload's event): it is dropped from the hub, not kept.
    for (let waited = 0; srv.server.hub.counts().brokers !== 1 && waited < 2000; waited += 20) await Bun.sleep(20);
    expect(srv.server.hub.counts().brokers).toBe(1);
    second.close();
  });
});
