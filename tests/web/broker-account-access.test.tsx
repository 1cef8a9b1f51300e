// The signed-out broker's account paths: Forgot password? in the sign-in dialog, the emailed
// link's page, and the landing footer's operator settings.
import { afterEach, expect, test } from "bun:test";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { fakeServer, json, renderApp, signedOut } from "../support/render-app";

afterEach(cleanup);

test("Forgot password? asks for a reset link for the typed email", async () => {
  const calls = fakeServer((request) =>
    request.path === "/api/auth/forgot-password" ? json(200, { message: "If an account exists for this email, we sent a link to reset the password." }) : signedOut(request),
  );
  renderApp("/");
  fireEvent.click(await screen.findByRole("button", { name: "Broker Login" }));
  const dialog = await screen.findByRole("dialog", { name: "Broker sign in" });
  fireEvent.change(within(dialog).getByLabelText(/^Email\b/), { target: { value: "ada@example.com" } });
  fireEvent.click(within(dialog).getByRole("button", { name: "Forgot password?" }));
  fireEvent.click(await within(dialog).findByRole("button", { name: "Send reset link" }));
  expect(await within(dialog).findByText("If an account exists for this email, we sent a link to reset the password.")).toBeTruthy();
  expect(calls.find((c) => c.path === "/api/auth/forgot-password")?.body).toEqual({ email: "ada@example.com" });
  fireEvent.click(within(dialog).getByRole("button", { name: "Back to sign in" }));
  expect(await within(dialog).findByRole("button", { name: "Sign in" })).toBeTruthy();
});

test("the reset link's page takes the token out of the address and sets the new password", async () => {
  const calls = fakeServer((request) =>
    request.path === "/api/auth/reset-password"
      ? json(200, { message: "Your password has been reset. You can sign in now." })
      : request.path === "/api/auth/reset-password/tok_123"
        ? json(200, { valid: true })
        : signedOut(request),
  );
  renderApp("/reset-password?token=tok_123");
  expect(await screen.findByRole("heading", { name: "Choose a new password" })).toBeTruthy();
  await screen.findByRole("button", { name: "Set new password" });
  const inputs = document.querySelectorAll("input[type=password]");
  fireEvent.change(inputs[0]!, { target: { value: "short" } });
  fireEvent.change(inputs[1]!, { target: { value: "short" } });
  fireEvent.click(screen.getByRole("button", { name: "Set new password" }));
  expect(await screen.findByText("Password must be at least 8 characters")).toBeTruthy();
  expect(calls.some((c) => c.path === "/api/auth/reset-password")).toBe(false);

  fireEvent.change(inputs[0]!, { target: { value: "a long new password" } });
  fireEvent.change(inputs[1]!, { target: { value: "a long new password" } });
  fireEvent.click(screen.getByRole("button", { name: "Set new password" }));
  expect(await screen.findByText(/Your password has been reset/)).toBeTruthy();
  expect(calls.find((c) => c.path === "/api/auth/reset-password")?.body).toEqual({ token: "tok_123", newPassword: "a long new password" });
});

test("a used reset link says so as the page opens, without showing the form", async () => {
  const calls = fakeServer((request) =>
    request.path === "/api/auth/reset-password/used_tok"
      ? json(404, { message: "Invalid reset token - The reset link is invalid or expired." })
      : signedOut(request),
  );
  renderApp("/reset-password?token=used_tok");
  expect(await screen.findByText(/Invalid reset token - The reset link is invalid or expired\./)).toBeTruthy();
  expect(screen.queryByRole("button", { name: "Set new password" })).toBeNull();
  expect(document.querySelectorAll("input[type=password]")).toHaveLength(0);
  expect(screen.getByRole("link", { name: "Go to sign in" })).toBeTruthy();
  expect(calls.some((c) => c.method === "POST")).toBe(false);
});

test("the footer shows the operator's support address and pages, never a placeholder", async () => {
  fakeServer((request) =>
    request.path === "/api/site"
      ? json(200, { supportEmail: "help@brokerage.example", termsUrl: "https://brokerage.example/terms", privacyUrl: null, contactUrl: null })
      : signedOut(request),
  );
  renderApp("/");
  const footer = (await screen.findByRole("navigation", { name: "Footer" })).closest("footer") as HTMLElement;
  await waitFor(() => expect(within(footer).getByRole("link", { name: "help@brokerage.example" }).getAttribute("href")).toBe("mailto:help@brokerage.example"));
  expect(within(footer).getByRole("link", { name: "Terms" }).getAttribute("href")).toBe("https://brokerage.example/terms");
  expect(within(footer).getByRole("button", { name: "Privacy" })).toBeTruthy();
  expect(within(footer).getByRole("link", { name: "Contact" }).getAttribute("href")).toBe("mailto:help@brokerage.example");
  expect(footer.textContent).not.toContain("example.com");
});

test("with nothing configured the footer offers no address and no Contact link", async () => {
  fakeServer((request) =>
    request.path === "/api/site" ? json(200, { supportEmail: null, termsUrl: null, privacyUrl: null, contactUrl: null }) : signedOut(request),
  );
  renderApp("/");
  const footer = (await screen.findByRole("navigation", { name: "Footer" })).closest("footer") as HTMLElement;
  await waitFor(() => expect(within(footer).queryByText(/Support:/)).toBeNull());
  expect(within(footer).queryByRole("link", { name: "Contact" })).toBeNull();
  expect(footer.textContent).not.toContain("@");
});
