// The unit of work (src/lib/unit-of-work.ts): unit subscribers write in the publishing
// transaction, before it commits; the live channel hears only what committed.
import { afterEach, beforeEach, expect, test } from "bun:test";
import { eq, sql } from "drizzle-orm";
import { workspaces } from "../../db/tables.ts";
import type { DomainEvent } from "../../src/lib/events.ts";
import { inTransaction, type UnitSubscriber } from "../../src/lib/unit-of-work.ts";
import { row } from "../support/sql.ts";
import { useTestServer } from "../support/server.ts";

const srv = useTestServer();
const ctx = () => srv.server.ctx;

// The server's own side effects (src/side-effects.ts) stay registered; each test's are taken off.
let registered = 0;
beforeEach(() => {
  registered = ctx().unitSubscribers.length;
});
afterEach(() => {
  ctx().unitSubscribers.length = registered;
});

async function workspaceOfNewBroker(): Promise<string> {
  const broker = await srv.signUpBroker();
  const found = await row<{ id: string }>(ctx().db, sql`select workspace_id as id from workspace_members where user_id = ${broker.user.id}`);
  return found!.id;
}

const nameOf = async (id: string) => (await row<{ name: string }>(ctx().db, sql`select name from workspaces where id = ${id}`))!.name;

function heardOnLive(): { events: DomainEvent[]; stop(): void } {
  const events: DomainEvent[] = [];
  const stop = ctx().events.subscribe((event) => events.push(event));
  return { events, stop };
}

// A subscriber that renames the workspace an event names, and answers a refresh with a scope change.
const renamer: UnitSubscriber = async (unit, event) => {
  if (event.type !== "customer_list_refresh") return;
  await unit.tx.update(workspaces).set({ name: "Renamed by subscriber" }).where(eq(workspaces.id, event.workspaceId));
  unit.publish({ type: "member_scope_changed", workspaceId: event.workspaceId, visibility: "all" });
};

test("a subscriber writes in the publishing transaction; its own events reach every subscriber and the live channel after commit", async () => {
  const workspaceId = await workspaceOfNewBroker();
  const seen: string[] = [];
  ctx().unitSubscribers.push(renamer, (_unit, event) => void seen.push(event.type));
  const live = heardOnLive();
  try {
    await inTransaction(ctx(), async (unit) => {
      unit.publish({ type: "customer_list_refresh", workspaceId });
      // Not yet: subscribers run once the work is done, still inside the transaction.
      expect(seen).toEqual([]);
    });
    expect(await nameOf(workspaceId)).toBe("Renamed by subscriber");
    expect(seen).toEqual(["customer_list_refresh", "member_scope_changed"]);
    expect(live.events.map((e) => e.type)).toEqual(["customer_list_refresh", "member_scope_changed"]);
  } finally {
    live.stop();
  }
});

test("work that fails after publishing leaves no subscriber's write and tells the live channel nothing", async () => {
  const workspaceId = await workspaceOfNewBroker();
  const before = await nameOf(workspaceId);
  ctx().unitSubscribers.push(renamer);
  const live = heardOnLive();
  try {
    const failing = inTransaction(ctx(), async (unit) => {
      unit.publish({ type: "customer_list_refresh", workspaceId });
      throw new Error("the change is refused");
    });
    await expect(failing).rejects.toThrow("the change is refused");
    expect(await nameOf(workspaceId)).toBe(before);
    expect(live.events).toEqual([]);
  } finally {
    live.stop();
  }
});

test("a failing subscriber rolls the whole change back", async () => {
  const workspaceId = await workspaceOfNewBroker();
  const before = await nameOf(workspaceId);
  ctx().unitSubscribers.push(renamer, () => {
    throw new Error("the outbox could not be written");
  });
  const live = heardOnLive();
  try {
    const failing = inTransaction(ctx(), async (unit) => {
      unit.publish({ type: "customer_list_refresh", workspaceId });
    });
    await expect(failing).rejects.toThrow("the outbox could not be written");
    expect(await nameOf(workspaceId)).toBe(before);
    expect(live.events).toEqual([]);
  } finally {
    live.stop();
  }
});
