import { expect, test } from "bun:test";
import { screen } from "@testing-library/react";
import { fakeServer, json, renderApp, signedOut } from "../support/render-app";

test("unknown paths show the 404 page", async () => {
  fakeServer(signedOut);
  renderApp("/no/such/page");
  expect(await screen.findByRole("heading", { name: "404 Page Not Found" })).toBeTruthy();
  expect(screen.getByText("Did you forget to add the page to the router?")).toBeTruthy();
});

test("a protected route shows the landing page when signed out", async () => {
  const calls = fakeServer(signedOut);
  renderApp("/dashboard");
  expect(await screen.findByRole("heading", { level: 1, name: /Replace emailed paperwork/ })).toBeTruthy();
  expect(screen.getByRole("button", { name: "Broker Login" })).toBeTruthy();
  expect(screen.queryByRole("heading", { name: "Dashboard" })).toBeNull();
  expect(calls.some((call) => call.path === "/api/auth/user")).toBe(true);
});

test("a spinner with a label shows until the session is known", async () => {
  let answer: (response: Response) => void = () => {};
  globalThis.fetch = (() => new Promise<Response>((resolve) => (answer = resolve))) as unknown as typeof fetch;
  renderApp("/customers");
  expect(screen.getByRole("status", { name: "Checking your session" })).toBeTruthy();
  answer(json(401, { message: "Not signed in" }));
  expect(await screen.findByRole("button", { name: "Broker Login" })).toBeTruthy();
});

test("a signed-in broker gets the admin shell on protected routes", async () => {
  fakeServer(({ path }) =>
    path === "/api/auth/user"
      ? json(200, { id: "u1", email: "ada@example.com", firstName: "Ada", lastName: "Lovelace", profileImageUrl: null })
      : undefined,
  );
  renderApp("/customers");
  expect(await screen.findByRole("heading", { name: "All Customers" })).toBeTruthy();
  expect(screen.getByRole("button", { name: "Notifications" })).toBeTruthy();
  expect(screen.getByRole("button", { name: "AL, Account menu for Ada Lovelace" })).toBeTruthy();
  expect(screen.getAllByRole("link", { name: "All Customers" })[0]?.getAttribute("aria-current")).toBe("page");
});

test("the upload route without a link asks for the invitation link", async () => {
  fakeServer(signedOut);
  renderApp("/upload");
  expect(await screen.findByText("Please use the invitation link sent to your email")).toBeTruthy();
});
