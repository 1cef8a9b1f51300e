import { afterEach, beforeEach, expect, test } from "bun:test";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { fakeServer, json, type FakeRoute } from "../support/render-app";
import { guestPortal, LINK, portalRoute, profile, renderPortal, signedInPortal } from "./portal-fixtures";

beforeEach(() => localStorage.clear());
afterEach(() => localStorage.clear());

// Required fields' labels end in an aria-hidden "*": match the start of the label.
function type(scope: HTMLElement, label: string, value: string) {
  fireEvent.change(within(scope).getByLabelText(new RegExp(`^${label}`)), { target: { value } });
}

/** A customer server: check-email answers `account`; sign-in accepts `password`. */
function accountServer(account: { exists: boolean; hasPassword: boolean }, password = "correct-horse") {
  const state = { portal: guestPortal() };
  const route: FakeRoute = ({ method, path, body }) => {
    const input = body as Record<string, string>;
    if (method !== "POST") return undefined;
    if (path === "/api/customer/check-email") return json(200, account);
    if (path === "/api/customer/signin") {
      if (input.password !== password) return json(401, { message: "Invalid email or password" });
      state.portal = signedInPortal();
      return json(200, { customer: profile });
    }
    if (path === "/api/customer/signup") {
      if (!input.code) return json(202, { message: `We sent a 6-digit code to ${input.email}. Enter it to finish setting your password.`, codeRequired: true });
      if (input.code !== "123456") return json(400, { message: "That code is not right. Check the email we sent and try again." });
      state.portal = signedInPortal();
      return json(201, { customer: profile });
    }
    if (path === "/api/customer/forgot-password") {
      return json(200, { message: "If an account exists for this email, we sent a link to reset the password." });
    }
    return undefined;
  };
  const calls = fakeServer(portalRoute(state, route));
  return { calls, state };
}

async function openSignIn() {
  renderPortal();
  fireEvent.click(await screen.findByRole("button", { name: "Sign In" }));
  return screen.findByRole("dialog", { name: "Sign In" });
}

async function continueWith(dialog: HTMLElement, email: string) {
  type(dialog, "Email", email);
  fireEvent.click(within(dialog).getByRole("button", { name: "Continue" }));
}

test("email-check refuses an invalid address without calling the server", async () => {
  const { calls } = accountServer({ exists: true, hasPassword: true });
  const dialog = await openSignIn();
  await continueWith(dialog, "grace@");
  expect(await within(dialog).findByText("Please enter a valid email address")).toBeTruthy();
  expect(calls.some((call) => call.path === "/api/customer/check-email")).toBe(false);
});

test("an email that is not this link's customer gives a toast and stays on email-check", async () => {
  const { calls } = accountServer({ exists: false, hasPassword: false });
  const dialog = await openSignIn();
  await continueWith(dialog, "someone@example.com");
  expect(await screen.findByText("Email Not Found")).toBeTruthy();
  expect(within(dialog).getByLabelText(/^Email/)).toBeTruthy();
  expect(within(dialog).queryByLabelText(/^Password/)).toBeNull();
  expect(calls.find((call) => call.path === "/api/customer/check-email")?.body).toEqual({
    email: "someone@example.com",
    uploadLink: LINK,
  });
});

test("an email with a password goes to sign-in: required password, failure toast, then Welcome back!", async () => {
  const { calls } = accountServer({ exists: true, hasPassword: true });
  const dialog = await openSignIn();
  await continueWith(dialog, "grace@example.com");
  await within(dialog).findByLabelText(/^Password/);
  expect(within(dialog).getByText("grace@example.com")).toBeTruthy();

  fireEvent.click(within(dialog).getByRole("button", { name: "Sign In" }));
  expect(await within(dialog).findByText("Password is required")).toBeTruthy();
  expect(calls.some((call) => call.path === "/api/customer/signin")).toBe(false);

  type(dialog, "Password", "wrong-password");
  fireEvent.click(within(dialog).getByRole("button", { name: "Sign In" }));
  expect(await screen.findByText("Sign In Failed")).toBeTruthy();
  expect(screen.getByText("Invalid email or password. Please try again.")).toBeTruthy();

  type(dialog, "Password", "correct-horse");
  fireEvent.click(within(dialog).getByRole("button", { name: "Sign In" }));
  expect(await screen.findByText("Welcome back!")).toBeTruthy();
  await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  expect(screen.getByRole("progressbar", { name: "Upload Status" })).toBeTruthy();
  expect(calls.filter((call) => call.path === "/api/customer/signin").at(-1)?.body).toEqual({
    email: "grace@example.com",
    password: "correct-horse",
    uploadLink: LINK,
  });
});

test("too many attempts show the server's message", async () => {
  const state = { portal: guestPortal() };
  fakeServer(
    portalRoute(state, ({ path }) => {
      if (path === "/api/customer/check-email") return json(200, { exists: true, hasPassword: true });
      if (path === "/api/customer/signin") return json(429, { message: "Too many sign-in attempts. Try again in 15 minutes." });
      return undefined;
    }),
  );
  const dialog = await openSignIn();
  await continueWith(dialog, "grace@example.com");
  await within(dialog).findByLabelText(/^Password/);
  type(dialog, "Password", "whatever");
  fireEvent.click(within(dialog).getByRole("button", { name: "Sign In" }));
  expect(await screen.findByText("Too many sign-in attempts. Try again in 15 minutes.")).toBeTruthy();
});

test("an email without a password goes to sign-up, which checks length and confirmation, then asks for the emailed code", async () => {
  const { calls } = accountServer({ exists: true, hasPassword: false });
  const dialog = await openSignIn();
  await continueWith(dialog, "grace@example.com");
  const create = await screen.findByRole("dialog", { name: "Create Your Account" });
  const submit = (name: string) => fireEvent.click(within(create).getByRole("button", { name }));
  const signUpCalls = () => calls.filter((call) => call.path === "/api/customer/signup");

  type(create, "Password", "short");
  submit("Continue");
  expect(await within(create).findByText("Password must be at least 8 characters")).toBeTruthy();
  expect(within(create).getByText("Please confirm your password")).toBeTruthy();

  type(create, "Password", "long-enough");
  type(create, "Confirm password", "long-enougH");
  submit("Continue");
  expect(await within(create).findByText("Passwords don't match")).toBeTruthy();
  expect(signUpCalls()).toHaveLength(0);

  type(create, "Confirm password", "long-enough");
  submit("Continue");
  expect(await within(create).findByText("We sent a 6-digit code to grace@example.com. Enter it to finish setting your password.")).toBeTruthy();
  expect(signUpCalls()[0]?.body).toEqual({ email: "grace@example.com", password: "long-enough", uploadLink: LINK });

  // The code field: a one-time-code numeric input, with the format and the server's verdict under it.
  const field = within(create).getByLabelText(/^6-digit code/) as HTMLInputElement;
  expect(field.getAttribute("autocomplete")).toBe("one-time-code");
  expect(field.getAttribute("inputmode")).toBe("numeric");
  submit("Create Account");
  expect(await within(create).findByText("Enter the 6-digit code from the email we sent")).toBeTruthy();
  type(create, "6-digit code", "654321");
  submit("Create Account");
  expect(await within(create).findByText("That code is not right. Check the email we sent and try again.")).toBeTruthy();

  type(create, "6-digit code", "123456");
  submit("Create Account");
  expect(await screen.findByText("Account Created!")).toBeTruthy();
  expect(signUpCalls().at(-1)?.body).toEqual({ email: "grace@example.com", password: "long-enough", uploadLink: LINK, code: "123456" });
  expect(await screen.findByRole("button", { name: "GH, Account menu for Grace Hopper" })).toBeTruthy();
  // Just created: greeted, not welcomed back.
  expect(screen.getByRole("heading", { name: "Welcome, Grace" })).toBeTruthy();
  expect(screen.queryByText(/Welcome back/)).toBeNull();
});

test("sign-up offers sign-in for a customer who already has a password", async () => {
  accountServer({ exists: true, hasPassword: false });
  const dialog = await openSignIn();
  await continueWith(dialog, "grace@example.com");
  const create = await screen.findByRole("dialog", { name: "Create Your Account" });
  fireEvent.click(within(create).getByRole("button", { name: "Already have a password? Sign in" }));
  const signIn = await screen.findByRole("dialog", { name: "Sign In" });
  expect(within(signIn).getByLabelText(/^Password/)).toBeTruthy();
});

test("forgot password sends the link and returns to sign-in", async () => {
  const { calls } = accountServer({ exists: true, hasPassword: true });
  const dialog = await openSignIn();
  await continueWith(dialog, "grace@example.com");
  fireEvent.click(await within(dialog).findByRole("button", { name: "Forgot password?" }));
  const reset = await screen.findByRole("dialog", { name: "Reset Your Password" });
  fireEvent.click(within(reset).getByRole("button", { name: "Send Reset Link" }));
  expect(await screen.findByText("Reset Link Sent")).toBeTruthy();
  const back = await screen.findByRole("dialog", { name: "Sign In" });
  expect(within(back).getByLabelText(/^Password/)).toBeTruthy();
  expect(calls.find((call) => call.path === "/api/customer/forgot-password")?.body).toEqual({
    email: "grace@example.com",
    uploadLink: LINK,
  });
});

test("Use Different Email goes back to email-check; Continue as Guest closes with a toast", async () => {
  accountServer({ exists: true, hasPassword: true });
  const dialog = await openSignIn();
  await continueWith(dialog, "grace@example.com");
  fireEvent.click(await within(dialog).findByRole("button", { name: "Use Different Email" }));
  expect(await within(dialog).findByRole("button", { name: "Continue" })).toBeTruthy();
  expect(within(dialog).queryByLabelText(/^Password/)).toBeNull();

  fireEvent.click(within(dialog).getByRole("button", { name: "Continue as Guest" }));
  expect(await screen.findByText("Continuing as guest")).toBeTruthy();
  await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  expect(screen.getByRole("heading", { name: "Welcome, Grace" })).toBeTruthy();
});

test("a used reset link says so as the dialog opens, before any password is typed", async () => {
  const calls = fakeServer(
    portalRoute({ portal: guestPortal() }, ({ path }) =>
      path === "/api/customer/reset-password/used-tok" ? json(404, { message: "Invalid reset token - The reset link is invalid or expired." }) : undefined,
    ),
  );
  renderPortal(`/upload/${LINK}?reset=used-tok`);
  const dialog = await screen.findByRole("dialog", { name: "Set a New Password" });
  expect(await within(dialog).findByText("Invalid reset token - The reset link is invalid or expired.")).toBeTruthy();
  expect(within(dialog).queryByRole("button", { name: "Reset Password" })).toBeNull();
  expect(dialog.querySelectorAll("input[type=password]")).toHaveLength(0);
  expect(calls.some((call) => call.method === "POST" && call.path === "/api/customer/reset-password")).toBe(false);
});

test("the reset dialog checks length and confirmation, reports failures, and leads to sign-in", async () => {
  let accept = false;
  const calls = fakeServer(
    portalRoute({ portal: guestPortal() }, ({ path }) => {
      if (path === "/api/customer/reset-password/tok-123") return json(200, { valid: true });
      if (path !== "/api/customer/reset-password") return undefined;
      return accept
        ? json(200, { message: "Your password has been reset. You can sign in now." })
        : json(400, { message: "Invalid reset token - The reset link is invalid or expired." });
    }),
  );
  renderPortal(`/upload/${LINK}?reset=tok-123`);
  const dialog = await screen.findByRole("dialog", { name: "Set a New Password" });
  await within(dialog).findByRole("button", { name: "Reset Password" });
  const submit = () => fireEvent.click(within(dialog).getByRole("button", { name: "Reset Password" }));

  type(dialog, "New password", "12345");
  submit();
  expect(await within(dialog).findByText("Password must be at least 6 characters long")).toBeTruthy();

  type(dialog, "New password", "123456");
  type(dialog, "Confirm new password", "654321");
  submit();
  expect(await within(dialog).findByText("Passwords don't match")).toBeTruthy();
  expect(calls.some((call) => call.path === "/api/customer/reset-password")).toBe(false);

  type(dialog, "Confirm new password", "123456");
  submit();
  expect(await screen.findByText("Reset Failed")).toBeTruthy();
  expect(screen.getByText("Invalid reset token - The reset link is invalid or expired.")).toBeTruthy();
  expect(calls.find((call) => call.path === "/api/customer/reset-password")?.body).toEqual({ token: "tok-123", newPassword: "123456" });

  accept = true;
  submit();
  expect(await screen.findByText("Password Reset")).toBeTruthy();
  expect(await screen.findByRole("dialog", { name: "Sign In" })).toBeTruthy();
});

test("an empty reset token says the link is invalid", async () => {
  fakeServer(portalRoute({ portal: guestPortal() }));
  renderPortal(`/upload/${LINK}?reset=`);
  const dialog = await screen.findByRole("dialog", { name: "Set a New Password" });
  expect(within(dialog).getByRole("alert").textContent).toBe("Invalid reset token - The reset link is invalid or expired.");
});
