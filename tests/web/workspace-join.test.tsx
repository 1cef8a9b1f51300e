// The invitation link's page (/join/{token}): who is invited where, then a name and a password
// make the account and land on the dashboard; a link that no longer works says so at once.
import { afterEach, expect, test } from "bun:test";
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { fakeServer, json, renderApp, signedOut } from "../support/render-app";

afterEach(cleanup);

const bea = { id: "u2", email: "bea@acme.example", firstName: "Bea", lastName: "Broker", profileImageUrl: null, workspaceId: "w1", role: "broker" };

test("shows the workspace and the email, checks the password, joins and lands on the dashboard", async () => {
  let joined = false;
  const calls = fakeServer((request) => {
    if (request.path === "/api/workspace/join/tok_1") return json(200, { email: "bea@acme.example", workspaceName: "Acme Lending", role: "broker" });
    if (request.path === "/api/workspace/join") {
      joined = true;
      return json(201, { user: bea, token: "session" });
    }
    if (request.path === "/api/auth/user" && joined) return json(200, bea);
    return signedOut(request);
  });
  renderApp("/join/tok_1");
  expect(await screen.findByRole("heading", { name: "Join your team" })).toBeTruthy();
  expect(await screen.findByText("Acme Lending")).toBeTruthy();
  expect(screen.getByText("bea@acme.example")).toBeTruthy();

  fireEvent.change(screen.getByLabelText(/^First name/), { target: { value: "Bea" } });
  fireEvent.change(screen.getByLabelText(/^Last name/), { target: { value: "Broker" } });
  const password = screen.getByLabelText(/^Password/);
  fireEvent.change(password, { target: { value: "short" } });
  fireEvent.click(screen.getByRole("button", { name: "Create account and join" }));
  expect(await screen.findByText("Password must be at least 8 characters")).toBeTruthy();
  expect(calls.some((c) => c.path === "/api/workspace/join")).toBe(false);

  fireEvent.change(password, { target: { value: "a long enough password" } });
  fireEvent.click(screen.getByRole("button", { name: "Create account and join" }));
  expect(await screen.findByRole("heading", { name: "Dashboard" }, { timeout: 5000 })).toBeTruthy();
  expect(calls.find((c) => c.path === "/api/workspace/join")?.body).toEqual({ token: "tok_1", password: "a long enough password", firstName: "Bea", lastName: "Broker" });
});

test("an invalid or used link says so as the page opens, without the form", async () => {
  fakeServer((request) =>
    request.path === "/api/workspace/join/used"
      ? json(404, { message: "This invitation link is invalid, expired or already used. Ask the workspace's owner for a new one." })
      : signedOut(request),
  );
  renderApp("/join/used");
  expect(await screen.findByText(/This invitation link is invalid, expired or already used\./)).toBeTruthy();
  expect(screen.queryByRole("button", { name: "Create account and join" })).toBeNull();
  expect(document.querySelectorAll("input[type=password]")).toHaveLength(0);
  expect(screen.getByRole("link", { name: "Go to sign in" })).toBeTruthy();
});

test("an email that already has an account is told so, and stays on the page", async () => {
  fakeServer((request) => {
    if (request.path === "/api/workspace/join/tok_2") return json(200, { email: "solo@other.example", workspaceName: "Acme Lending", role: "assistant" });
    if (request.path === "/api/workspace/join") return json(409, { message: "This email already has an account in another workspace. Its owner can remove it from there, then this invitation works; an account is never moved automatically." });
    return signedOut(request);
  });
  renderApp("/join/tok_2");
  expect(await screen.findByText(/as an assistant/)).toBeTruthy();
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: "a long enough password" } });
  fireEvent.click(screen.getByRole("button", { name: "Create account and join" }));
  expect(await screen.findByText(/never moved automatically/)).toBeTruthy();
});

test("a returning account with two-factor on finishes with its code, never with the link alone", async () => {
  let verified = false;
  const challenge = { twoFactorRequired: true, challenge: "challenge-token", message: "Enter the code from your authenticator app to finish signing in." };
  const calls = fakeServer((request) => {
    if (request.path === "/api/workspace/join/tok_3") return json(200, { email: "bea@acme.example", workspaceName: "Acme Lending", role: "broker" });
    if (request.path === "/api/workspace/join") return json(202, challenge);
    if (request.path === "/api/two-factor/verify") {
      verified = true;
      return json(200, { user: bea, token: "t" });
    }
    if (request.path === "/api/auth/user" && verified) return json(200, bea);
    return signedOut(request);
  });
  renderApp("/join/tok_3");
  fireEvent.change(await screen.findByLabelText(/^Password/), { target: { value: "a long enough password" } });
  fireEvent.click(screen.getByRole("button", { name: "Create account and join" }));
  expect(await screen.findByText(challenge.message)).toBeTruthy();
  expect(screen.queryByRole("heading", { name: "Dashboard" })).toBeNull();

  fireEvent.change(screen.getByLabelText(/^Authentication code/), { target: { value: "654321" } });
  fireEvent.click(screen.getByRole("button", { name: "Verify and sign in" }));
  expect(await screen.findByRole("heading", { name: "Dashboard" }, { timeout: 5000 })).toBeTruthy();
  expect(calls.find((c) => c.path === "/api/two-factor/verify")?.body).toEqual({ challenge: "challenge-token", code: "654321" });
});
