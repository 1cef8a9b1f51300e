// The Profile screen's branding (issue 40, item 3): the workspace's logo, colour and company are
// the owner's to edit; every member edits their own contact details; a broker or assistant sees
// the branding read-only, with who may change it.
import { afterEach, expect, test } from "bun:test";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { fakeServer, json, renderApp } from "../support/render-app";
import { broker, brokerServer } from "./customers-fixtures";

afterEach(cleanup);

const branding = { company: "Acme Lending", accentColor: "#0f766e", logoUrl: "/api/logos/acme-key" };
const beaProfile = {
  id: "u1",
  email: "bea@acme.example",
  firstName: "Bea",
  lastName: "Broker",
  phone: "+1 555 0199",
  contactEmail: null,
  timeZone: "UTC",
  ...branding,
  canEditBranding: false,
  brandingOwners: ["Olive Owner", "Otto Owner"],
};

function server(profile: typeof beaProfile, role: "owner" | "broker" | "assistant") {
  let saved = { ...profile };
  return fakeServer(
    brokerServer([], undefined, (request) => {
      if (request.path === "/api/auth/user") return json(200, { ...broker, email: profile.email, firstName: profile.firstName, lastName: profile.lastName, role });
      if (request.path === "/api/profile" && request.method === "GET") return json(200, saved);
      if (request.path === "/api/profile" && request.method === "PUT") {
        saved = { ...saved, ...(request.body as object) };
        return json(200, saved);
      }
      return undefined;
    }),
  );
}

const card = async () => (await screen.findByRole("heading", { name: "Contact and branding" })).closest("section") as HTMLElement;

test("a broker edits their own contact details and sees the workspace's branding read-only, with who may change it", async () => {
  const calls = server(beaProfile, "broker");
  renderApp("/profile");
  const section = await card();
  const brandingSection = (await within(section).findByRole("heading", { name: "Workspace branding" })).closest("section") as HTMLElement;
  expect(within(brandingSection).getByText("Acme Lending")).toBeTruthy();
  expect(within(brandingSection).getByText("#0f766e")).toBeTruthy();
  expect(within(brandingSection).getByRole("img", { name: "Your workspace's logo" }).getAttribute("src")).toBe("/api/logos/acme-key");
  expect(within(brandingSection).getByText("Only the workspace's owners, Olive Owner and Otto Owner, can change the branding.")).toBeTruthy();
  // Nothing to change the branding with.
  expect(within(section).queryByRole("textbox", { name: "Company" })).toBeNull();
  expect(within(section).queryByRole("textbox", { name: "Accent colour" })).toBeNull();
  expect(within(section).queryByRole("button", { name: /logo/i })).toBeNull();
  expect(within(section).queryByRole("button", { name: "Save branding" })).toBeNull();

  const phone = within(section).getByRole("textbox", { name: "Phone" }) as HTMLInputElement;
  await waitFor(() => expect(phone.value).toBe("+1 555 0199"));
  fireEvent.change(phone, { target: { value: "+1 555 0142" } });
  fireEvent.change(within(section).getByRole("textbox", { name: "Contact email" }), { target: { value: "bea.desk@acme.example" } });
  fireEvent.click(within(section).getByRole("button", { name: "Save profile" }));
  await waitFor(() => expect(calls.some((c) => c.method === "PUT" && c.path === "/api/profile")).toBe(true));
  // Only the member's own fields: a branding field would be refused (403) by the server.
  expect(calls.find((c) => c.method === "PUT")!.body).toEqual({ firstName: "Bea", lastName: "Broker", phone: "+1 555 0142", contactEmail: "bea.desk@acme.example", timeZone: "UTC" });
});

test("the owner edits the workspace's branding and logo, with no note about who may", async () => {
  const calls = server({ ...beaProfile, email: "olive@acme.example", firstName: "Olive", lastName: "Owner", canEditBranding: true, brandingOwners: ["Olive Owner"] }, "owner");
  renderApp("/profile");
  const section = await card();
  const company = (await within(section).findByRole("textbox", { name: "Company" })) as HTMLInputElement;
  await waitFor(() => expect(company.value).toBe("Acme Lending"));
  expect(within(section).getByRole("button", { name: "Replace logo" })).toBeTruthy();
  expect(within(section).getByRole("button", { name: "Remove logo" })).toBeTruthy();
  expect(within(section).queryByText(/can change the branding/)).toBeNull();
  fireEvent.change(company, { target: { value: "Acme Home Loans" } });
  fireEvent.click(within(section).getByRole("button", { name: "Save branding" }));
  await waitFor(() => expect(calls.some((c) => c.method === "PUT" && c.path === "/api/profile")).toBe(true));
  expect(calls.find((c) => c.method === "PUT")!.body).toEqual({ company: "Acme Home Loans", accentColor: "#0f766e" });
});
