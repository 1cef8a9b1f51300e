// Part 6: the live channel /ws as an attacker uses it: a foreign page opening it with the
// victim's cookies, a socket claiming someone else's userId, floods of auth messages, message
// floods, and frames far larger than any real message.
import { beforeAll, describe, expect, test } from "bun:test";
import { connectLive, type LiveClient } from "../support/live.ts";
import { useTestServer } from "../support/server.ts";
import { record, seedWorld, type World } from "./support.ts";

const srv = useTestServer();
let world: World;
let brokerCookie = "";

beforeAll(async () => {
  world = await seedWorld(srv);
  const res = await fetch(`${srv.url}/api/auth/signin`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: world.brokerA.user.email, password: "correct horse battery" }),
  });
  brokerCookie = (res.headers.get("set-cookie") ?? "").split(";")[0]!;
});

/** A change broker A makes to the victim's documents: the event every socket test listens for. */
async function touchVictim(dayOffset: number) {
  const res = await fetch(`${srv.url}/api/documents/${world.victim.documentIds[2]}/due-date`, {
    method: "PUT",
    headers: { authorization: `Bearer ${world.brokerA.token}`, "content-type": "application/json" },
    body: JSON.stringify({ dueDate: new Date(Date.now() + (10 + dayOffset) * 86_400_000).toISOString() }),
  });
  expect(res.status).toBe(200);
}

const isOpen = (c: LiveClient) => c.socket.readyState === WebSocket.OPEN;
const closedWithin = (c: LiveClient, ms: number) => Promise.race([c.closed.then(() => true), Bun.sleep(ms).then(() => false)]);

describe("handshake", () => {
  test("a foreign Origin cannot open the channel, even with the broker's cookie", async () => {
    let opened = false;
    try {
      const c = await connectLive(srv, { cookie: brokerCookie, origin: "https://evil.example" });
      opened = true;
      c.close();
    } catch {
      opened = false;
    }
    expect(opened).toBe(false);
    const own = await connectLive(srv, { cookie: brokerCookie });
    expect(isOpen(own)).toBe(true);
    own.close();
  });

  test("Origin: null and a look-alike origin are refused too", async () => {
    for (const origin of ["null", `http://127.0.0.1.evil.example:${srv.server.port}`, `https://127.0.0.1:${srv.server.port}`]) {
      const opened = await connectLive(srv, { cookie: brokerCookie, origin }).then(
        (c) => (c.close(), true),
        () => false,
      );
      expect(opened, origin).toBe(false);
    }
  });
});

describe("identity", () => {
  test("a socket without a session that claims broker A's userId hears nothing of A", async () => {
    const spy = await connectLive(srv);
    const owner = await connectLive(srv, { cookie: brokerCookie });
    spy.send({ type: "auth", userId: world.brokerA.user.id });
    const answer = await spy.next((m) => m.type === "auth_success" || m.type === "auth_error");
    expect(answer.type).toBe("auth_error");
    await touchVictim(1);
    await owner.next((m) => m.type === "data_update" && m.data?.customerId === world.victim.customerId);
    expect(await spy.receivedWithin((m) => m.type === "data_update" || m.type === "notification", 400)).toBe(false);
    spy.close();
    owner.close();
  });

  test("broker B's socket that claims A's userId hears only B's own events", async () => {
    const res = await fetch(`${srv.url}/api/auth/signin`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: world.brokerB.user.email, password: "correct horse battery" }),
    });
    const cookieB = (res.headers.get("set-cookie") ?? "").split(";")[0]!;
    const spy = await connectLive(srv, { cookie: cookieB });
    spy.send({ type: "auth", userId: world.brokerA.user.id });
    await spy.next((m) => m.type === "auth_success" || m.type === "auth_error");
    await touchVictim(2);
    const heard = await spy.receivedWithin((m) => JSON.stringify(m).includes(world.victim.customerId) || JSON.stringify(m).includes(world.victim.documentIds[2]!), 400);
    expect(heard).toBe(false);
    spy.close();
  });

  test("a guest socket on B's link hears nothing of A's documents", async () => {
    const spy = await connectLive(srv);
    spy.send({ type: "customer_auth", uploadLink: world.victimViaB.uploadLink });
    await spy.next((m) => m.type === "auth_success" || m.type === "auth_error");
    await touchVictim(3);
    expect(await spy.receivedWithin((m) => JSON.stringify(m).includes(world.victim.documentIds[2]!), 400)).toBe(false);
    spy.close();
  });
});

describe("floods", () => {
  test("2,000 customer_auth messages do not multiply deliveries: each later event arrives at most once", async () => {
    const flooder = await connectLive(srv);
    for (let i = 0; i < 2000; i++) flooder.send({ type: "customer_auth", uploadLink: world.victim.uploadLink });
    await Bun.sleep(500);
    const during = srv.server.hub.counts().customers;
    const start = flooder.messages.length;
    await touchVictim(4);
    await Bun.sleep(500);
    const deliveries = flooder.messages.slice(start).filter((m) => m.type === "data_update").length;
    // What this one socket held: the difference its closing makes.
    flooder.close();
    await flooder.closed;
    await Bun.sleep(200);
    const registered = during - srv.server.hub.counts().customers;
    record("ws", { attack: "customer_auth x2000", registrations: registered, deliveriesOfOneEvent: deliveries });
    expect(registered, "registrations held by one socket").toBeLessThanOrEqual(1);
    expect(deliveries, "copies of one event").toBeLessThanOrEqual(1);
  });

  test("40 customer_auth messages (a burst a rate limit lets through): one registration, each event exactly once", async () => {
    const c = await connectLive(srv);
    for (let i = 0; i < 40; i++) c.send({ type: "customer_auth", uploadLink: world.victim.uploadLink });
    await c.next((m) => m.type === "auth_success");
    await Bun.sleep(300);
    expect(isOpen(c), "a 40-message burst closed the socket").toBe(true);
    const during = srv.server.hub.counts().customers;
    const start = c.messages.length;
    await touchVictim(5);
    await Bun.sleep(500);
    const deliveries = c.messages.slice(start).filter((m) => m.type === "data_update").length;
    c.close();
    await c.closed;
    await Bun.sleep(200);
    const registered = during - srv.server.hub.counts().customers;
    record("ws", { attack: "customer_auth x40", registrations: registered, deliveriesOfOneEvent: deliveries });
    expect(registered).toBe(1);
    expect(deliveries).toBe(1);
  });

  test("a message flood gets the socket closed", async () => {
    const flooder = await connectLive(srv);
    const started = performance.now();
    for (let i = 0; i < 10_000 && isOpen(flooder); i++) flooder.send({ type: "ping", n: i });
    const closed = await closedWithin(flooder, 5000);
    record("ws", { attack: "10,000 messages at once", closed, ms: Math.round(performance.now() - started) });
    expect(closed, "socket still open after 10,000 messages").toBe(true);
  });

  test("a 1 MB frame closes the socket without being parsed", async () => {
    const c = await connectLive(srv);
    const big = JSON.stringify({ type: "customer_auth", uploadLink: world.victim.uploadLink, pad: "x".repeat(1024 * 1024) });
    const before = srv.server.hub.counts().customers;
    c.send(big);
    const closed = await closedWithin(c, 3000);
    record("ws", { attack: "1 MB frame", closed });
    expect(closed).toBe(true);
    expect(c.messages.some((m) => m.type === "auth_success")).toBe(false);
    expect(srv.server.hub.counts().customers).toBe(before);
  });

  test("malformed messages are ignored and the socket keeps working", async () => {
    const c = await connectLive(srv);
    for (const junk of ["{{not json", "null", "[]", '"str"', "1e999", '{"type":{"toString":"x"}}', '{"__proto__":{"type":"auth"}}']) c.send(junk);
    c.send({ type: "customer_auth", uploadLink: world.victim.uploadLink });
    const answer = await c.next((m) => m.type === "auth_success" || m.type === "auth_error");
    expect(answer.type).toBe("auth_success");
    expect(isOpen(c)).toBe(true);
    c.close();
  });
});
