import { describe, expect, test } from "bun:test";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { MAX_NAME_LENGTH } from "../../src/shared/validation";
import { focusInvalidFieldOnSubmit } from "../../web/components/focus-invalid-field";
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
  // A wrong password is the form's business, not an unavailable service.
  expect(screen.queryByText("Service Temporarily Unavailable")).toBeNull();
  expect(calls.find((call) => call.path === "/api/auth/signin")?.body).toEqual({
    email: "ada@example.com",
    password: "wrong-password",
    // The browser's zone, so the broker's emails print times as they read them.
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  });
});

test("an unavailable sign-in service says Service Temporarily Unavailable in a toast (SPEC 8)", async () => {
  fakeServer((request) => (request.path === "/api/auth/signin" ? new Response("", { status: 503 }) : signedOut(request)));
  renderApp("/");
  fireEvent.click(await screen.findByRole("button", { name: "Broker Login" }));
  const dialog = await screen.findByRole("dialog", { name: "Broker sign in" });
  type("Email", "ada@example.com", dialog);
  type("Password", "a password", dialog);
  fireEvent.click(within(dialog).getByRole("button", { name: "Sign in" }));
  const toast = await screen.findByText("Service Temporarily Unavailable");
  expect(within(dialog).queryByText("Service Temporarily Unavailable")).toBeNull(); // the toast, not the form
  expect(toast).toBeTruthy();
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

  // The dashboard opens the dialog the hero asked for (a modal, so the page behind is hidden).
  expect(await screen.findByRole("dialog", { name: "Send Documents" })).toBeTruthy();
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
  fireEvent.click(await screen.findByRole("button", { name: "AD, Account menu for ada@example.com" }));
  fireEvent.click(await screen.findByRole("menuitem", { name: "Log out" }));

  expect(await screen.findByText("Logged out successfully")).toBeTruthy();
  expect(await screen.findByRole("button", { name: "Broker Login" })).toBeTruthy();
});

describe("sign-up with an emailed code", () => {
  const user = { id: "u2", email: "ada@example.com", firstName: "Ada", lastName: null, profileImageUrl: null };
  const sent = { message: "We sent a 6-digit code to ada@example.com. Enter it to finish creating your account.", codeRequired: true };
  const wrong = "That code is wrong or has expired. Check the newest email, or send a new code.";

  async function askForCode(route: Parameters<typeof fakeServer>[0]) {
    const calls = fakeServer(route);
    renderApp("/");
    fireEvent.click((await screen.findAllByRole("button", { name: "Try for Free" }))[0]!);
    const dialog = await screen.findByRole("dialog", { name: "Create your broker account" });
    type("First name", "Ada", dialog);
    type("Email", "ada@example.com", dialog);
    type("Password", "long enough pw", dialog);
    type("Confirm password", "long enough pw", dialog);
    fireEvent.click(within(dialog).getByRole("button", { name: "Create account" }));
    const codeField = await within(dialog).findByLabelText(/^6-digit code/);
    return { calls, dialog, codeField: codeField as HTMLInputElement };
  }

  test("asks for the code in the same dialog, then creates the account with it", async () => {
    let signedIn = false;
    const { calls, dialog, codeField } = await askForCode((request) => {
      if (request.path === "/api/auth/signup") {
        if (!(request.body as { code?: string }).code) return json(202, sent);
        signedIn = true;
        return json(201, { user, token: "t" });
      }
      if (request.path === "/api/auth/user" && signedIn) return json(200, user);
      return signedOut(request);
    });

    expect(within(dialog).getByText(sent.message)).toBeTruthy();
    expect(codeField.getAttribute("autocomplete")).toBe("one-time-code");
    expect(codeField.getAttribute("inputmode")).toBe("numeric");
    // Keyboard users land in the code field.
    await waitFor(() => expect(document.activeElement === codeField).toBe(true));

    fireEvent.change(codeField, { target: { value: " 123 456 " } });
    fireEvent.submit(codeField.closest("form")!); // Enter in the field
    // The dashboard loads its lazy route first: past findBy's 1 s default on a busy machine (CI).
    expect(await screen.findByRole("heading", { name: "Dashboard" }, { timeout: 5000 })).toBeTruthy();
    expect(await screen.findByText("Account Created!")).toBeTruthy();
    expect(calls.filter((call) => call.path === "/api/auth/signup").map((call) => call.body)).toEqual([
      { email: "ada@example.com", password: "long enough pw", firstName: "Ada", timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone },
      { email: "ada@example.com", password: "long enough pw", firstName: "Ada", code: "123456", timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone },
    ]);
  });

  test("a wrong code shows the server's message; Send a new code asks again and clears the field", async () => {
    const { calls, dialog, codeField } = await askForCode((request) => {
      if (request.path === "/api/auth/signup") return (request.body as { code?: string }).code ? json(400, { message: wrong }) : json(202, sent);
      return signedOut(request);
    });
    fireEvent.change(codeField, { target: { value: "000000" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Verify and create account" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe(wrong);

    fireEvent.click(within(dialog).getByRole("button", { name: "Send a new code" }));
    expect(await within(dialog).findByText("We sent a new code to ada@example.com.")).toBeTruthy();
    expect(codeField.value).toBe("");
    expect(within(dialog).queryByRole("alert")).toBeNull();
    expect(calls.filter((call) => call.path === "/api/auth/signup").map((call) => (call.body as { code?: string }).code)).toEqual([
      undefined,
      "000000",
      undefined,
    ]);
  });

  test("a code that is not 6 digits is refused before calling the server", async () => {
    const { calls, dialog, codeField } = await askForCode((request) =>
      request.path === "/api/auth/signup" ? json(202, sent) : signedOut(request),
    );
    fireEvent.change(codeField, { target: { value: "12a" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Verify and create account" }));
    expect(await within(dialog).findByText("Enter the 6-digit code from the email we sent")).toBeTruthy();
    expect(calls.filter((call) => call.path === "/api/auth/signup").length).toBe(1);
  });
});

test("sign-up: names stop at their limit; a refused submit puts focus on the first field to fix, which names its error (main.tsx installs this for every form)", async () => {
  const uninstall = focusInvalidFieldOnSubmit(document);
  try {
    fakeServer(signedOut);
    renderApp("/");
    fireEvent.click((await screen.findAllByRole("button", { name: "Try for Free" }))[0]!);
    const dialog = await screen.findByRole("dialog", { name: "Create your broker account" });
    // Names longer than the server takes cannot be typed (they were refused only after submit).
    for (const label of ["First name", "Last name"]) expect(within(dialog).getByLabelText(label).getAttribute("maxlength")).toBe(String(MAX_NAME_LENGTH));
    type("Email", "ada@example.com", dialog);
    type("Password", "short", dialog);
    const submit = within(dialog).getByRole("button", { name: "Create account" });
    submit.focus();
    fireEvent.click(submit);

    const password = within(dialog).getByLabelText(/^Password\b/);
    await within(dialog).findByText("Password must be at least 8 characters");
    await new Promise((resolve) => setTimeout(resolve, 10)); // the focus moves a task after the submit
    expect(document.activeElement).toBe(password);
    expect(password.getAttribute("aria-invalid")).toBe("true");
    const describedBy = (password.getAttribute("aria-describedby") ?? "").split(" ").map((id) => document.getElementById(id)?.textContent);
    expect(describedBy).toContain("Password must be at least 8 characters");
  } finally {
    uninstall();
  }
});
