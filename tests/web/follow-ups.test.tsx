// SPEC 4: "After an upload the portal data is refetched immediately and again after 100, 300 and
// 600 ms; other refetch follow-ups are staggered at 5 to 500 ms." Read with fake timers: each
// fetch is counted at the millisecond it happens.
import { afterEach, beforeEach, expect, jest, test } from "bun:test";
import { QueryClientProvider, QueryObserver, type QueryClient } from "@tanstack/react-query";
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { FOLLOW_UP_MS } from "../../web/api/follow-ups";
import { createQueryClient } from "../../web/api/query-client";
import { refreshBrokerData } from "../../web/api/query-keys";
import { useVerifyDocumentMutation } from "../../web/features/documents/api";
import { refreshPortalAfterUpload } from "../../web/features/portal/api";
import { fakeServer, json } from "../support/render-app";

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

/** Lets resolved promises (the query's fetch chain) run without moving the clock. */
const settle = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

/** A query on screen (an observer keeps it active) whose fetches are counted. */
function watched(client: QueryClient, queryKey: readonly unknown[]) {
  let fetches = 0;
  const observer = new QueryObserver(client, {
    queryKey,
    queryFn: async () => ++fetches,
  });
  const stop = observer.subscribe(() => {});
  return { count: () => fetches, stop };
}

/**
 * The times (ms after `start` runs) at which `count` goes up, stepping the fake clock 1 ms at a
 * time. A fetch made at once is counted at 0.
 */
async function fetchTimes(count: () => number, start: () => unknown, until: number): Promise<number[]> {
  const times: number[] = [];
  let seen = count();
  await start();
  for (let now = 0; now <= until; now++) {
    if (now > 0) act(() => void jest.advanceTimersByTime(1));
    await settle();
    for (; seen < count(); seen++) times.push(now);
  }
  return times;
}

test("the follow-ups of a change are staggered from 5 to 500 ms", () => {
  expect(FOLLOW_UP_MS[0]).toBe(5);
  expect(FOLLOW_UP_MS.at(-1)).toBe(500);
  expect([...FOLLOW_UP_MS].sort((a, b) => a - b)).toEqual([...FOLLOW_UP_MS]);
});

test("a broker's change refetches the broker's data at once, then at each follow-up, the signed-in user included", async () => {
  const client = createQueryClient();
  const customers = watched(client, ["customers", "list"]);
  const user = watched(client, ["auth", "user"]);
  const notifications = watched(client, ["notifications", "broker", "list"]);
  await settle();
  const before = { customers: customers.count(), user: user.count(), notifications: notifications.count() };

  expect(await fetchTimes(customers.count, () => refreshBrokerData(client), 700)).toEqual([0, ...FOLLOW_UP_MS]);
  expect(user.count() - before.user).toBe(1 + FOLLOW_UP_MS.length);
  // Notifications have their own pushes and polling: a change does not refetch them.
  expect(notifications.count()).toBe(before.notifications);
  customers.stop();
  user.stop();
  notifications.stop();
  client.clear();
});

test("a broker mutation (approving a document) runs the same schedule once it succeeds", async () => {
  const calls = fakeServer(({ method, path }) => {
    if (method === "POST" && path === "/api/documents/d1/verify") return json(200, { id: "d1", status: "approved" });
    return undefined;
  });
  const client = createQueryClient();
  const metrics = watched(client, ["dashboard", "metrics"]);
  await settle();
  const before = metrics.count();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const { result } = renderHook(() => useVerifyDocumentMutation(), { wrapper });

  const approve = () => act(() => result.current.mutateAsync({ documentId: "d1", status: "approved", comments: "" }));
  expect(await fetchTimes(metrics.count, approve, 700)).toEqual([0, ...FOLLOW_UP_MS]);
  expect(calls.filter((c) => c.path === "/api/documents/d1/verify")).toHaveLength(1);
  expect(metrics.count() - before).toBe(1 + FOLLOW_UP_MS.length);
  metrics.stop();
  client.clear();
});

test("an upload refetches the portal at once and after 100, 300 and 600 ms", async () => {
  const client = createQueryClient();
  const portal = watched(client, ["portal", "link-1"]);
  await settle();

  expect(await fetchTimes(portal.count, () => refreshPortalAfterUpload(client, "link-1"), 800)).toEqual([0, 100, 300, 600]);
  portal.stop();
  client.clear();
});
