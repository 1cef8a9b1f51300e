import { expect, test } from "bun:test";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { fakeServer, json, renderApp, signedOut } from "../support/render-app";

// Labels of required fields end in an aria-hidden "*", so match the start of the label.
function type(label: string, value: string, scope: HTMLElement) {
  fireEvent.change(within(scope).getByLabelText(new RegExp(`^${label}\\b`)), { target: { value } });
}

test("the sign-in modal shows the server's error message", async () => {
  const calls = fakeServer((request) =>
    request.path === "/api/auth/signin" ? json(401, { message: "Invalid email or password" }) : signedOut(request),
  );
  renderApp("/");
  fireEvent.click(await screen.findByRole("button", { name: "Broker Login" }));

  const dialog = await screen.findByRole("dialog", { name: "Broker sign in" });
  type("Email", "ada@example.com", dialog);
  type("Password", "wrong-password", dialog);
  fireEvent.click(within(dialog).getByRole("button", { name: "Sign in" }));

  const alert = await within(dialog).findByRole("alert");
  expect(alert.textContent).toBe("Invalid email or password");
  expect(calls.find((call) => call.path === "/api/auth/signin")?.body).toEqual({
    email: "ada@example.com",
    password: "wrong-password",
  });
});

test("sign-up checks the password length before calling the server", async () => {
  const calls = fakeServer(signedOut);
  renderApp("/");
  fireEvent.click((await screen.findAllByRole("button", { name: "Try for Free" }))[0]!);

  const dialog = await screen.findByRole("dialog", { name: "Create your broker account" });
  type("Email", "ada@example.com", dialog);
  type("Password", "short", dialog);
  type("Confirm password", "short", dialog);
  fireEvent.click(within(dialog).getByRole("button", { name: "Create account" }));

  expect(await within(dialog).findByText("Password must be at least 8 characters")).toBeTruthy();
  await waitFor(() => expect(calls.some((call) => call.path === "/api/auth/signup")).toBe(false));
});

test("signing in after a hero action opens the dashboard with that action", async () => {
  const user = { id: "u1", email: "ada@example.com", firstName: "Ada", lastName: null, profileImageUrl: null };
  let signedIn = false;
  fakeServer((request) => {
    if (request.path === "/api/auth/signin") {
      signedIn = true;
      return json(200, { user, token: "t" });
    }
    if (request.path === "/api/auth/user" && signedIn) return json(200, user);
    return signedOut(request);
  });
  renderApp("/");
  fireEvent.click(await screen.findByRole("button", { name: "Send Document" }));

  const dialog = await screen.findByRole("dialog", { name: "Broker sign in" });
  type("Email", "ada@example.com", dialog);
  type("Password", "correct-horse", dialog);
  fireEvent.click(within(dialog).getByRole("button", { name: "Sign in" }));

  expect(await screen.findByRole("heading", { name: "Dashboard" })).toBeTruthy();
  expect(await screen.findByText("Welcome back!")).toBeTruthy();
  expect(sessionStorage.length).toBe(0);
});

test("logging out says so and returns to the landing page", async () => {
  const user = { id: "u1", email: "ada@example.com", firstName: null, lastName: null, profileImageUrl: null };
  let signedIn = true;
  fakeServer((request) => {
    if (request.path === "/api/auth/signout") {
      signedIn = false;
      return json(200, { message: "Signed out" });
    }
    if (request.path === "/api/auth/user") return signedIn ? json(200, user) : json(401, { message: "Not signed in" });
    return undefined;
  });
  renderApp("/profile");
  fireEvent.click(await screen.findByRole("button", { name: "Account menu for ada@example.com" }));
  fireEvent.click(await screen.findByRole("menuitem", { name: "Log out" }));

  expect(await screen.findByText("Logged out successfully")).toBeTruthy();
  expect(await screen.findByRole("button", { name: "Broker Login" })).toBeTruthy();
});
