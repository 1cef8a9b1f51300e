// The sign-in dialog's two-factor step and single sign-on: the code after the password, the
// "Sign in with <provider>" button (alone under OIDC_ONLY), and the reason a provider sign-in
// failed, on the landing page.
import { expect, test } from "bun:test";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { fakeServer, json, renderApp, signedOut } from "../support/render-app";

const user = { id: "u1", email: "ada@example.com", firstName: "Ada", lastName: null, profileImageUrl: null };
const challenge = { twoFactorRequired: true, challenge: "challenge-token", message: "Enter the code from your authenticator app to finish signing in." };
const noSso = { enabled: false, providerName: null, passwordSignIn: true };

function type(label: string, value: string, scope: HTMLElement) {
  fireEvent.change(within(scope).getByLabelText(new RegExp(`^${label}\\b`)), { target: { value } });
}

async function openSignIn() {
  fireEvent.click(await screen.findByRole("button", { name: "Broker Login" }));
  return screen.findByRole("dialog", { name: "Broker sign in" });
}

test("a right password on an account with two-factor asks for the code; the code signs in", async () => {
  let signedIn = false;
  const calls = fakeServer((request) => {
    if (request.path === "/api/oidc/settings") return json(200, noSso);
    if (request.path === "/api/auth/signin") return json(202, challenge);
    if (request.path === "/api/two-factor/verify") {
      if ((request.body as { code: string }).code !== "654321") return json(401, { message: "That code is not right, or it was already used. Enter the current code from your authenticator app." });
      signedIn = true;
      return json(200, { user, token: "t" });
    }
    if (request.path === "/api/two-factor") return json(200, { enabled: true, required: false, recoveryCodesLeft: 10 });
    if (request.path === "/api/auth/user" && signedIn) return json(200, user);
    return signedOut(request);
  });
  renderApp("/");
  const dialog = await openSignIn();
  type("Email", "ada@example.com", dialog);
  type("Password", "correct-horse", dialog);
  fireEvent.click(within(dialog).getByRole("button", { name: "Sign in" }));

  expect(await within(dialog).findByText(challenge.message)).toBeTruthy();
  // Not signed in yet: the dialog stays, no welcome.
  expect(screen.queryByText("Welcome back!")).toBeNull();

  // The field keeps digits only; a short code is caught before the server.
  type("Authentication code", "12 3", dialog);
  fireEvent.click(within(dialog).getByRole("button", { name: "Verify and sign in" }));
  expect(await within(dialog).findByText("Enter the 6-digit code from your authenticator app")).toBeTruthy();
  expect(calls.some((c) => c.path === "/api/two-factor/verify")).toBe(false);

  type("Authentication code", "111111", dialog);
  fireEvent.click(within(dialog).getByRole("button", { name: "Verify and sign in" }));
  expect((await within(dialog).findByRole("alert")).textContent).toContain("That code is not right");

  type("Authentication code", "654 321", dialog);
  fireEvent.click(within(dialog).getByRole("button", { name: "Verify and sign in" }));
  expect(await screen.findByText("Welcome back!")).toBeTruthy();
  expect(calls.filter((c) => c.path === "/api/two-factor/verify").at(-1)?.body).toEqual({ challenge: "challenge-token", code: "654321" });
});

test("a recovery code can be used instead", async () => {
  const calls = fakeServer((request) => {
    if (request.path === "/api/auth/signin") return json(202, challenge);
    if (request.path === "/api/two-factor/verify") return json(200, { user, token: "t" });
    return signedOut(request);
  });
  renderApp("/");
  const dialog = await openSignIn();
  type("Email", "ada@example.com", dialog);
  type("Password", "correct-horse", dialog);
  fireEvent.click(within(dialog).getByRole("button", { name: "Sign in" }));
  fireEvent.click(await within(dialog).findByRole("button", { name: "Use a recovery code" }));
  type("Recovery code", "abcde-fghij", dialog);
  fireEvent.click(within(dialog).getByRole("button", { name: "Verify and sign in" }));
  await waitFor(() => expect(calls.find((c) => c.path === "/api/two-factor/verify")?.body).toEqual({ challenge: "challenge-token", code: "abcde-fghij" }));
});

test("with a provider configured the dialog offers it beside the password form", async () => {
  fakeServer((request) =>
    request.path === "/api/oidc/settings" ? json(200, { enabled: true, providerName: "Acme ID", passwordSignIn: true }) : signedOut(request),
  );
  renderApp("/");
  const dialog = await openSignIn();
  const link = await within(dialog).findByRole("link", { name: "Sign in with Acme ID" });
  expect(link.getAttribute("href")).toBe("/api/oidc/start");
  expect(within(dialog).getByLabelText(/^Password\b/)).toBeTruthy();
});

test("OIDC_ONLY hides the password form", async () => {
  fakeServer((request) =>
    request.path === "/api/oidc/settings" ? json(200, { enabled: true, providerName: "Acme ID", passwordSignIn: false }) : signedOut(request),
  );
  renderApp("/");
  const dialog = await openSignIn();
  expect(await within(dialog).findByRole("link", { name: "Sign in with Acme ID" })).toBeTruthy();
  expect(within(dialog).queryByLabelText(/^Password\b/)).toBeNull();
  expect(within(dialog).queryByRole("button", { name: "Sign in" })).toBeNull();
});

test("a failed provider sign-in says why on the landing page, and the code leaves the address", async () => {
  fakeServer((request) =>
    request.path === "/api/oidc/settings" ? json(200, { enabled: true, providerName: "Acme ID", passwordSignIn: true }) : signedOut(request),
  );
  renderApp("/?sso_error=email_not_verified");
  const alert = await screen.findByText(/did not confirm that your email address is verified/);
  expect(alert.closest("[role=alert]")?.textContent).toContain("Sign-in failed. Acme ID did not confirm that your email address is verified, so you cannot sign in with it.");
  fireEvent.click(screen.getByRole("button", { name: "Dismiss" }));
  await waitFor(() => expect(screen.queryByText(/did not confirm/)).toBeNull());
});

test("an unknown error code shows nothing", async () => {
  fakeServer(signedOut);
  renderApp("/?sso_error=<script>");
  expect(await screen.findByRole("button", { name: "Broker Login" })).toBeTruthy();
  expect(screen.queryByText(/Sign-in failed/)).toBeNull();
});
