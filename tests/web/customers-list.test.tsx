import { expect, test } from "bun:test";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { fakeServer, json, renderApp } from "../support/render-app";
import { brokerServer, customer } from "./customers-fixtures";
import { doc } from "./customer-detail-fixtures";

const jane = customer({ id: "c1", name: "Jane Doe", email: "jane@example.com", loanType: null });
const bob = customer({
  id: "c2",
  name: "Bob Smith",
  email: "bob@example.com",
  invitationStatus: "accepted",
  acceptedAt: new Date(Date.now() - 14 * 86_400_000).toISOString(),
});

test("without customers the list shows the spec's empty state", async () => {
  fakeServer(brokerServer([]));
  renderApp("/customers");
  expect(await screen.findByText("No invited customers found")).toBeTruthy();
});

test("search narrows the list by name or email; no match shows the empty state", async () => {
  fakeServer(brokerServer([jane, bob]));
  renderApp("/customers");
  expect(await screen.findByRole("link", { name: "Jane Doe" })).toBeTruthy();
  expect(screen.getByText("Accepted 2 weeks ago")).toBeTruthy();
  expect(screen.getAllByText("Invited 3 days ago")).toHaveLength(2);
  // The row's badge names the invitation (a bare "Pending" is the documents' word elsewhere).
  expect(screen.getAllByText("Invitation pending").length).toBeGreaterThan(0);
  expect(screen.getAllByText("Invitation accepted").length).toBeGreaterThan(0);
  // Resend Invitation only while the invitation is pending.
  expect(screen.getByRole("button", { name: "Resend Invitation to Jane Doe" })).toBeTruthy();
  expect(screen.queryByRole("button", { name: "Resend Invitation to Bob Smith" })).toBeNull();

  fireEvent.change(screen.getByLabelText("Search customers"), { target: { value: "BOB@" } });
  // The server answers the search; until then the failed check must not print the whole page.
  await waitFor(() => expect(screen.queryByRole("link", { name: "Jane Doe" }) === null).toBe(true));
  expect(screen.getByRole("link", { name: "Bob Smith" }).getAttribute("href")).toBe("/customer/c2");

  fireEvent.change(screen.getByLabelText("Search customers"), { target: { value: "nobody" } });
  expect(await screen.findByText("No invited customers found")).toBeTruthy();
});

test("Edit Customer insists on name, email and loan type", async () => {
  const calls = fakeServer(
    brokerServer([jane, bob], undefined, ({ path }) =>
      path === "/api/customer/c1" ? json(200, { ...jane, documents: [] }) : undefined,
    ),
  );
  renderApp("/customers");
  fireEvent.click(await screen.findByRole("button", { name: "Edit Customer Jane Doe" }));
  const dialog = await screen.findByRole("dialog", { name: "Edit Customer" });
  expect((within(dialog).getByLabelText(/^Name/) as HTMLInputElement).value).toBe("Jane Doe");
  // Without a name, saving is refused.
  fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: "  " } });
  fireEvent.click(within(dialog).getByRole("button", { name: "Save Changes" }));
  expect(await screen.findByText("Please fill in all required fields")).toBeTruthy();
  expect(calls.some((call) => call.method === "PUT")).toBe(false);
  expect(await within(dialog).findByText("No documents requested yet.")).toBeTruthy();
});

test("Edit Customer offers Not specified as a loan type, chosen when the customer has none, and saves it as none", async () => {
  const calls = fakeServer(
    brokerServer([jane], undefined, ({ method, path }) => {
      if (path === "/api/customer/c1") return json(200, { ...jane, documents: [] });
      if (method === "PUT" && path === "/api/customers/c1") return json(200, { ...jane, name: "Jane Roe", documents: [] });
      return undefined;
    }),
  );
  renderApp("/customers");
  fireEvent.click(await screen.findByRole("button", { name: "Edit Customer Jane Doe" }));
  const dialog = await screen.findByRole("dialog", { name: "Edit Customer" });
  expect(within(dialog).getByRole("button", { name: /Not specified/ })).toBeTruthy();
  fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: "Jane Roe" } });
  fireEvent.click(within(dialog).getByRole("button", { name: "Save Changes" }));
  expect(await screen.findByText("Customer details updated successfully")).toBeTruthy();
  const put = calls.find((call) => call.method === "PUT");
  expect(put?.body).toEqual({ name: "Jane Roe", email: "jane@example.com", loanType: "not-specified" });
});

test("Edit Customer: documents ticked under Add Documents are requested by Save, and the toast says so", async () => {
  const calls = fakeServer(
    brokerServer([jane], undefined, ({ method, path }) => {
      if (path === "/api/customer/c1") return json(200, { ...jane, documents: [] });
      if (method === "PUT" && path === "/api/customers/c1") return json(200, { ...jane, documents: [] });
      if (method === "POST" && path === "/api/customers/c1/request-documents") return json(201, { documents: [] });
      return undefined;
    }),
  );
  renderApp("/customers");
  fireEvent.click(await screen.findByRole("button", { name: "Edit Customer Jane Doe" }));
  const dialog = await screen.findByRole("dialog", { name: "Edit Customer" });
  fireEvent.click(await within(dialog).findByRole("checkbox", { name: /^Bank Statement/ }));
  // One button does it all, and says so.
  expect(within(dialog).queryByRole("button", { name: "Add Documents" })).toBeNull();
  fireEvent.click(within(dialog).getByRole("button", { name: "Save and Request 1 document" }));
  expect(await screen.findByText("Customer details updated successfully")).toBeTruthy();
  expect(screen.getByText("1 document requested.")).toBeTruthy();
  const request = calls.find((call) => call.method === "POST" && call.path === "/api/customers/c1/request-documents");
  expect(request?.body).toEqual({ documentTypes: ["Bank Statement"] });
});

test("Edit Customer never reports success when the ticked documents were not requested", async () => {
  fakeServer(
    brokerServer([jane], undefined, ({ method, path }) => {
      if (path === "/api/customer/c1") return json(200, { ...jane, documents: [] });
      if (method === "PUT" && path === "/api/customers/c1") return json(200, { ...jane, documents: [] });
      if (method === "POST" && path === "/api/customers/c1/request-documents") return json(500, { message: "Disk full" });
      return undefined;
    }),
  );
  renderApp("/customers");
  fireEvent.click(await screen.findByRole("button", { name: "Edit Customer Jane Doe" }));
  const dialog = await screen.findByRole("dialog", { name: "Edit Customer" });
  fireEvent.click(await within(dialog).findByRole("checkbox", { name: /^Bank Statement/ }));
  fireEvent.click(within(dialog).getByRole("button", { name: "Save and Request 1 document" }));
  expect(await screen.findByText("Documents not requested")).toBeTruthy();
  expect(screen.queryByText("Customer details updated successfully")).toBeNull();
  // The dialog stays open with the document still ticked, for another try.
  expect(within(dialog).getByRole("checkbox", { name: /^Bank Statement/ })).toHaveProperty("checked", true);
});

test("Edit Customer shows the standard documents the customer has as Already Added, disabled (SPEC 2)", async () => {
  const paystub = doc({ id: "d1", name: "paystub", status: "requested" });
  fakeServer(
    brokerServer([jane], undefined, ({ path }) => (path === "/api/customer/c1" ? json(200, { ...jane, documents: [paystub] }) : undefined)),
  );
  renderApp("/customers");
  fireEvent.click(await screen.findByRole("button", { name: "Edit Customer Jane Doe" }));
  const dialog = await screen.findByRole("dialog", { name: "Edit Customer" });
  // Matched by name whatever the case.
  const taken = (await within(dialog).findByRole("checkbox", { name: /^Paystub/ })) as HTMLInputElement;
  expect(taken.disabled).toBe(true);
  expect(within(dialog).getByText("Already Added")).toBeTruthy();
  expect((within(dialog).getByRole("checkbox", { name: /^Bank Statement/ }) as HTMLInputElement).disabled).toBe(false);
});

test("bulk reminders are confirmed first and report how many went out", async () => {
  const calls = fakeServer(
    brokerServer([jane], undefined, ({ method, path }) =>
      method === "POST" && path === "/api/send-bulk-reminders" ? json(200, { message: "ok", sentCount: 3 }) : undefined,
    ),
  );
  renderApp("/customers");
  await screen.findByRole("link", { name: "Jane Doe" });
  fireEvent.click(screen.getByRole("button", { name: "Send Bulk Reminders" }));
  const confirm = await screen.findByRole("alertdialog", { name: "Send Reminders" });
  expect(calls.some((call) => call.path === "/api/send-bulk-reminders")).toBe(false);
  fireEvent.click(within(confirm).getByRole("button", { name: "Send Reminders" }));
  expect(await screen.findByText("Reminders sent successfully")).toBeTruthy();
  expect(screen.getByText("Sent 3 reminder emails")).toBeTruthy();
});

test("bulk reminders that reach nobody are not reported as a success", async () => {
  fakeServer(
    brokerServer([jane], undefined, ({ method, path }) =>
      method === "POST" && path === "/api/send-bulk-reminders" ? json(200, { message: "Sent 0 reminder emails", sentCount: 0 }) : undefined,
    ),
  );
  renderApp("/customers");
  await screen.findByRole("link", { name: "Jane Doe" });
  fireEvent.click(screen.getByRole("button", { name: "Send Bulk Reminders" }));
  const confirm = await screen.findByRole("alertdialog", { name: "Send Reminders" });
  fireEvent.click(within(confirm).getByRole("button", { name: "Send Reminders" }));
  expect(await screen.findByText("No reminders sent")).toBeTruthy();
  expect(screen.queryByText("Reminders sent successfully")).toBeNull();
  expect(screen.queryByText("Sent 0 reminder emails")).toBeNull();
});

test("long lists are paged 25 at a time and sort by name", async () => {
  const many = Array.from({ length: 30 }, (_, i) =>
    customer({ id: `m${i}`, name: `Customer ${String(i).padStart(2, "0")}`, email: `c${i}@example.com` }),
  );
  fakeServer(brokerServer(many));
  renderApp("/customers");
  expect(await screen.findByText("Page 1 of 2")).toBeTruthy();
  expect(screen.getAllByRole("link", { name: /^Customer \d+$/ })).toHaveLength(25);

  fireEvent.click(screen.getByRole("button", { name: /^Customer/ }));
  await waitFor(() => expect(screen.getAllByRole("link", { name: /^Customer \d+$/ })[0]?.textContent).toBe("Customer 00"));
  fireEvent.click(screen.getByRole("button", { name: "Next page" }));
  await waitFor(() => expect(screen.getAllByRole("link", { name: /^Customer \d+$/ })).toHaveLength(5));
  expect(screen.getByText("Page 2 of 2")).toBeTruthy();
  expect(screen.getAllByRole("link", { name: /^Customer \d+$/ })[4]?.textContent).toBe("Customer 29");
});

test("30 customers show 25 a page; name sorting reverses from the header and the phone dropdown alike", async () => {
  // Invitation dates shuffled (7 and 30 are coprime) so date order and name order differ.
  const many = Array.from({ length: 30 }, (_, i) =>
    customer({
      id: `m${i}`,
      name: `Customer ${String(i).padStart(2, "0")}`,
      email: `c${i}@example.com`,
      invitedAt: new Date(Date.UTC(2024, 0, 1 + ((i * 7) % 30))).toISOString(),
    }),
  );
  const byName = many.map((c) => c.name);
  const newestFirst = [...many].sort((a, b) => b.invitedAt.localeCompare(a.invitedAt)).map((c) => c.name);
  const shown = () => screen.getAllByRole("link", { name: /^Customer \d+$/ }).map((link) => link.textContent);
  const ariaSort = (name: RegExp) => screen.getByRole("columnheader", { name }).getAttribute("aria-sort");
  fakeServer(brokerServer(many));
  renderApp("/customers");

  expect(await screen.findByText("1–25 of 30")).toBeTruthy();
  expect(shown()).toEqual(newestFirst.slice(0, 25));
  expect(ariaSort(/Activity/)).toBe("descending");
  expect(ariaSort(/Customer/)).toBe("none");

  fireEvent.click(screen.getByRole("button", { name: /^Customer/ }));
  await waitFor(() => expect(shown()).toEqual(byName.slice(0, 25)));
  expect(ariaSort(/Customer/)).toBe("ascending");
  expect(ariaSort(/Activity/)).toBe("none");

  fireEvent.click(screen.getByRole("button", { name: /^Customer/ }));
  await waitFor(() => expect(shown()).toEqual(byName.toReversed().slice(0, 25)));
  expect(ariaSort(/Customer/)).toBe("descending");

  // The phone dropdown reads and writes the same sort as the desktop headers.
  const sortPicker = screen.getByRole("button", { name: /Sort customers/ });
  expect(sortPicker.textContent).toContain("Name Z–A");
  fireEvent.click(sortPicker);
  fireEvent.click(await screen.findByRole("option", { name: "Name A–Z" }));
  await waitFor(() => expect(shown()).toEqual(byName.slice(0, 25)));
  expect(ariaSort(/Customer/)).toBe("ascending");
});
