import { afterEach, expect, test } from "bun:test";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { fakeServer, json, renderApp } from "../support/render-app";
import { brokerServer } from "./customers-fixtures";

afterEach(cleanup);

const note = (n: number, read = false) => ({
  id: `n${n}`,
  type: "document_uploaded",
  title: `Upload ${n}`,
  message: `Nina uploaded file ${n}.`,
  createdAt: new Date(Date.now() - n * 3_600_000).toISOString(),
  read,
  metadata: { customerId: `c${n}` },
});

function server(all: ReturnType<typeof note>[]) {
  const state = { all };
  const calls = fakeServer(
    brokerServer([], undefined, ({ method, path, search }) => {
      if (path === "/api/notifications" && method === "GET") {
        const params = new URLSearchParams(search);
        const unreadOnly = params.get("filter") === "unread";
        return json(200, state.all.filter((n) => !unreadOnly || !n.read));
      }
      if (path === "/api/notifications/unread-count") return json(200, { count: state.all.filter((n) => !n.read).length });
      const read = path.match(/^\/api\/notifications\/(\w+)\/read$/);
      if (read && method === "POST") {
        state.all = state.all.map((n) => (n.id === read[1] ? { ...n, read: true } : n));
        return json(200, { message: "Marked as read" });
      }
      return undefined;
    }),
  );
  return calls;
}

test("the bell's View all notifications opens the full page", async () => {
  server(Array.from({ length: 7 }, (_, i) => note(i + 1)));
  renderApp("/dashboard");
  fireEvent.click(await screen.findByRole("button", { name: "Notifications, 7 unread" }));
  fireEvent.click(await screen.findByRole("link", { name: "View all notifications" }));
  expect(await screen.findByRole("heading", { level: 1, name: "Notifications" })).toBeTruthy();
  expect(await screen.findByRole("list", { name: "All notifications" })).toBeTruthy();
});

test("lists every notification, filters unread, and marks one read", async () => {
  const calls = server([note(1), note(2, true), note(3)]);
  renderApp("/notifications");
  const list = await screen.findByRole("list", { name: "All notifications" });
  expect(within(list).getAllByRole("listitem")).toHaveLength(3);
  expect(await screen.findByText("2 unread")).toBeTruthy();

  fireEvent.click(screen.getByRole("button", { name: "Unread" }));
  const unread = await screen.findByRole("list", { name: "Unread notifications" });
  await waitFor(() => expect(within(unread).getAllByRole("listitem")).toHaveLength(2));
  expect(calls.some((c) => c.path === "/api/notifications" && c.search.includes("filter=unread"))).toBe(true);
  expect(screen.getByRole("button", { name: "Unread" }).getAttribute("aria-pressed")).toBe("true");

  fireEvent.click(within(unread).getByRole("button", { name: "Mark read: Upload 1" }));
  await waitFor(() => expect(within(screen.getByRole("list", { name: "Unread notifications" })).getAllByRole("listitem")).toHaveLength(1));
  expect(calls.some((c) => c.method === "POST" && c.path === "/api/notifications/n1/read")).toBe(true);
  expect(await screen.findByText("1 unread")).toBeTruthy();
});

test("opening a notification marks it read and goes to its customer", async () => {
  const calls = server([note(4)]);
  renderApp("/notifications");
  fireEvent.click(await screen.findByText("Upload 4"));
  await waitFor(() => expect(calls.some((c) => c.path.startsWith("/api/customer/c4"))).toBe(true), { timeout: 5000 });
  expect(calls.some((c) => c.method === "POST" && c.path === "/api/notifications/n4/read")).toBe(true);
});

test("nothing unread says so", async () => {
  server([note(1, true)]);
  renderApp("/notifications");
  expect(await screen.findByText("You are all caught up.")).toBeTruthy();
  fireEvent.click(screen.getByRole("button", { name: "Unread" }));
  expect(await screen.findByText("No unread notifications")).toBeTruthy();
});
