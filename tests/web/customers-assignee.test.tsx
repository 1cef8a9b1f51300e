// Assignment on the broker's screens (issue 40): the customer page's assignee, All Customers'
// Assignee column and "Mine / All / a member" filter (kept in the address), the dashboard's
// "Mine / Team". A solo broker sees none of it.
import { expect, test } from "bun:test";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { CustomerDetailDto } from "../../src/shared/api-types";
import { fakeServer, json, renderApp, type FakeRoute } from "../support/render-app";
import { broker, brokerServer, customer } from "./customers-fixtures";
import { customer as customerDetail, detailServer } from "./customer-detail-fixtures";

const ada = { id: "u1", email: "ada@example.com", firstName: "Ada", lastName: "Lovelace", role: "owner" as const };
const col = { id: "u2", email: "col@example.com", firstName: "Col", lastName: "League", role: "broker" as const };

/** Ada's workspace with Col in it: who is signed in, and the member list. */
const team =
  (extra: FakeRoute = () => undefined): FakeRoute =>
  (request) => {
    const answered = extra(request);
    if (answered) return answered;
    if (request.path === "/api/auth/user") return json(200, broker);
    if (request.path === "/api/workspace/members") return json(200, [ada, col]);
    return undefined;
  };

const jane = customer({ id: "c1", name: "Jane Doe", email: "jane@example.com" });
const bob = customer({ id: "c2", name: "Bob Smith", email: "bob@example.com", assigneeId: "u2", assignee: { id: "u2", firstName: "Col", lastName: "League", email: "col@example.com" } });

test("customer page in a team: the assignee is a choice of members; a change is sent and confirmed", async () => {
  const grace = customerDetail();
  const calls = fakeServer((request) => {
    if (request.method === "PUT" && request.path === "/api/customers/c1/assignee") {
      return json(200, { ...grace, assigneeId: "u2", assignee: col } satisfies CustomerDetailDto);
    }
    return team()(request) ?? detailServer({ customer: grace })(request);
  });
  renderApp("/customer/c1");
  const select = await screen.findByRole("button", { name: /Assigned To/ }, { timeout: 5000 });
  expect(select.textContent).toContain("Ada Lovelace (you)");
  fireEvent.click(select);
  expect((await screen.findAllByRole("option")).map((o) => o.textContent)).toEqual(["Ada Lovelace (you)", "Col League"]);
  fireEvent.click(screen.getByRole("option", { name: "Col League" }));
  expect(await screen.findByText("Grace Hopper is now assigned to Col League")).toBeTruthy();
  expect(calls.find((c) => c.method === "PUT")).toMatchObject({ path: "/api/customers/c1/assignee", body: { memberId: "u2" } });
});

test("customer page: the server's refusal is shown as it said it", async () => {
  fakeServer((request) => {
    if (request.method === "PUT" && request.path === "/api/customers/c1/assignee") return json(404, { message: "Member not found" });
    return team()(request) ?? detailServer()(request);
  });
  renderApp("/customer/c1");
  fireEvent.click(await screen.findByRole("button", { name: /Assigned To/ }, { timeout: 5000 }));
  fireEvent.click(await screen.findByRole("option", { name: "Col League" }));
  expect(await screen.findByText("Member not found")).toBeTruthy();
});

test("customer page: an assistant sees who is assigned, and cannot change it", async () => {
  fakeServer(
    team((request) => {
      if (request.path === "/api/auth/user") return json(200, { ...broker, id: "u3", role: "assistant" });
      if (request.path === "/api/workspace/members") return json(403, { message: "Your role in this workspace does not allow this. Ask the workspace's owner." });
      return detailServer()(request);
    }),
  );
  renderApp("/customer/c1");
  expect(await screen.findByText("Assigned To")).toBeTruthy();
  expect(screen.getByText("Assigned To").nextElementSibling?.textContent).toBe("Ada Lovelace");
  expect(screen.queryByRole("button", { name: /Assigned To/ })).toBeNull();
});

test("a solo broker: no assignee on the customer page, no column or filter on All Customers, no switch on the dashboard", async () => {
  const solo = team((request) => (request.path === "/api/workspace/members" ? json(200, [ada]) : undefined));
  fakeServer((request) => solo(request) ?? detailServer()(request) ?? brokerServer([jane])(request));
  const page = renderApp("/customer/c1");
  await screen.findByText("Personal Information");
  await waitFor(() => expect(screen.getByText("Full Name")).toBeTruthy());
  expect(screen.queryByText("Assigned To")).toBeNull();
  page.unmount();

  const list = renderApp("/customers");
  await screen.findByRole("link", { name: "Jane Doe" });
  expect(screen.queryByRole("button", { name: /Filter by assignee/ })).toBeNull();
  expect(screen.queryByRole("columnheader", { name: "Assignee" })).toBeNull();
  list.unmount();

  renderApp("/dashboard");
  await screen.findByText("Jane Doe");
  expect(document.querySelector('[aria-label="Show customers of"]')).toBeNull();
});

test("All Customers in a team: an Assignee column, and a filter kept in the address", async () => {
  const calls = fakeServer(
    team((request) => {
      if (request.path === "/api/all-customers" && request.query.get("assignee") === "me") return json(200, { customers: [jane], total: 1, page: 1, pageSize: 25 });
      if (request.path === "/api/all-customers" && request.query.get("assignee") === "u2") return json(200, { customers: [bob], total: 1, page: 1, pageSize: 25 });
      return brokerServer([jane, bob])(request);
    }),
  );
  renderApp("/customers?assignee=me");
  // Opened with ?assignee=me: only the broker's own, asked of the server.
  await screen.findByRole("link", { name: "Jane Doe" });
  expect(screen.queryByRole("link", { name: "Bob Smith" })).toBeNull();
  expect(calls.some((c) => c.path === "/api/all-customers" && c.query.get("assignee") === "me" && c.query.get("page") === "1")).toBe(true);
  expect(screen.getByRole("columnheader", { name: "Assignee" })).toBeTruthy();

  const filter = screen.getByRole("button", { name: /Filter by assignee/ });
  expect(filter.textContent).toContain("Mine");
  fireEvent.click(filter);
  expect((await screen.findAllByRole("option")).map((o) => o.textContent)).toEqual(["All assignees", "Mine", "Col League"]);
  fireEvent.click(screen.getByRole("option", { name: "Col League" }));
  const bobRow = (await screen.findByRole("link", { name: "Bob Smith" })).closest("tr") as HTMLElement;
  expect(within(bobRow).getByText("Col League")).toBeTruthy();

  fireEvent.click(screen.getByRole("button", { name: /Filter by assignee/ }));
  fireEvent.click(await screen.findByRole("option", { name: "All assignees" }));
  await screen.findByRole("link", { name: "Jane Doe" });
  expect(await screen.findByRole("link", { name: "Bob Smith" })).toBeTruthy();
  const last = calls.filter((c) => c.path === "/api/all-customers").at(-1)!;
  expect(last.query.has("assignee")).toBe(false);
});

/** Waits (up to ~4 s) until `holds` (role queries over the whole dashboard are slow under happy-dom: text and attributes here). */
async function until(holds: () => boolean) {
  for (let attempt = 0; attempt < 200 && !holds(); attempt++) await Bun.sleep(20);
}

test("the dashboard in a team: Mine asks for the broker's own metrics and customers, Team for everyone's", async () => {
  const calls = fakeServer(
    team((request) => {
      const mine = request.query.get("assignee") === "me";
      if (request.path === "/api/dashboard/metrics") return json(200, { totalCustomers: mine ? 1 : 2, pendingDocs: mine ? 3 : 7, overdueDocs: 0, completedToday: 0 });
      if (request.path === "/api/all-customers" && mine) return json(200, { customers: [jane], total: 1, page: 1, pageSize: 12 });
      return brokerServer([jane, bob])(request);
    }),
  );
  renderApp("/dashboard");
  await screen.findByText("Bob Smith");
  const views = document.querySelector('[role="radiogroup"][aria-label="Show customers of"]') as HTMLElement;
  const radio = (name: string) => [...views.querySelectorAll('[role="radio"]')].find((r) => r.textContent === name) as HTMLElement;
  expect(radio("Team").getAttribute("aria-checked")).toBe("true");

  fireEvent.click(radio("Mine"));
  await until(() => screen.queryByText("Bob Smith") === null);
  expect(screen.queryByText("Bob Smith")).toBeNull();
  expect(screen.getByText("Jane Doe")).toBeTruthy();
  expect(radio("Mine").getAttribute("aria-checked")).toBe("true");
  expect(calls.some((c) => c.path === "/api/dashboard/metrics" && c.search === "?assignee=me")).toBe(true);
  expect(calls.some((c) => c.path === "/api/all-customers" && c.query.get("assignee") === "me" && c.query.get("pageSize") === "12")).toBe(true);

  // The Pending Documents card opens the list it counted: the broker's own.
  fireEvent.click(screen.getByText("Pending Documents"));
  await until(() => calls.some((c) => c.path === "/api/pending-documents"));
  expect(calls.filter((c) => c.path === "/api/pending-documents").map((c) => c.search)).toEqual(["?assignee=me"]);
});

test("customer page in a team: watchers are chosen among the members who may see the customer, and saved as one list", async () => {
  const dee = { id: "u3", email: "dee@example.com", firstName: "Dee", lastName: "Assist", role: "assistant" as const };
  const grace = customerDetail();
  const calls = fakeServer((request) => {
    if (request.path === "/api/workspace/members") return json(200, [ada, col, dee]);
    if (request.path === "/api/workspace") return json(200, { id: "w1", name: "Ada's", role: "owner", visibility: "all", claimedDomains: [], defaultRole: "broker" });
    if (request.method === "PUT" && request.path === "/api/customers/c1/watchers") return json(200, { watcherIds: ["u2"] });
    return team()(request) ?? detailServer({ customer: grace })(request);
  });
  renderApp("/customer/c1");
  expect(await screen.findByText("Nobody else", {}, { timeout: 5000 })).toBeTruthy();
  const change = await screen.findByRole("button", { name: "Change watchers" });
  await waitFor(() => expect(change.hasAttribute("disabled") || change.getAttribute("aria-disabled") === "true").toBe(false));
  fireEvent.click(change);
  const dialog = await screen.findByRole("dialog", { name: "Who watches this customer" });
  // Everyone but the assignee (Ada) may watch while every member sees every customer.
  expect(within(dialog).getAllByRole("checkbox").map((box) => box.closest("label")?.textContent)).toEqual(["Col League", "Dee Assist"]);
  fireEvent.click(within(dialog).getByRole("checkbox", { name: "Col League" }));
  fireEvent.click(within(dialog).getByRole("button", { name: "Save watchers" }));
  expect(await screen.findByText("Watchers of Grace Hopper saved")).toBeTruthy();
  expect(calls.find((c) => c.method === "PUT" && c.path === "/api/customers/c1/watchers")?.body).toEqual({ memberIds: ["u2"] });

});

test("customer page in a team: the Watching field reads the workspace once, not again each time the page or its dialog opens", async () => {
  const calls = fakeServer((request) => {
    if (request.path === "/api/workspace") return json(200, { id: "w1", name: "Ada's", role: "owner", visibility: "all", claimedDomains: [], defaultRole: "broker" });
    return team()(request) ?? detailServer({ customer: customerDetail() })(request);
  });
  const openWatchers = async () => {
    const change = await screen.findByRole("button", { name: "Change watchers" }, { timeout: 5000 });
    await waitFor(() => expect(change.hasAttribute("disabled") || change.getAttribute("aria-disabled") === "true").toBe(false));
    fireEvent.click(change);
    const dialog = await screen.findByRole("dialog", { name: "Who watches this customer" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  };
  const first = renderApp("/customer/c1");
  await openWatchers();
  await openWatchers();
  // Away and back: the app's cache outlives the page.
  first.unmount();
  renderApp("/customer/c1", first.queryClient);
  await openWatchers();
  expect(calls.filter((c) => c.method === "GET" && c.path === "/api/workspace")).toHaveLength(1);
});

test("customer page in \"assigned only\" mode: only owners see every customer, so nobody else may watch the owner's customer", async () => {
  fakeServer((request) => {
    if (request.path === "/api/workspace") return json(200, { id: "w1", name: "Ada's", role: "owner", visibility: "assigned", claimedDomains: [], defaultRole: "broker" });
    return team()(request) ?? detailServer({ customer: customerDetail() })(request);
  });
  renderApp("/customer/c1");
  const change = await screen.findByRole("button", { name: "Change watchers" }, { timeout: 5000 });
  await waitFor(() => expect(change.getAttribute("aria-disabled") === "true" || change.hasAttribute("disabled")).toBe(false));
  fireEvent.click(change);
  expect(await screen.findByText(/No other member may see this customer/)).toBeTruthy();
  expect(screen.queryAllByRole("checkbox")).toHaveLength(0);
});
