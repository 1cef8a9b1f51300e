import { afterEach, describe, expect, test } from "bun:test";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { applyLiveMessage } from "../../web/api/live";
import { unreadBadge } from "../../src/shared/format";
import { NotificationBell } from "../../web/components/NotificationBell";
import { BrokerNotificationBell } from "../../web/features/notifications/BrokerNotificationBell";
import { authKeys } from "../../web/features/auth/api";
import { customerKeys } from "../../web/features/customers/api";
import { dashboardKeys } from "../../web/features/dashboard/api";
import { fileKeys } from "../../web/features/documents/api";
import {
  brokerNotificationSource,
  customerNotificationSource,
  notificationKeys,
  type NotificationItem,
} from "../../web/features/notifications/api";
import { portalKeys } from "../../web/features/portal/api";
import { subscriptionKeys } from "../../web/features/subscription/api";
import { fakeServer, json } from "../support/render-app";

afterEach(cleanup);

const item = (n: number, overrides: Partial<NotificationItem> = {}): NotificationItem => ({
  id: `n${n}`,
  type: "document_uploaded",
  title: `Title ${n}`,
  message: `Message ${n}`,
  createdAt: new Date(Date.now() - n * 60_000).toISOString(),
  read: false,
  metadata: null,
  ...overrides,
});

const bell = (props: Partial<Parameters<typeof NotificationBell>[0]> = {}) =>
  render(
    <NotificationBell notifications={[]} unreadCount={0} isMarkingAll={false} onMarkAllRead={() => {}} onOpen={() => false} viewAllHref="/notifications" {...props} />,
  );

describe("the bell", () => {
  test("badge: the count, or 9+ above 9; none at 0", () => {
    expect([unreadBadge(0), unreadBadge(1), unreadBadge(9), unreadBadge(10), unreadBadge(250)]).toEqual([null, "1", "9", "9+", "9+"]);
    bell({ unreadCount: 12 });
    // Its spoken name holds what the badge shows.
    expect(screen.getByRole("button", { name: "Notifications, 9+ unread" }).textContent).toContain("9+");
    cleanup();
    bell();
    expect(screen.getByRole("button", { name: "Notifications" }).textContent).not.toMatch(/\d/);
  });

  test("empty state, and no Mark all read without unread ones", () => {
    bell();
    fireEvent.click(screen.getByRole("button", { name: "Notifications" }));
    expect(screen.getByText("No notifications yet")).toBeDefined();
    expect(screen.queryByRole("button", { name: "Mark all read" })).toBeNull();
  });

  test("shows 5 with relative times, a View all entry above 5, and Marking... while pending", () => {
    let marked = 0;
    bell({ notifications: Array.from({ length: 7 }, (_, i) => item(i)), unreadCount: 7, isMarkingAll: false, onMarkAllRead: () => marked++ });
    fireEvent.click(screen.getByRole("button", { name: "Notifications, 7 unread" }));
    expect(screen.getAllByRole("listitem")).toHaveLength(5);
    expect(screen.getByText("Just now")).toBeDefined();
    expect(screen.getByText("2m ago")).toBeDefined();
    expect(screen.getByRole("link", { name: "View all notifications" }).getAttribute("href")).toBe("/notifications");
    fireEvent.click(screen.getByRole("button", { name: "Mark all read" }));
    expect(marked).toBe(1);
    cleanup();
    bell({ notifications: [item(1)], unreadCount: 1, isMarkingAll: true });
    fireEvent.click(screen.getByRole("button", { name: "Notifications, 1 unread" }));
    expect(screen.getByRole("button", { name: "Marking..." })).toBeDefined();
  });
});

describe("the broker's bell", () => {
  function Where() {
    return <p data-testid="where">{useLocation().pathname}</p>;
  }

  test("clicking a notification marks it read, lowers the count at once, and opens its customer", async () => {
    let unread = 2;
    const calls = fakeServer(({ method, path }) => {
      if (path === "/api/notifications")
        return json(200, [item(1, { metadata: { customerId: "c42" } }), item(2)]);
      if (path === "/api/notifications/unread-count") return json(200, { count: unread });
      if (method === "POST" && path === "/api/notifications/n1/read") {
        unread = 1;
        return json(200, { message: "Marked as read" });
      }
      return undefined;
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={["/dashboard"]}>
          <BrokerNotificationBell enabled />
          <Routes>
            <Route path="*" element={<Where />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const button = await screen.findByRole("button", { name: "Notifications, 2 unread" });
    fireEvent.click(button);
    fireEvent.click(await screen.findByText("Title 1"));
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/customer/c42"));
    expect(calls.some((c) => c.method === "POST" && c.path === "/api/notifications/n1/read")).toBe(true);
    await screen.findByRole("button", { name: "Notifications, 1 unread" });
  });
});

describe("live messages", () => {
  // The live channel knows no feature's keys: these are the features' own, cached as the
  // screens would have them, and a message must reach exactly the right ones by prefix.
  const broker = notificationKeys(brokerNotificationSource);
  const portalBell = notificationKeys(customerNotificationSource("abc"));
  const cached = {
    "/api/notifications": broker.list,
    "/api/notifications/unread-count": broker.unread,
    "/api/dashboard/metrics": dashboardKeys.metrics,
    "/api/pending-documents": dashboardKeys.pendingDocuments,
    "/api/customers": customerKeys.list,
    "/api/all-customers": customerKeys.listWithInvitations,
    "/api/customer/c1": customerKeys.one("c1"),
    "/api/customers/c1/document-limit": customerKeys.documentLimit("c1"),
    "/api/subscription": subscriptionKeys.current,
    "/api/auth/user": authKeys.user,
    "/api/upload/abc": portalKeys.one("abc"),
    "/api/upload/xyz": portalKeys.one("xyz"),
    "/api/upload/abc/notifications": portalBell.list,
    "/api/upload/abc/notifications/unread-count": portalBell.unread,
    "a file's bytes": fileKeys.bytes("/api/documents/d1/download"),
  };
  /** The requests whose cached answers the message marks for refetching. */
  const invalidated = (raw: string, target: Parameters<typeof applyLiveMessage>[1]) => {
    const client = new QueryClient();
    for (const key of Object.values(cached)) client.setQueryData(key, {});
    applyLiveMessage(client, target, raw);
    return Object.entries(cached)
      .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
      .map(([path]) => path);
  };

  test("a notification refetches the bell; an update refetches the broker's screens; junk does nothing", () => {
    expect(invalidated(JSON.stringify({ type: "notification", data: {} }), { kind: "broker" })).toEqual([
      "/api/notifications",
      "/api/notifications/unread-count",
    ]);
    const update = invalidated(JSON.stringify({ type: "data_update", updateType: "document_verified", data: { customerId: "c1" } }), { kind: "broker" });
    expect(update).toContain("/api/dashboard/metrics");
    expect(update).toContain("/api/customer/c1");
    expect(update).toContain("/api/customers/c1/document-limit");
    expect(update).toContain("/api/subscription");
    // SPEC 7 "Cache refreshed after payment or changes" names the signed-in user too.
    expect(update).toContain("/api/auth/user");
    // A file's bytes never change, so an open viewer does not reload.
    expect(update).not.toContain("a file's bytes");
    expect(update).not.toContain("/api/upload/abc");
    expect(invalidated("{nope", { kind: "broker" })).toEqual([]);
    expect(invalidated(JSON.stringify({ type: "data_update", updateType: "unknown_thing" }), { kind: "broker" })).toEqual([]);
  });

  test("a (re)connection refetches everything, since pushes were missed while disconnected", () => {
    const keys = invalidated(JSON.stringify({ type: "auth_success", role: "broker" }), { kind: "broker" });
    expect(keys).toContain("/api/notifications");
    expect(keys).toContain("/api/customers");
    expect(keys).toContain("/api/all-customers");
    expect(keys).toContain("/api/pending-documents");
  });

  // Issue 39, item 11: the server's instance missed other instances' events (its PostgreSQL
  // listener was down); every cached query of either side is fetched again, on screen or not.
  test("a force_refresh after missed events refetches everything this side has cached, broker's or portal's", () => {
    const missed = JSON.stringify({ type: "force_refresh", updateType: "all_data_refresh" });
    const brokers = invalidated(missed, { kind: "broker" });
    for (const path of ["/api/notifications", "/api/notifications/unread-count", "/api/customers", "/api/all-customers", "/api/pending-documents", "/api/dashboard/metrics", "/api/customer/c1", "/api/subscription", "/api/auth/user"]) {
      expect(brokers).toContain(path);
    }
    expect(brokers).not.toContain("/api/upload/abc");
    expect(invalidated(missed, { kind: "customer", uploadLink: "abc" })).toEqual([
      "/api/upload/abc",
      "/api/upload/abc/notifications",
      "/api/upload/abc/notifications/unread-count",
    ]);
  });

  test("the portal refetches its own link's data", () => {
    const keys = invalidated(JSON.stringify({ type: "data_update", updateType: "customer_portal_update", data: {} }), { kind: "customer", uploadLink: "abc" });
    expect(keys).toContain("/api/upload/abc");
    expect(keys).not.toContain("/api/upload/xyz");
    expect(keys).not.toContain("/api/customers");
    expect(invalidated(JSON.stringify({ type: "notification" }), { kind: "customer", uploadLink: "abc" })).toEqual([
      "/api/upload/abc/notifications",
      "/api/upload/abc/notifications/unread-count",
    ]);
  });
});

test("an unread notification is announced as unread and has a visible focus ring", async () => {
  bell({ notifications: [item(1), item(2, { read: true })], unreadCount: 1 });
  fireEvent.click(screen.getByRole("button", { name: "Notifications, 1 unread" }));
  const unread = await screen.findByRole("button", { name: /^Unread: Title 1/ });
  const read = screen.getByRole("button", { name: /^Title 2/ });
  expect(read).toBeTruthy();
  // Not just a tint: a ring that shows with keyboard focus (WCAG 2.4.7).
  for (const entry of [unread, read]) expect(entry.className).toContain("focus-visible:ring-2");
});
