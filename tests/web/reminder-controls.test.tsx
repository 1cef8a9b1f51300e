// The controls of reminder cadences and expiring documents: Repeat reminders in Add New Customer,
// the customer's Automatic reminders switch, the expiry date in Approve, the Expiring soon panel.
import { expect, test } from "bun:test";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { fakeServer, json, renderApp } from "../support/render-app";
import { customer as detailCustomer, detailServer } from "./customer-detail-fixtures";
import { brokerServer, customer, subscription } from "./customers-fixtures";

const field = (scope: HTMLElement, label: string) => within(scope).getByLabelText(new RegExp(`^${label}`));

test("Add New Customer: repeat reminders are off by default; turned on, the cadence is saved for the new customer", async () => {
  const created = { ...customer({ id: "c9", name: "Jane", email: "jane@example.com" }), documents: [] };
  const calls = fakeServer(
    brokerServer([], subscription("unlimited"), ({ method, path }) => {
      if (method === "POST" && path === "/api/customers") return json(201, created);
      if (method === "PUT" && path === "/api/customers/c9/reminders/cadence") return json(200, { paused: false, cadence: { almostDueDays: 5, everyDays: 2, maxCount: 3 } });
      return undefined;
    }),
  );
  renderApp("/customers");
  fireEvent.click(await screen.findByRole("button", { name: "Add New Customer" }));
  const dialog = await screen.findByRole("dialog", { name: "Add New Customer" });
  const repeat = within(dialog).getByRole("checkbox", { name: /^Repeat reminders/ });
  expect((repeat as HTMLInputElement).checked).toBe(false);
  expect(within(dialog).queryByLabelText(/^First, days before due/)).toBeNull();

  fireEvent.click(repeat);
  const first = field(dialog, "First, days before due") as HTMLInputElement;
  expect(first.value).toBe("3");
  fireEvent.change(first, { target: { value: "0" } });
  expect(await within(dialog).findByText("Days must be between 1 and 60")).toBeTruthy();
  fireEvent.change(field(dialog, "Customer Email"), { target: { value: "jane@example.com" } });
  fireEvent.click(within(dialog).getByRole("checkbox", { name: /^Paystub/ }));
  fireEvent.click(within(dialog).getByRole("button", { name: "Create Customer" }));
  // Refused while the cadence is out of range: nothing is sent.
  await new Promise((r) => setTimeout(r, 0));
  expect(calls.some((c) => c.method === "POST" && c.path === "/api/customers")).toBe(false);

  fireEvent.change(first, { target: { value: "5" } });
  await waitFor(() => expect(within(dialog).queryByText("Days must be between 1 and 60")).toBeNull());
  fireEvent.click(within(dialog).getByRole("button", { name: "Create Customer" }));
  await waitFor(() =>
    expect(calls.find((c) => c.method === "PUT" && c.path === "/api/customers/c9/reminders/cadence")?.body).toEqual({
      cadence: { almostDueDays: 5, everyDays: 2, maxCount: 3 },
    }),
  );
});

test("customer detail: the Automatic reminders switch pauses and resumes", async () => {
  let paused = false;
  const calls = fakeServer(
    detailServer({
      extra: ({ method, path }) => {
        if (path === "/api/customers/c1/reminders" && method === "GET") return json(200, { paused, cadence: { almostDueDays: 3, everyDays: 2, maxCount: 4 } });
        if (method === "POST" && path === "/api/customers/c1/reminders/pause") {
          paused = true;
          return json(200, { paused, cadence: null });
        }
        if (method === "POST" && path === "/api/customers/c1/reminders/resume") {
          paused = false;
          return json(200, { paused, cadence: null });
        }
        return undefined;
      },
    }),
  );
  renderApp(`/customer/${detailCustomer().id}`);
  const toggle = (await screen.findByRole("switch", { name: "Automatic reminders" })) as HTMLInputElement;
  expect(toggle.checked).toBe(true);
  expect(screen.getByText("3 days before the due date, then every 2 days, at most 4.")).toBeTruthy();
  fireEvent.click(toggle);
  await waitFor(() => expect(calls.some((c) => c.method === "POST" && c.path === "/api/customers/c1/reminders/pause")).toBe(true));
  expect(await screen.findByText("Paused: no scheduled or repeated reminders go out to this customer.")).toBeTruthy();
  await waitFor(() => expect((screen.getByRole("switch", { name: "Automatic reminders" }) as HTMLInputElement).checked).toBe(false));
  fireEvent.click(screen.getByRole("switch", { name: "Automatic reminders" }));
  await waitFor(() => expect(calls.some((c) => c.method === "POST" && c.path === "/api/customers/c1/reminders/resume")).toBe(true));
});

test("Approve: an expiry date is saved after the approval", async () => {
  const calls = fakeServer(
    detailServer({
      extra: ({ method, path }) => {
        if (method === "POST" && path === "/api/documents/d1/verify") return json(200, {});
        if (method === "PUT" && path === "/api/documents/d1/expiry") return json(200, { documentId: "d1", expiresOn: "2027-05-31" });
        return undefined;
      },
    }),
  );
  renderApp("/customer/c1");
  fireEvent.click(await screen.findByRole("button", { name: "Approve Paystub" }));
  const dialog = await screen.findByRole("dialog", { name: "Approve Document" });
  fireEvent.change(field(dialog, "Expires on"), { target: { value: "2027-05-31" } });
  fireEvent.click(within(dialog).getByRole("button", { name: "Approve Document" }));
  await waitFor(() => expect(calls.find((c) => c.method === "PUT" && c.path === "/api/documents/d1/expiry")?.body).toEqual({ expiresOn: "2027-05-31" }));
  const order = calls.map((c) => c.path).filter((p) => p.startsWith("/api/documents/d1/"));
  expect(order).toEqual(["/api/documents/d1/verify", "/api/documents/d1/expiry"]);
});

test("dashboard: Expiring soon lists documents with their customer and date", async () => {
  fakeServer(
    brokerServer([], subscription("unlimited"), ({ path }) =>
      path === "/api/dashboard/expiring-documents"
        ? json(200, {
            withinDays: 30,
            documents: [{ documentId: "d1", customerId: "c7", customerName: "Ada Lane", documentName: "Driver's Licence", expiresOn: "2027-05-31", renewalRequested: true }],
          })
        : undefined,
    ),
  );
  renderApp("/dashboard");
  const list = await screen.findByRole("list", { name: "Documents expiring soon" });
  expect(within(list).getByText("Driver's Licence")).toBeTruthy();
  expect(within(list).getByText("Ada Lane", { selector: "span.block" })).toBeTruthy();
  expect(within(list).getByText(/Expires May 31, 2027/)).toBeTruthy();
  expect(within(list).getByText("Current one requested")).toBeTruthy();
  expect(within(list).getByRole("link", { name: "View Customer Ada Lane" }).getAttribute("href")).toBe("/customer/c7");
});

test("dashboard: nothing expiring says so", async () => {
  fakeServer(brokerServer([], subscription("unlimited"), ({ path }) => (path === "/api/dashboard/expiring-documents" ? json(200, { withinDays: 30, documents: [] }) : undefined)));
  renderApp("/dashboard");
  expect(await screen.findByText("Nothing expires in the next 30 days")).toBeTruthy();
});

test("profile: blackout days and the expiry lead are checked, then saved", async () => {
  const calls = fakeServer(
    brokerServer([], subscription("unlimited"), ({ method, path, body }) => {
      if (path !== "/api/reminder-settings") return undefined;
      if (method === "GET") return json(200, { blackoutDays: ["2026-12-25"], expiryLeadDays: 30, timeZone: "Europe/Berlin" });
      return json(200, { ...(body as object), timeZone: "Europe/Berlin" });
    }),
  );
  renderApp("/profile");
  const blackout = (await screen.findByLabelText(/^Blackout days/)) as HTMLTextAreaElement;
  expect(blackout.value).toBe("2026-12-25");
  expect(screen.getByText(/Times are in Europe\/Berlin/)).toBeTruthy();
  fireEvent.change(blackout, { target: { value: "2026-12-24\n2026-13-01" } });
  expect(await screen.findByText("Blackout days must be dates like 2026-12-24")).toBeTruthy();
  fireEvent.click(screen.getByRole("button", { name: "Save reminder settings" }));
  await new Promise((r) => setTimeout(r, 0));
  expect(calls.some((c) => c.method === "PUT" && c.path === "/api/reminder-settings")).toBe(false);

  fireEvent.change(blackout, { target: { value: "2026-12-24\n2026-12-31" } });
  fireEvent.change(screen.getByLabelText(/^Ask for a current document/), { target: { value: "14" } });
  fireEvent.click(screen.getByRole("button", { name: "Save reminder settings" }));
  expect(await screen.findByText("Reminder settings saved")).toBeTruthy();
  expect(calls.find((c) => c.method === "PUT" && c.path === "/api/reminder-settings")?.body).toEqual({ blackoutDays: ["2026-12-24", "2026-12-31"], expiryLeadDays: 14 });
});
