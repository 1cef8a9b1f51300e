// The live channel against a misbehaving client: repeated sign-ins, floods, oversized frames.
import { describe, expect, test } from "bun:test";
import { createCustomer, sampleFiles, uploadFile } from "../support/fixtures.ts";
import { connectLive } from "../support/live.ts";
import { useServerWithBroker } from "../support/server.ts";

const { srv, broker } = useServerWithBroker();
const isPortalUpdate = (m: any) => m.type === "data_update" && m.updateType === "customer_portal_update";

describe("customer_auth", () => {
  test("sent many times, it registers the socket once: every later message arrives once", async () => {
    const c = await createCustomer(srv, broker.token);
    const live = await connectLive(srv);
    for (let i = 0; i < 50; i++) live.send({ type: "customer_auth", uploadLink: c.uploadLink });
    await live.next(() => live.messages.filter((m) => m.type === "auth_success").length === 50, 5000);
    expect(srv.server.hub.counts().customers).toBe(1);

    await uploadFile(srv, c.uploadLink, c.documents[0]!.id, { bytes: sampleFiles.pdf() });
    await live.next(isPortalUpdate);
    await Bun.sleep(200);
    expect(live.messages.filter(isPortalUpdate)).toHaveLength(1);
    live.close();
    await live.closed;
    await Bun.sleep(50);
    expect(srv.server.hub.counts().customers).toBe(0);
  });

  test("a new customer_auth replaces the previous one", async () => {
    const first = await createCustomer(srv, broker.token);
    const second = await createCustomer(srv, broker.token);
    const live = await connectLive(srv);
    live.send({ type: "customer_auth", uploadLink: first.uploadLink });
    await live.next((m) => m.type === "auth_success");
    live.send({ type: "customer_auth", uploadLink: second.uploadLink });
    await live.next(() => live.messages.filter((m) => m.type === "auth_success").length === 2);

    await uploadFile(srv, first.uploadLink, first.documents[0]!.id, { bytes: sampleFiles.pdf() });
    expect(await live.receivedWithin(isPortalUpdate)).toBe(false);
    await uploadFile(srv, second.uploadLink, second.documents[0]!.id, { bytes: sampleFiles.pdf() });
    await live.next(isPortalUpdate);
    live.close();
  });
});

describe("limits", () => {
  test("a socket that keeps sending more than 20 messages a second is closed with 1008", async () => {
    const live = await connectLive(srv);
    const flood = setInterval(() => live.socket.readyState === WebSocket.OPEN && live.send({ type: "ping" }), 10);
    try {
      // A generous give-up: the close ends the wait at once on any machine.
      const closed = await Promise.race([live.closed, Bun.sleep(60_000).then(() => null)]);
      expect(closed?.code).toBe(1008);
    } finally {
      clearInterval(flood);
    }
  }, 90_000);

  test("a socket sending a little now and then stays open", async () => {
    const c = await createCustomer(srv, broker.token);
    const live = await connectLive(srv);
    for (let i = 0; i < 10; i++) {
      live.send({ type: "customer_auth", uploadLink: c.uploadLink });
      await Bun.sleep(100);
    }
    expect(live.socket.readyState).toBe(WebSocket.OPEN);
    live.close();
  });

  test.each([
    ["1 MB", 1024 * 1024],
    ["17 KB", 17 * 1024],
  ])("a %s frame closes the socket with 1009 before it is parsed", async (_case, size) => {
    const live = await connectLive(srv);
    live.send(JSON.stringify({ type: "customer_auth", uploadLink: "x".repeat(size) }));
    const closed = await Promise.race([live.closed, Bun.sleep(60_000).then(() => null)]);
    expect(closed?.code).toBe(1009);
  });
});
