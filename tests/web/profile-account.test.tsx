import { afterEach, expect, test } from "bun:test";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { fakeServer, json, renderApp } from "../support/render-app";
import { broker, brokerServer } from "./customers-fixtures";

afterEach(cleanup);

const profile = {
  id: "u1",
  email: "ada@example.com",
  firstName: "Ada",
  lastName: "Lovelace",
  company: null,
  phone: null,
  contactEmail: null,
  accentColor: null,
  timeZone: "UTC",
  logoUrl: null,
  canEditBranding: true,
  brandingOwners: ["Ada Lovelace"],
};

function server(extra: Parameters<typeof brokerServer>[2] = () => undefined) {
  let saved = { ...profile };
  return fakeServer(
    brokerServer([], undefined, (request) => {
      const answered = extra(request);
      if (answered) return answered;
      if (request.path === "/api/profile" && request.method === "GET") return json(200, saved);
      if (request.path === "/api/profile" && request.method === "PUT") {
        saved = { ...saved, ...(request.body as object) };
        return json(200, saved);
      }
      return undefined;
    }),
  );
}

const card = async (name: string) => (await screen.findByRole("heading", { name })).closest("section") as HTMLElement;
const field = (scope: HTMLElement, label: string) => within(scope).getByRole("textbox", { name: label }) as HTMLInputElement;

test("the contact and branding card saves the member's phone and contact email, and the owner's company and accent colour", async () => {
  const calls = server();
  renderApp("/profile");
  const section = await card("Contact and branding");
  await waitFor(() => expect(field(section, "First name").value).toBe("Ada"));
  fireEvent.change(within(section).getByRole("textbox", { name: "Phone" }), { target: { value: "+1 555 010 2030" } });
  fireEvent.change(field(section, "Contact email"), { target: { value: "desk@analytical.example" } });
  fireEvent.click(within(section).getByRole("button", { name: "Save profile" }));
  await waitFor(() => expect(calls.some((c) => c.method === "PUT" && c.path === "/api/profile")).toBe(true));
  const contact = calls.find((c) => c.method === "PUT")!;
  expect(contact.body).toEqual({ firstName: "Ada", lastName: "Lovelace", phone: "+1 555 010 2030", contactEmail: "desk@analytical.example", timeZone: "UTC" });

  fireEvent.change(field(section, "Company"), { target: { value: "Analytical Loans" } });
  fireEvent.change(field(section, "Accent colour"), { target: { value: "#0f766e" } });
  fireEvent.click(within(section).getByRole("button", { name: "Save branding" }));
  await waitFor(() => expect(calls.filter((c) => c.method === "PUT").length).toBe(2));
  expect(calls.filter((c) => c.method === "PUT")[1]!.body).toEqual({ company: "Analytical Loans", accentColor: "#0f766e" });
});

test("a bad phone or colour is refused before sending, with the server's own message", async () => {
  const calls = server();
  renderApp("/profile");
  const section = await card("Contact and branding");
  await waitFor(() => expect(field(section, "First name").value).toBe("Ada"));
  fireEvent.change(within(section).getByRole("textbox", { name: "Phone" }), { target: { value: "call me" } });
  fireEvent.click(within(section).getByRole("button", { name: "Save profile" }));
  expect(await within(section).findByText("Enter a phone number of digits, spaces and + ( ) - . only")).toBeTruthy();
  fireEvent.change(field(section, "Accent colour"), { target: { value: "red" } });
  fireEvent.click(within(section).getByRole("button", { name: "Save branding" }));
  expect(await within(section).findByText("The accent colour must be a hex colour such as #1d4ed8")).toBeTruthy();
  expect(calls.some((c) => c.method === "PUT")).toBe(false);
});

test("change password sends the current and new password and says the other sessions ended", async () => {
  const calls = server(({ path }) => (path === "/api/auth/change-password" ? json(200, { message: "ok", sessionsEnded: 2 }) : undefined));
  renderApp("/profile");
  const details = await card("Account Details");
  fireEvent.click(within(details).getByRole("button", { name: "Change password" }));
  const dialog = await screen.findByRole("dialog", { name: "Change password" });
  const inputs = dialog.querySelectorAll("input[type=password]");
  fireEvent.change(inputs[0]!, { target: { value: "old password" } });
  fireEvent.change(inputs[1]!, { target: { value: "brand new password" } });
  fireEvent.change(inputs[2]!, { target: { value: "brand new password" } });
  fireEvent.click(within(dialog).getByRole("button", { name: "Change password" }));
  await waitFor(() => expect(calls.some((c) => c.path === "/api/auth/change-password")).toBe(true));
  expect(calls.find((c) => c.path === "/api/auth/change-password")!.body).toEqual({ currentPassword: "old password", newPassword: "brand new password" });
  expect(await screen.findByText("Signed out 2 other sessions.")).toBeTruthy();
});

test("change email: the password asks for a code, the code changes the email shown", async () => {
  let user = broker;
  const calls = server(({ path, body }) => {
    if (path === "/api/auth/user") return json(200, user);
    if (path === "/api/auth/change-email") return json(202, { message: `We sent a 6-digit code to ${(body as { newEmail: string }).newEmail}.`, codeRequired: true });
    if (path === "/api/auth/change-email/confirm") {
      user = { ...broker, email: "ada@new.example" };
      return json(200, user);
    }
    return undefined;
  });
  renderApp("/profile");
  const details = await card("Account Details");
  fireEvent.click(within(details).getByRole("button", { name: "Change email" }));
  const dialog = await screen.findByRole("dialog", { name: "Change sign-in email" });
  fireEvent.change(within(dialog).getByRole("textbox", { name: "New email" }), { target: { value: "ada@new.example" } });
  fireEvent.change(dialog.querySelector("input[type=password]")!, { target: { value: "my password" } });
  fireEvent.click(within(dialog).getByRole("button", { name: "Send code" }));
  expect(await within(dialog).findByText("We sent a 6-digit code to ada@new.example.")).toBeTruthy();
  fireEvent.change(within(dialog).getByRole("textbox", { name: "6-digit code" }), { target: { value: "123456" } });
  fireEvent.click(within(dialog).getByRole("button", { name: "Confirm new email" }));
  await waitFor(() => expect(calls.some((c) => c.path === "/api/auth/change-email/confirm")).toBe(true));
  expect(calls.find((c) => c.path === "/api/auth/change-email/confirm")!.body).toEqual({ code: "123456" });
  await waitFor(() => expect(within(details).getByText("Email").nextElementSibling?.textContent).toBe("ada@new.example"));
});
