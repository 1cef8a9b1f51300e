// SPEC 2: the landing hero's Request Document and Send Document, ?action=… on /dashboard and the
// stored pending action that survives signing in or signing up.
import { expect, test } from "bun:test";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { storePendingAction } from "../../web/features/auth/pending-action";
import { fakeServer, json, signedOut, type FakeRoute } from "../support/render-app";
import { brokerServer, customer, broker } from "./customers-fixtures";
import { currentLocation, renderPortal } from "./portal-fixtures";

const jane = customer({ id: "c1", name: "Jane Doe", email: "jane@example.com" });
const sharing: FakeRoute = (request) => {
  if (request.path === "/api/documents/share/settings") return json(200, { maxFileBytes: 10 * 1024 * 1024, maxFiles: 20, maxRecipients: 500 });
  if (request.path === "/api/shared-documents") return json(200, []);
  return undefined;
};

function type(label: string, value: string, scope: HTMLElement) {
  fireEvent.change(within(scope).getByLabelText(new RegExp(`^${label}\\b`)), { target: { value } });
}

test("?action=share-document opens Send Documents once and resets the URL to /dashboard", async () => {
  fakeServer(brokerServer([jane], undefined, sharing));
  renderPortal("/dashboard?action=share-document");
  expect(await screen.findByRole("dialog", { name: "Send Documents" })).toBeTruthy();
  await waitFor(() => expect(currentLocation()).toBe("/dashboard"));
  fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
  await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
});

test("?action=request-document opens Request New Document", async () => {
  fakeServer(brokerServer([jane], undefined, sharing));
  renderPortal("/dashboard?action=request-document");
  expect(await screen.findByRole("dialog", { name: "Request New Document" })).toBeTruthy();
  await waitFor(() => expect(currentLocation()).toBe("/dashboard"));
});

test("a stored pending action opens its dialog on /dashboard and is forgotten", async () => {
  fakeServer(brokerServer([jane], undefined, sharing));
  storePendingAction("share-document");
  renderPortal("/dashboard");
  expect(await screen.findByRole("dialog", { name: "Send Documents" })).toBeTruthy();
  expect(sessionStorage.length).toBe(0);
});

test("signed in, the hero's Send Document goes to /dashboard?action=share-document and the dialog opens", async () => {
  fakeServer(brokerServer([jane], undefined, sharing));
  renderPortal("/");
  fireEvent.click(await screen.findByRole("button", { name: "Send Document" }));
  expect(await screen.findByRole("dialog", { name: "Send Documents" })).toBeTruthy();
  await waitFor(() => expect(currentLocation()).toBe("/dashboard"));
});

/** Signed out until the sign-in or sign-up call succeeds. */
function signingInServer(): FakeRoute {
  let signedIn = false;
  const inside = brokerServer([jane], undefined, sharing);
  return (request) => {
    if (request.path === "/api/auth/signin" || request.path === "/api/auth/signup") {
      signedIn = true;
      return json(request.path === "/api/auth/signup" ? 201 : 200, { user: broker, token: "t" });
    }
    return signedIn ? inside(request) : signedOut(request);
  };
}

test("signed out, Send Document asks to sign in; after signing in the dashboard opens Send Documents", async () => {
  fakeServer(signingInServer());
  renderPortal("/");
  fireEvent.click(await screen.findByRole("button", { name: "Send Document" }));
  const modal = await screen.findByRole("dialog", { name: "Broker sign in" });
  type("Email", "ada@example.com", modal);
  type("Password", "correct-horse", modal);
  fireEvent.click(within(modal).getByRole("button", { name: "Sign in" }));
  expect(await screen.findByRole("dialog", { name: "Send Documents" })).toBeTruthy();
  await waitFor(() => expect(currentLocation()).toBe("/dashboard"));
});

test("signed out, Request Document then signing up opens Request New Document", async () => {
  fakeServer(signingInServer());
  renderPortal("/");
  fireEvent.click(await screen.findByRole("button", { name: "Request Document" }));
  const modal = await screen.findByRole("dialog", { name: "Broker sign in" });
  fireEvent.click(within(modal).getByRole("button", { name: "Create account" }));
  const signup = await screen.findByRole("dialog", { name: "Create your broker account" });
  type("Email", "ada@example.com", signup);
  type("Password", "long enough pw", signup);
  type("Confirm password", "long enough pw", signup);
  fireEvent.click(within(signup).getByRole("button", { name: "Create account" }));
  expect(await screen.findByRole("dialog", { name: "Request New Document" })).toBeTruthy();
});

test("closing the sign-in modal abandons the stored action", async () => {
  fakeServer(signingInServer());
  renderPortal("/");
  fireEvent.click(await screen.findByRole("button", { name: "Send Document" }));
  const modal = await screen.findByRole("dialog", { name: "Broker sign in" });
  fireEvent.click(within(modal).getByRole("button", { name: "Close" }));
  await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  expect(sessionStorage.length).toBe(0);
});
