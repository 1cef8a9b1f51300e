import { expect, test } from "bun:test";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { fakeServer, json, renderApp } from "../support/render-app";
import { brokerServer, customer, subscription } from "./customers-fixtures";

// Labels of required fields end in an aria-hidden "*", so match the start of the label.
function field(scope: HTMLElement, label: string): HTMLElement {
  return within(scope).getByLabelText(new RegExp(`^${label}`));
}

/** The browser's Back button, as the page hears it. */
const back = () => act(() => void window.dispatchEvent(new PopStateEvent("popstate")));

async function openAddDialog() {
  fireEvent.click(await screen.findByRole("button", { name: "Add New Customer" }));
  return screen.findByRole("dialog", { name: "Add New Customer" });
}

test("an invalid email is refused with the spec's message and nothing is sent", async () => {
  const calls = fakeServer(brokerServer([]));
  renderApp("/customers");
  const dialog = await openAddDialog();
  fireEvent.change(field(dialog, "Customer Email"), { target: { value: "not-an-email" } });
  fireEvent.click(within(dialog).getByRole("button", { name: "Create Customer" }));
  expect(await within(dialog).findByText("Invalid email address")).toBeTruthy();
  expect(calls.some((call) => call.method === "POST" && call.path === "/api/customers")).toBe(false);
});

test("the due value must be between 1 and 365", async () => {
  fakeServer(brokerServer([]));
  renderApp("/customers");
  const dialog = await openAddDialog();
  const due = field(dialog, "Due in$");
  expect((due as HTMLInputElement).value).toBe("7");
  fireEvent.change(due, { target: { value: "0" } });
  expect(await within(dialog).findByText("Due time must be at least 1")).toBeTruthy();
  fireEvent.change(due, { target: { value: "366" } });
  expect(await within(dialog).findByText("Due time cannot exceed 365 days")).toBeTruthy();
  // Non-numeric input falls back to 1, which is valid.
  fireEvent.change(due, { target: { value: "soon" } });
  await waitFor(() => expect(within(dialog).queryByText(/Due time/)).toBeNull());
});

test("custom documents: blank names and duplicates are refused", async () => {
  fakeServer(brokerServer([]));
  renderApp("/customers");
  const dialog = await openAddDialog();
  const name = field(dialog, "Custom document");

  fireEvent.change(name, { target: { value: "   " } });
  fireEvent.keyDown(name, { key: "Enter" });
  expect(await screen.findByText("Please enter a document name.")).toBeTruthy();
  // Titled by what is wrong, not just "Error"; the blanks are not left in the field.
  expect(screen.getByText("Document name required")).toBeTruthy();
  expect(screen.queryByText("Error")).toBeNull();
  expect((name as HTMLInputElement).value).toBe("");

  fireEvent.change(name, { target: { value: "  Divorce decree " } });
  fireEvent.keyDown(name, { key: "Enter" });
  expect(await screen.findByText("Custom document added")).toBeTruthy();
  // The earlier error is gone once a document was added.
  await waitFor(() => expect(screen.queryByText("Please enter a document name.")).toBeNull());
  expect(screen.getByText('"Divorce decree" has been added and selected automatically.')).toBeTruthy();
  expect(within(dialog).getByRole("checkbox", { name: /Divorce decree/ })).toHaveProperty("checked", true);
  expect((name as HTMLInputElement).value).toBe("");

  fireEvent.change(name, { target: { value: "  divorce DECREE " } });
  fireEvent.click(within(dialog).getByRole("button", { name: "Add" }));
  expect(await screen.findByText("Document Already Added")).toBeTruthy();
  // A standard document's name counts as already added too.
  fireEvent.change(name, { target: { value: "paystub" } });
  fireEvent.keyDown(name, { key: "Enter" });
  await waitFor(() => expect(screen.getByText("Document Already Added")).toBeTruthy());
  expect(within(dialog).getAllByRole("checkbox", { name: /Divorce decree/ })).toHaveLength(1);
});

test("creating a customer sends the spec's payload, with custom documents encoded", async () => {
  const created = { ...customer({ id: "c9", name: "Jane.doe", email: "jane.doe@example.com" }), documents: [] };
  const calls = fakeServer(
    brokerServer([], subscription("unlimited"), ({ method, path }) =>
      method === "POST" && path === "/api/customers" ? json(201, created) : undefined,
    ),
  );
  renderApp("/customers");
  const dialog = await openAddDialog();
  fireEvent.change(field(dialog, "Customer Email"), { target: { value: " jane.doe@example.com " } });
  fireEvent.click(within(dialog).getByRole("checkbox", { name: /^Paystub/ }));
  fireEvent.change(field(dialog, "Custom document"), { target: { value: "Divorce decree" } });
  fireEvent.click(within(dialog).getByRole("button", { name: "Add" }));
  await within(dialog).findByRole("button", { name: "Remove Divorce decree" });

  const before = Date.now();
  fireEvent.click(within(dialog).getByRole("button", { name: "Create Customer" }));
  expect(await screen.findByText("Customer invited successfully")).toBeTruthy();
  expect(screen.getByText("The customer has been added successfully.")).toBeTruthy();
  await waitFor(() => expect(screen.queryByRole("dialog", { name: "Add New Customer" })).toBeNull());

  const body = calls.find((call) => call.method === "POST" && call.path === "/api/customers")?.body as Record<string, unknown>;
  expect(body).toMatchObject({
    email: "jane.doe@example.com",
    name: "Jane.doe",
    loanType: null,
    requiredDocuments: [
      { name: "Paystub", description: "Recent pay stubs or salary statements" },
      { name: "custom:Divorce decree:Custom document" },
    ],
  });
  expect(body.reminderTime).toBeUndefined();
  // Default due time: 7 days from now.
  const due = new Date(body.dueDate as string).getTime();
  expect(Math.abs(due - (before + 7 * 86_400_000))).toBeLessThan(60_000);
});

test("a full plan opens Upgrade Required instead of the form", async () => {
  const calls = fakeServer(brokerServer([], subscription("free", { canCreateCustomer: false })));
  renderApp("/customers");
  // The button decides by the subscription, so let it arrive first.
  await waitFor(() => expect(calls.some((call) => call.path === "/api/subscription")).toBe(true));
  await new Promise((resolve) => setTimeout(resolve, 20));
  fireEvent.click(await screen.findByRole("button", { name: "Add New Customer" }));
  const dialog = await screen.findByRole("dialog", { name: "Upgrade Required" });
  expect(within(dialog).getByText("You've reached your customer limit. Upgrade your plan to add more customers.")).toBeTruthy();
  for (const plan of ["Basic", "Pro", "Unlimited"]) {
    expect(within(dialog).getByRole("button", { name: `Upgrade to ${plan}` })).toBeTruthy();
  }
  expect(within(dialog).queryByRole("button", { name: "Upgrade to Free" })).toBeNull();
  expect(within(dialog).getByRole("button", { name: "View All Plans" })).toBeTruthy();
  fireEvent.click(within(dialog).getByRole("button", { name: "Maybe Later" }));
  await waitFor(() => expect(screen.queryByRole("dialog", { name: "Upgrade Required" })).toBeNull());
});

/** Opens Add New Customer on `route`, sends a valid form, and answers the create call with `answer`. */
async function createFailing(route: string, answer: () => Response) {
  fakeServer(
    brokerServer([], subscription("unlimited"), ({ method, path }) => (method === "POST" && path === "/api/customers" ? answer() : undefined)),
  );
  renderApp(route);
  const dialog = await openAddDialog();
  fireEvent.change(field(dialog, "Customer Email"), { target: { value: "jane@example.com" } });
  fireEvent.click(within(dialog).getByRole("button", { name: "Create Customer" }));
}

test("SPEC 8: a limit error reads one way on All Customers and another on the dashboard", async () => {
  const limit = () => json(403, { message: "Customer limit reached. Upgrade your subscription plan to add more customers." });
  await createFailing("/customers", limit);
  expect(await screen.findByText("Customer limit reached. Upgrade for more uploads and document generation.")).toBeTruthy();
});

test("SPEC 8: the dashboard flow's limit words", async () => {
  await createFailing("/dashboard", () => json(403, { message: "Customer limit reached" }));
  expect(await screen.findByText("Customer limit reached. Upgrade your subscription plan to add more customers.")).toBeTruthy();
});

test("SPEC 8: an answer without any text says API request failed with its status", async () => {
  await createFailing("/customers", () => new Response("", { status: 502, statusText: "Bad Gateway" }));
  expect(await screen.findByText("API request failed: 502 Bad Gateway")).toBeTruthy();
});

test("Escape in the custom-document field closes the dialog (only Enter is the field's)", async () => {
  fakeServer(brokerServer([]));
  renderApp("/customers");
  const dialog = await openAddDialog();
  const name = field(dialog, "Custom document");
  fireEvent.change(name, { target: { value: "Gift letter" } });
  fireEvent.keyDown(name, { key: "Escape" });
  await waitFor(() => expect(screen.queryByRole("dialog", { name: "Add New Customer" })).toBeNull());
});

test("a filled form is not thrown away by Escape or Back without asking; an empty one just closes", async () => {
  fakeServer(brokerServer([]));
  renderApp("/customers");
  let dialog = await openAddDialog();
  fireEvent.change(field(dialog, "Customer Email"), { target: { value: "jane@example.com" } });
  fireEvent.keyDown(field(dialog, "Customer Email"), { key: "Escape" });
  const confirm = await screen.findByRole("alertdialog", { name: "Discard this customer?" });
  // Still open underneath (hidden from the accessibility tree while the question is asked).
  expect(screen.getByRole("dialog", { name: "Add New Customer", hidden: true })).toBeTruthy();
  // Keep editing: the input is still there.
  fireEvent.click(within(confirm).getByRole("button", { name: "Cancel" }));
  await waitFor(() => expect(screen.queryByRole("alertdialog", { name: "Discard this customer?" })).toBeNull());
  expect((field(dialog, "Customer Email") as HTMLInputElement).value).toBe("jane@example.com");

  // The browser's Back (a phone's back gesture) asks too; Discard closes the form.
  back();
  const again = await screen.findByRole("alertdialog", { name: "Discard this customer?" });
  expect(screen.getByRole("dialog", { name: "Add New Customer", hidden: true })).toBeTruthy();
  fireEvent.click(within(again).getByRole("button", { name: "Discard" }));
  await waitFor(() => expect(screen.queryByRole("dialog", { name: "Add New Customer" })).toBeNull());

  // Nothing entered: Back closes at once.
  dialog = await openAddDialog();
  back();
  await waitFor(() => expect(screen.queryByRole("dialog", { name: "Add New Customer" })).toBeNull());
  expect(screen.queryByRole("alertdialog", { name: "Discard this customer?" })).toBeNull();
});

test("the invitation takes an optional name, and warns when it asks for no documents", async () => {
  const created = { ...customer({ id: "c9", name: "Jane Doe", email: "jane@example.com" }), documents: [] };
  const calls = fakeServer(
    brokerServer([], subscription("unlimited"), ({ method, path }) =>
      method === "POST" && path === "/api/customers" ? json(201, created) : undefined,
    ),
  );
  renderApp("/customers");
  const dialog = await openAddDialog();
  fireEvent.change(field(dialog, "Customer Email"), { target: { value: "jane@example.com" } });
  // Empty, the name is the spec's one from the email.
  expect(field(dialog, "Name \\(optional\\)").getAttribute("placeholder")).toBe("Jane");
  fireEvent.change(field(dialog, "Name \\(optional\\)"), { target: { value: " Jane Doe " } });
  expect(within(dialog).getByText("No documents selected: the invitation will not ask for any. You can request documents later.")).toBeTruthy();
  fireEvent.click(within(dialog).getByRole("button", { name: "Create Customer" }));
  expect(await screen.findByText("Customer invited without documents")).toBeTruthy();
  expect(screen.queryByText("Customer invited successfully")).toBeNull();
  const body = calls.find((call) => call.method === "POST" && call.path === "/api/customers")?.body as Record<string, unknown>;
  expect(body).toMatchObject({ email: "jane@example.com", name: "Jane Doe", requiredDocuments: [] });
});

test("the default invitation's reminder is a day before a 7-day due date, and one that would go out with the invitation is said and not sent", async () => {
  const created = { ...customer({ id: "c9", name: "Jane", email: "jane@example.com" }), documents: [] };
  const calls = fakeServer(
    brokerServer([], subscription("unlimited"), ({ method, path }) =>
      method === "POST" && path === "/api/customers" ? json(201, created) : undefined,
    ),
  );
  renderApp("/customers");
  const dialog = await openAddDialog();
  fireEvent.change(field(dialog, "Customer Email"), { target: { value: "jane@example.com" } });
  fireEvent.click(within(dialog).getByRole("checkbox", { name: /^Send a reminder/ }));
  // The spec's 30 days before a 7-day due date is already past: the lead starts at 1 day.
  expect((within(dialog).getByLabelText("Remind before") as HTMLInputElement).value).toBe("1");
  expect(within(dialog).getByText(/^Reminder /)).toBeTruthy();

  fireEvent.change(within(dialog).getByLabelText("Remind before"), { target: { value: "30" } });
  expect(await within(dialog).findByText(/no separate reminder goes out/)).toBeTruthy();
  fireEvent.click(within(dialog).getByRole("button", { name: "Create Customer" }));
  await screen.findByText(/Customer invited/);
  const body = calls.find((call) => call.method === "POST" && call.path === "/api/customers")?.body as Record<string, unknown>;
  expect(body.reminderTime).toBeUndefined();
});

test("the customer's language starts at the workspace's default and is sent with the new customer", async () => {
  const created = { ...customer({ id: "c9", name: "Lucía", email: "lucia@example.com" }), documents: [] };
  const workspace = { id: "u1", name: "Acme", role: "owner", visibility: "all", claimedDomains: [], defaultRole: "broker", defaultLanguage: "es" };
  const calls = fakeServer(
    brokerServer([], subscription("unlimited"), ({ method, path }) =>
      method === "POST" && path === "/api/customers" ? json(201, created) : path === "/api/workspace" ? json(200, workspace) : undefined,
    ),
  );
  renderApp("/customers");
  const dialog = await openAddDialog();
  await waitFor(() => expect(within(dialog).getByRole("button", { name: /Customer's language/ }).textContent).toContain("Español"));
  fireEvent.change(field(dialog, "Customer Email"), { target: { value: "lucia@example.com" } });
  fireEvent.click(within(dialog).getByRole("button", { name: "Create Customer" }));
  await screen.findByText(/Customer invited/);
  const body = calls.find((call) => call.method === "POST" && call.path === "/api/customers")?.body as Record<string, unknown>;
  expect(body.language).toBe("es");
});
