import { afterEach, beforeEach, expect, test } from "bun:test";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { ApiError } from "../../web/api/client";
import { portalRetryDelay, shouldRetryPortal } from "../../web/features/portal/api";
import { readStoredSession, STORED_SESSION_TTL_MS } from "../../web/features/portal/storage";
import { fakeServer, json } from "../support/render-app";
import { currentLocation, guestPortal, LINK, PORTAL_PATH, portalRoute, rememberSession, renderPortal } from "./portal-fixtures";

beforeEach(() => localStorage.clear());
afterEach(() => localStorage.clear());

test("/upload without a link asks for the invitation link and calls nothing", async () => {
  const calls = fakeServer(() => undefined);
  renderPortal("/upload");
  expect(await screen.findByText("Please use the invitation link sent to your email")).toBeTruthy();
  expect(calls.filter((call) => call.path.startsWith("/api/upload"))).toHaveLength(0);
});

test("an unknown link shows the spec's text and is not retried", async () => {
  const calls = fakeServer(({ path }) =>
    path === PORTAL_PATH ? json(404, { message: "This upload link is not valid or has expired." }) : undefined,
  );
  renderPortal();
  expect(await screen.findByText("This upload link is not valid or has expired.")).toBeTruthy();
  expect(screen.queryByRole("button", { name: "Try Again" })).toBeNull();
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(calls.filter((call) => call.path === PORTAL_PATH)).toHaveLength(1);
});

test("other failures are retried 3 times, then offer Try Again, which loads the portal", async () => {
  let failing = true;
  const calls = fakeServer(({ path }) => {
    if (path !== PORTAL_PATH) return undefined;
    return failing ? json(500, { message: "The database is busy." }) : json(200, guestPortal());
  });
  renderPortal();
  // Back-off 1 s, 2 s, 4 s between the 4 attempts.
  const retry = await screen.findByRole("button", { name: "Try Again" }, { timeout: 12_000 });
  expect(screen.getByRole("alert").textContent).toBe("The database is busy.");
  expect(calls.filter((call) => call.path === PORTAL_PATH)).toHaveLength(4);

  failing = false;
  fireEvent.click(retry);
  expect(await screen.findByRole("heading", { name: "Required Documents" })).toBeTruthy();
}, 20_000);

test("retry rules: none on 404, at most 3 otherwise, exponential back-off capped at 30 s", () => {
  expect(shouldRetryPortal(0, new ApiError(404, "gone"))).toBe(false);
  expect(shouldRetryPortal(0, new ApiError(500, "busy"))).toBe(true);
  expect(shouldRetryPortal(2, new TypeError("Failed to fetch"))).toBe(true);
  expect(shouldRetryPortal(3, new ApiError(503, "busy"))).toBe(false);
  expect([0, 1, 2, 3].map(portalRetryDelay)).toEqual([1000, 2000, 4000, 8000]);
  expect(portalRetryDelay(10)).toBe(30_000);
});

test("without a stored session the loading text is about the documents", async () => {
  globalThis.fetch = (() => new Promise<Response>(() => {})) as unknown as typeof fetch;
  renderPortal();
  expect(await screen.findByRole("status", { name: "Loading your documents..." })).toBeTruthy();
});

test("a stored session shows the checking-session state, and is forgotten when the server says guest", async () => {
  rememberSession();
  let answer: (response: Response) => void = () => {};
  globalThis.fetch = (() => new Promise<Response>((resolve) => (answer = resolve))) as unknown as typeof fetch;
  renderPortal();
  expect(await screen.findByRole("status", { name: "Checking your session..." })).toBeTruthy();
  answer(json(200, guestPortal()));
  expect(await screen.findByRole("heading", { name: "Welcome, Grace" })).toBeTruthy();
  await waitFor(() => expect(readStoredSession(LINK)).toBeNull());
});

test("a stored session expires after 24 hours", () => {
  rememberSession();
  const stored = readStoredSession(LINK)!;
  expect(stored.isAuthenticated).toBe(true);
  expect(readStoredSession(LINK, stored.timestamp + STORED_SESSION_TTL_MS + 1)).toBeNull();
  expect(localStorage.getItem(`portal:session:${LINK}`)).toBeNull();
});

test("?reset={token} opens the reset dialog and leaves the address bar", async () => {
  const state = { portal: guestPortal() };
  fakeServer(portalRoute(state));
  renderPortal(`/upload/${LINK}?reset=tok-123`);
  expect(await screen.findByRole("dialog", { name: "Set a New Password" })).toBeTruthy();
  await waitFor(() => expect(currentLocation()).toBe(`/upload/${LINK}`));
});
