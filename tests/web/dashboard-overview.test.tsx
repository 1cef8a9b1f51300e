import { expect, test } from "bun:test";
import { fireEvent, screen, within } from "@testing-library/react";
import { fakeServer, json, renderApp } from "../support/render-app";
import { brokerServer, customer } from "./customers-fixtures";

const jane = customer({
  id: "c1",
  name: "Jane Doe",
  email: "jane@example.com",
  status: "completed",
  documentCounts: { total: 2, approved: 2, underReview: 0, awaitingUpload: 0, overdue: 0 },
});
const bob = customer({ id: "c2", name: "Bob Smith", email: "bob@work.example", invitationStatus: "accepted" });

/**
 * Waits (up to ~4 s) until `holds` is true. Not waitFor with expect(node).toBeNull(): each failed
 * try there prints the whole element (React's fibers included), seconds per try on this page.
 */
async function until(holds: () => boolean) {
  for (let attempt = 0; attempt < 200 && !holds(); attempt++) await Bun.sleep(20);
}

test("the dashboard shows the metrics and the customer cards", async () => {
  fakeServer(brokerServer([jane, bob]));
  renderApp("/dashboard");
  expect(await screen.findByRole("heading", { name: "Dashboard" })).toBeTruthy();
  expect(await screen.findByText("2 overdue")).toBeTruthy();
  const card = (await screen.findByRole("link", { name: /Jane Doe/ })).closest("li") as HTMLElement;
  expect(within(card).getByText("Completed")).toBeTruthy();
  expect(screen.getByRole("link", { name: /Jane Doe/ }).getAttribute("href")).toBe("/customer/c1");
  const bobCard = screen.getByRole("link", { name: /Bob Smith/ }).closest("li") as HTMLElement;
  expect(within(bobCard).getByText("Pending")).toBeTruthy();
  // "Pending" here is the documents, not the invitation (the filter says "Invitation pending").
  expect(within(bobCard).getByText("Pending").closest("[title]")?.getAttribute("title")).toBe("Documents pending: not every requested document is approved yet");
  fireEvent.click(screen.getByRole("button", { name: /Filter by invitation status/ }));
  expect((await screen.findAllByRole("option")).map((o) => o.textContent)).toEqual(["All invitations", "Invitation accepted", "Invitation pending"]);
  fireEvent.keyDown(document.activeElement!, { key: "Escape" });
  expect(within(bobCard).getByText("BS")).toBeTruthy();
});

test("searching the overview matches name or email, ignoring case", async () => {
  const calls = fakeServer(brokerServer([jane, bob]));
  renderApp("/dashboard");
  await screen.findByRole("link", { name: /Jane Doe/ });
  const search = screen.getByLabelText("Search customers");

  // The server searches, one page of at most 12.
  fireEvent.change(search, { target: { value: "JANE" } });
  await until(() => screen.queryByText("Bob Smith") === null);
  expect(screen.queryByText("Bob Smith") === null).toBe(true);
  expect(screen.getByText("Jane Doe").closest("a")?.getAttribute("href")).toBe("/customer/c1");

  fireEvent.change(search, { target: { value: "WORK.example" } });
  await until(() => screen.queryByText("Jane Doe") === null);
  expect(screen.queryByText("Jane Doe") === null).toBe(true);
  expect(screen.getByText("Bob Smith").closest("a")?.getAttribute("href")).toBe("/customer/c2");

  fireEvent.change(search, { target: { value: "zzz" } });
  expect(await screen.findByText("No customers match your search")).toBeTruthy();
  // Never the whole list: the overview reads pages of 12.
  expect(calls.some((call) => call.path === "/api/customers")).toBe(false);
  expect(calls.filter((call) => call.path === "/api/all-customers").every((call) => call.query.get("pageSize") === "12")).toBe(true);
});

test("the overview asks for the 12 most urgent customers, says how many match, and links to All Customers", async () => {
  const many = Array.from({ length: 30 }, (_, i) =>
    customer({ id: `m${i}`, name: `Customer ${String(i).padStart(2, "0")}`, email: `m${i}@example.com`, invitationStatus: i % 3 ? "pending" : "accepted" }),
  );
  const calls = fakeServer(brokerServer(many));
  renderApp("/dashboard");
  expect(await screen.findByText("Showing 12 of 30 customers")).toBeTruthy();
  // The server orders them (URGENCY_TIERS); this fake answers in its own order.
  expect(calls.find((c) => c.path === "/api/all-customers")?.query.get("sort")).toBe("urgency");
  expect(screen.getByText("Customer 00")).toBeTruthy();
  expect(screen.getByText("Customer 11")).toBeTruthy();
  expect(screen.queryByText("Customer 12") === null).toBe(true);
  expect(screen.getByRole("link", { name: "View all customers" }).getAttribute("href")).toBe("/customers");
  // The status filter narrows on the server too: 10 of the 30 have accepted.
  fireEvent.click(screen.getByRole("button", { name: /Filter by invitation status/ }));
  fireEvent.click(await screen.findByRole("option", { name: "Invitation accepted" }));
  expect(await screen.findByText("Customer 27")).toBeTruthy();
  expect(screen.queryByText("Customer 01") === null).toBe(true);
  expect(screen.queryByText(/^Showing/) === null).toBe(true);
});

test("a broker without customers is told so, not that the search found nothing", async () => {
  fakeServer(brokerServer([]));
  renderApp("/dashboard");
  expect(await screen.findByText("No customers yet")).toBeTruthy();
});

test("a customer who owes nothing is offered no Send Reminder", async () => {
  fakeServer(brokerServer([jane]));
  renderApp("/dashboard");
  await screen.findByText("Jane Doe");
  expect(screen.queryByRole("button", { name: "Send Reminder to Jane Doe" })).toBeNull();
});

test("Send Reminder asks first, then reports the result", async () => {
  // Jane still owes one document.
  const owing = { ...jane, status: "pending" as const, documentCounts: { ...jane.documentCounts, approved: 1, awaitingUpload: 1 } };
  const calls = fakeServer(
    brokerServer([owing], undefined, ({ method, path }) =>
      method === "POST" && path === "/api/customer/c1/send-reminder" ? json(200, { message: "ok", sentCount: 1 }) : undefined,
    ),
  );
  renderApp("/dashboard");
  fireEvent.click(await screen.findByRole("button", { name: "Send Reminder to Jane Doe" }));
  const confirm = await screen.findByRole("alertdialog", { name: "Send Reminder Email" });
  fireEvent.click(within(confirm).getByRole("button", { name: "Send Reminder" }));
  expect(await screen.findByText("Reminder email sent successfully to customer")).toBeTruthy();
  expect(calls.filter((call) => call.path === "/api/customer/c1/send-reminder")).toHaveLength(1);
});

test("Pending Documents loads its list only when opened", async () => {
  const calls = fakeServer(
    brokerServer([jane], undefined, ({ path }) =>
      path === "/api/pending-documents"
        ? json(200, [
            { documentId: "d1", customerId: "c1", customerName: "Jane Doe", documentName: "Paystub", status: "uploaded", dueDate: null, uploadedAt: null },
          ])
        : undefined,
    ),
  );
  renderApp("/dashboard");
  const card = await screen.findByRole("button", { name: /Pending Documents/ });
  expect(calls.some((call) => call.path === "/api/pending-documents")).toBe(false);
  fireEvent.click(card);
  const dialog = await screen.findByRole("dialog", { name: "Pending Documents" });
  expect(await within(dialog).findByText("Paystub")).toBeTruthy();
  expect(within(dialog).getByText("Under Review")).toBeTruthy();
});

test("?action=request-document opens the request dialog on load", async () => {
  fakeServer(brokerServer([jane]));
  renderApp("/dashboard?action=request-document");
  expect(await screen.findByRole("dialog", { name: "Request New Document" })).toBeTruthy();
});

test("on a narrow screen the navigation drawer opens from its button, lists the screens, and Escape closes it with focus back on the button", async () => {
  fakeServer(brokerServer([jane, bob]));
  renderApp("/dashboard");
  await screen.findByRole("heading", { name: "Dashboard" });
  // Fetched on first open (AdminShell.tsx): none of it is on the page before.
  expect(document.querySelector('[role="dialog"]')).toBeNull();
  const open = screen.getByRole("button", { name: "Open navigation menu" });
  expect(open.getAttribute("aria-expanded")).toBe("false");
  open.focus();
  fireEvent.click(open);
  await until(() => document.querySelector('[role="dialog"]') !== null);
  const drawer = screen.getByRole("dialog", { name: "Navigation" });
  expect(open.getAttribute("aria-expanded")).toBe("true");
  expect(within(drawer).getByRole("link", { name: /All Customers/ }).getAttribute("href")).toBe("/customers");
  // The drawer takes focus (a moment after it appears: React Aria moves it in an effect); Escape
  // there closes it, and focus goes back to the button.
  await until(() => drawer.contains(document.activeElement));
  expect(drawer.contains(document.activeElement)).toBe(true);
  fireEvent.keyDown(document.activeElement!, { key: "Escape" });
  await until(() => document.querySelector('[role="dialog"]') === null && document.activeElement === open);
  expect(document.querySelector('[role="dialog"]')).toBeNull();
  expect(document.activeElement === open).toBe(true);
  expect(open.getAttribute("aria-expanded")).toBe("false");
});
