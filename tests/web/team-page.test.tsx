// The Team page (/team) as an owner, a broker and an assistant: members and roles, removing with
// a handover, invitations, a pipeline's handover and the workspace's settings; what a role may not
// do is not offered and the page says why. Plus the role gating elsewhere (billing, deleting).
import { afterEach, expect, test } from "bun:test";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { claimedDomainMessages } from "../../src/shared/claimed-domains";
import { workspaceMessages, type WorkspaceRole } from "../../src/shared/workspaces";
import { fakeServer, json, renderApp, type FakeRoute } from "../support/render-app";
import { broker, detailServer } from "./customer-detail-fixtures";
import { brokerServer, subscription } from "./customers-fixtures";

afterEach(cleanup);

const people = {
  olive: { id: "u1", email: "olive@acme.example", firstName: "Olive", lastName: "Owner" },
  bea: { id: "u2", email: "bea@acme.example", firstName: "Bea", lastName: "Broker" },
  al: { id: "u3", email: "al@acme.example", firstName: "Al", lastName: "Assist" },
};

/** A workspace of three with one pending invitation; `me` is signed in. The writes change its state. */
function teamServer(me: keyof typeof people, extra: FakeRoute = () => undefined) {
  const members = [
    { ...people.olive, role: "owner" as WorkspaceRole },
    { ...people.bea, role: "broker" as WorkspaceRole },
    { ...people.al, role: "assistant" as WorkspaceRole },
  ];
  let invitations = [{ id: "i1", email: "pat@acme.example", role: "broker" as WorkspaceRole, expiresAt: "2026-12-05T10:00:00.000Z" }];
  let workspace = { id: "w1", name: "Acme Lending", visibility: "all", claimedDomains: ["acme.example"], defaultRole: "broker" };
  const role = () => members.find((m) => m.id === people[me].id)!.role;
  const user = () => ({ ...people[me], profileImageUrl: null, workspaceId: "w1", role: role() });
  const server = brokerServer([], subscription("basic"), (request) => {
    const answer = extra(request);
    if (answer) return answer;
    const { method, path, body, query } = request;
    if (path === "/api/auth/user") return json(200, user());
    if (path === "/api/workspace" && method === "GET") return json(200, { ...workspace, role: role() });
    if (path === "/api/workspace" && method === "PUT") {
      workspace = { ...workspace, ...(body as object) };
      return json(200, { ...workspace, role: role() });
    }
    if (path === "/api/workspace/members") return json(200, members);
    const member = path.match(/^\/api\/workspace\/members\/(\w+)$/)?.[1];
    if (member && method === "PUT") {
      const target = members.find((m) => m.id === member)!;
      target.role = (body as { role: WorkspaceRole }).role;
      return json(200, target);
    }
    if (member && method === "DELETE") {
      members.splice(members.findIndex((m) => m.id === member), 1);
      return json(200, { message: "Member removed", moved: query.get("reassignTo") ? 4 : 0 });
    }
    if (path === "/api/workspace/invitations" && method === "GET") return json(200, invitations);
    if (path === "/api/workspace/invitations" && method === "POST") {
      const sent = { id: "i2", ...(body as { email: string; role: WorkspaceRole }), expiresAt: "2026-12-06T10:00:00.000Z" };
      invitations = [...invitations, sent];
      return json(201, sent);
    }
    if (path === "/api/workspace/invitations/i1" && method === "DELETE") {
      invitations = invitations.filter((i) => i.id !== "i1");
      return json(200, { message: "Invitation withdrawn" });
    }
    if (path === "/api/customers/reassign") return json(200, { moved: 3 });
    return undefined;
  });
  return fakeServer(server);
}

const row = (name: string) => screen.findByRole("listitem", { name });
const choose = async (label: string | RegExp, option: string, inside: HTMLElement = document.body) => {
  fireEvent.click(within(inside).getByRole("button", { name: label }));
  fireEvent.click(await screen.findByRole("option", { name: option }));
};

test("the owner sees every member with email and role, marked You, and changes a role", async () => {
  const calls = teamServer("olive");
  renderApp("/team");
  expect(await screen.findByRole("heading", { name: "Team" })).toBeTruthy();
  const olive = await row("Olive Owner");
  expect(within(olive).getByText("olive@acme.example")).toBeTruthy();
  expect(within(olive).getByText("You")).toBeTruthy();
  expect(within(await row("Bea Broker")).queryByText("You")).toBeNull();
  // The owner does not remove themself here; everyone else has Remove.
  expect(within(olive).queryByRole("button", { name: /Remove/ })).toBeNull();
  expect(within(await row("Al Assist")).getByRole("button", { name: "Remove Al Assist" })).toBeTruthy();

  await choose(/Role of Bea Broker/, "Assistant", await row("Bea Broker"));
  expect(await screen.findByText("Bea Broker is now Assistant.")).toBeTruthy();
  expect(calls.find((c) => c.method === "PUT" && c.path === "/api/workspace/members/u2")?.body).toEqual({ role: "assistant" });
});

test("demoting the last owner shows the server's 409 message, and the role stays Owner", async () => {
  teamServer("olive", ({ method, path }) => (method === "PUT" && path === "/api/workspace/members/u1" ? json(409, { message: workspaceMessages.lastOwner }) : undefined));
  renderApp("/team");
  const olive = await row("Olive Owner");
  await choose(/Role of Olive Owner/, "Broker", olive);
  expect(await screen.findByText(workspaceMessages.lastOwner)).toBeTruthy();
  await waitFor(() => expect(within(olive).getByRole("button", { name: /Role of Olive Owner/ }).textContent).toContain("Owner"));
});

test("removing a member needs who takes over their customers, then says how many moved", async () => {
  const calls = teamServer("olive");
  renderApp("/team");
  fireEvent.click(within(await row("Bea Broker")).getByRole("button", { name: "Remove Bea Broker" }));
  const dialog = await screen.findByRole("dialog", { name: "Remove member" });
  // The member removed is not among those who can take over.
  fireEvent.click(within(dialog).getByRole("button", { name: /Who takes over their customers/ }));
  expect((await screen.findAllByRole("option")).map((o) => o.textContent)).toEqual(["Olive Owner (you)", "Al Assist"]);
  fireEvent.keyDown(document.activeElement!, { key: "Escape" });
  fireEvent.click(within(dialog).getByRole("button", { name: "Remove member" }));
  expect(await within(dialog).findByText("Choose who takes over their customers.")).toBeTruthy();
  expect(calls.some((c) => c.method === "DELETE")).toBe(false);

  await choose(/Who takes over their customers/, "Olive Owner (you)", dialog);
  fireEvent.click(within(dialog).getByRole("button", { name: "Remove member" }));
  expect(await screen.findByText("Bea Broker was removed. 4 customers went to Olive Owner.")).toBeTruthy();
  expect(calls.find((c) => c.method === "DELETE")).toMatchObject({ path: "/api/workspace/members/u2", search: "?reassignTo=u1" });
  await waitFor(() => expect(screen.queryByRole("listitem", { name: "Bea Broker" })).toBeNull());
});

test("inviting checks the email, sends email and role, and lists the invitation; a pending one is withdrawn", async () => {
  const calls = teamServer("olive");
  renderApp("/team");
  const pat = await row("pat@acme.example");
  expect(within(pat).getByText("Broker")).toBeTruthy();
  expect(within(pat).getByText("Expires Dec 5, 2026")).toBeTruthy();

  const email = screen.getByRole("textbox", { name: /^Email/ });
  fireEvent.change(email, { target: { value: "not an email" } });
  fireEvent.click(screen.getByRole("button", { name: "Send invitation" }));
  expect(await screen.findByText("Please enter a valid email address")).toBeTruthy();
  expect(calls.some((c) => c.method === "POST" && c.path === "/api/workspace/invitations")).toBe(false);

  fireEvent.change(email, { target: { value: " Sam@Acme.example " } });
  await choose(/ Role$/, "Assistant", screen.getByRole("region", { name: "Invitations" }));
  fireEvent.click(screen.getByRole("button", { name: "Send invitation" }));
  expect(await screen.findByText("Sam@Acme.example has 7 days to accept it.")).toBeTruthy();
  expect(calls.find((c) => c.method === "POST" && c.path === "/api/workspace/invitations")?.body).toEqual({ email: "Sam@Acme.example", role: "assistant" });
  expect(await row("Sam@Acme.example")).toBeTruthy();

  fireEvent.click(within(pat).getByRole("button", { name: "Withdraw the invitation to pat@acme.example" }));
  expect(await screen.findByText("The link sent to pat@acme.example no longer works.")).toBeTruthy();
  await waitFor(() => expect(screen.queryByRole("listitem", { name: "pat@acme.example" })).toBeNull());
});

test("handing over a pipeline needs two different members and says how many customers moved", async () => {
  const calls = teamServer("olive");
  renderApp("/team");
  const card = await screen.findByRole("region", { name: "Hand over customers" });
  await within(card).findByRole("button", { name: /Reassign all customers from/ });
  await choose(/Reassign all customers from/, "Bea Broker", card);
  await choose(/ To$/, "Bea Broker", card);
  fireEvent.click(within(card).getByRole("button", { name: "Reassign all customers" }));
  expect(await within(card).findByText("Choose two different members.")).toBeTruthy();
  expect(calls.some((c) => c.path === "/api/customers/reassign")).toBe(false);

  await choose(/ To$/, "Al Assist", card);
  fireEvent.click(within(card).getByRole("button", { name: "Reassign all customers" }));
  expect(await screen.findByText("3 customers moved from Bea Broker to Al Assist.")).toBeTruthy();
  expect(calls.find((c) => c.path === "/api/customers/reassign")?.body).toEqual({ fromMemberId: "u2", toMemberId: "u3" });
});

test("the owner's settings: name, visibility explained, domains checked before they are added, default role; saved together", async () => {
  const calls = teamServer("olive");
  renderApp("/team");
  const card = await screen.findByRole("region", { name: "Workspace settings" });
  const name = await within(card).findByRole("textbox", { name: /^Workspace name/ });
  expect((name as HTMLInputElement).value).toBe("Acme Lending");
  expect(within(card).getByText("Every member sees and works all of the workspace's customers.")).toBeTruthy();
  await choose(/Who sees which customers/, "Assigned only", card);
  expect(within(card).getByText("Brokers and assistants see only the customers assigned to them; owners see all.")).toBeTruthy();

  const domain = within(card).getByRole("textbox", { name: "Add a domain" });
  fireEvent.change(domain, { target: { value: "not a domain" } });
  fireEvent.click(within(card).getByRole("button", { name: "Add domain" }));
  expect(await within(card).findByText(claimedDomainMessages.invalid("not a domain"))).toBeTruthy();
  // The same rules as the server's: a public mail service is refused before it is sent.
  fireEvent.change(domain, { target: { value: "Gmail.com" } });
  fireEvent.keyDown(domain, { key: "Enter" });
  expect(await within(card).findByText(claimedDomainMessages.publicMail("gmail.com"))).toBeTruthy();
  fireEvent.change(domain, { target: { value: "ACME.example" } });
  fireEvent.keyDown(domain, { key: "Enter" });
  expect(await within(card).findByText("This domain is already on the list.")).toBeTruthy();
  fireEvent.change(domain, { target: { value: " Acme-Loans.example " } });
  fireEvent.keyDown(domain, { key: "Enter" });
  expect(await within(card).findByText("acme-loans.example")).toBeTruthy();
  fireEvent.click(within(card).getByRole("button", { name: "Remove acme.example" }));
  // Single sign-on makes brokers or assistants, never owners (the server refuses "owner").
  fireEvent.click(within(card).getByRole("button", { name: /Role for single sign-on newcomers/ }));
  expect((await screen.findAllByRole("option")).map((o) => o.textContent)).toEqual(["Broker", "Assistant"]);
  fireEvent.click(screen.getByRole("option", { name: "Assistant" }));

  fireEvent.change(name, { target: { value: "  " } });
  fireEvent.click(within(card).getByRole("button", { name: "Save settings" }));
  expect(await within(card).findByText(workspaceMessages.nameRequired)).toBeTruthy();
  expect(calls.some((c) => c.method === "PUT" && c.path === "/api/workspace")).toBe(false);

  fireEvent.change(name, { target: { value: "Acme Home Loans" } });
  fireEvent.click(within(card).getByRole("button", { name: "Save settings" }));
  expect(await screen.findByText("Workspace settings saved")).toBeTruthy();
  expect(calls.find((c) => c.method === "PUT" && c.path === "/api/workspace")?.body).toEqual({
    name: "Acme Home Loans",
    visibility: "assigned",
    claimedDomains: ["acme-loans.example"],
    defaultRole: "assistant",
    defaultLanguage: null,
  });
});

test("a broker sees the team and the settings but no owner's controls, and is told why", async () => {
  const calls = teamServer("bea");
  renderApp("/team");
  expect(await screen.findByText("Only the workspace's owner invites, changes roles and removes members.")).toBeTruthy();
  const olive = await row("Olive Owner");
  expect(within(olive).getByText("Owner")).toBeTruthy();
  expect(within(await row("Bea Broker")).getByText("You")).toBeTruthy();
  expect(screen.queryByRole("button", { name: /Role of|Remove/ })).toBeNull();
  expect(screen.queryByRole("region", { name: "Invitations" })).toBeNull();
  expect(screen.queryByRole("region", { name: "Hand over customers" })).toBeNull();
  const card = await screen.findByRole("region", { name: "Workspace settings" });
  expect(await within(card).findByText("Only the workspace's owner changes these settings.")).toBeTruthy();
  expect(within(card).getByRole("textbox", { name: /^Workspace name/ }).hasAttribute("disabled")).toBe(true);
  expect(within(card).queryByRole("button", { name: "Save settings" })).toBeNull();
  // Nothing the server refuses a broker is asked.
  expect(calls.some((c) => c.path === "/api/workspace/invitations")).toBe(false);
});

test("an assistant finds Team in the navigation, learns who manages it, and nothing is asked that would be refused", async () => {
  const calls = teamServer("al");
  renderApp("/dashboard");
  fireEvent.click(await screen.findByRole("link", { name: "Team" }));
  expect(await screen.findByText("The team's members and settings are managed by the workspace's owner and its brokers.")).toBeTruthy();
  expect(screen.getByText("Assistant")).toBeTruthy();
  expect(calls.some((c) => c.path.startsWith("/api/workspace"))).toBe(false);
});

test("an assistant works a customer but is not offered Delete This Customer (the server answers 403); a broker is", async () => {
  const as = (role: WorkspaceRole): FakeRoute => (request) => (request.path === "/api/auth/user" ? json(200, { ...broker, role }) : undefined);
  fakeServer(detailServer({ extra: as("assistant") }));
  renderApp("/customer/c1");
  await screen.findByRole("list", { name: "Required documents" });
  expect(screen.getByRole("button", { name: "Send Reminder" })).toBeTruthy();
  expect(screen.queryByRole("button", { name: "Delete This Customer" })).toBeNull();
  cleanup();

  fakeServer(detailServer({ extra: as("broker") }));
  renderApp("/customer/c1");
  expect(await screen.findByRole("button", { name: "Delete This Customer" })).toBeTruthy();
});

test("billing is the owner's: Manage Subscription on the dashboard for the owner only", async () => {
  teamServer("bea");
  renderApp("/dashboard");
  expect(await screen.findByRole("heading", { name: "Dashboard" })).toBeTruthy();
  expect(screen.getByRole("button", { name: "Send Document" })).toBeTruthy();
  expect(screen.queryByRole("link", { name: "Manage Subscription" })).toBeNull();
  cleanup();

  teamServer("olive");
  renderApp("/dashboard");
  expect(await screen.findByRole("link", { name: "Manage Subscription" })).toBeTruthy();
});

test("a broker's profile shows the plan without buying or cancelling, and says whose billing it is", async () => {
  teamServer("bea");
  renderApp("/profile");
  expect(await screen.findByText("Billing belongs to the workspace's owner: ask them to change the plan.")).toBeTruthy();
  expect(screen.queryByRole("link", { name: /Upgrade/ })).toBeNull();
  expect(screen.queryByRole("button", { name: "Cancel Subscription" })).toBeNull();
});

test("a broker at the plan's limit is told to ask the owner, and offered no upgrade that would be refused", async () => {
  const asBroker: FakeRoute = ({ path }) => (path === "/api/auth/user" ? json(200, { ...people.bea, profileImageUrl: null, workspaceId: "w1", role: "broker" }) : undefined);
  const calls = fakeServer(brokerServer([], subscription("free", { canCreateCustomer: false }), asBroker));
  renderApp("/customers");
  await waitFor(() => expect(calls.some((call) => call.path === "/api/subscription")).toBe(true));
  await new Promise((resolve) => setTimeout(resolve, 20));
  fireEvent.click(await screen.findByRole("button", { name: "Add New Customer" }));
  const dialog = await screen.findByRole("dialog", { name: "Upgrade Required" });
  expect(within(dialog).getByText("Billing belongs to the workspace's owner: ask them to change the plan.")).toBeTruthy();
  expect(within(dialog).queryByRole("button", { name: /^Upgrade to/ })).toBeNull();
  expect(within(dialog).getByRole("button", { name: "Maybe Later" })).toBeTruthy();
});
