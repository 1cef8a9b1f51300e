import { expect, test } from "bun:test";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { fakeServer, json, renderApp } from "../support/render-app";
import { brokerServer, customer, subscription } from "./customers-fixtures";

const jane = customer({ id: "c1", name: "Jane Doe", email: "jane@example.com" });
const bob = customer({
  id: "c2",
  name: "Bob Smith",
  email: "bob@example.com",
  documentCounts: { total: 2, approved: 0, underReview: 0, awaitingUpload: 2, overdue: 0 },
});

async function openRequestDialog(url = "/dashboard?action=request-document") {
  renderApp(url);
  const dialog = await screen.findByRole("dialog", { name: "Request New Document" });
  // Wait for the customer list inside the dialog.
  await within(dialog).findByRole("checkbox", { name: /Jane Doe/ });
  return dialog;
}

test("requesting without documents, then without recipients, says what is missing", async () => {
  const calls = fakeServer(brokerServer([jane, bob]));
  const dialog = await openRequestDialog();
  fireEvent.click(within(dialog).getByRole("button", { name: "Send Request" }));
  expect(await screen.findByText("No Documents Selected")).toBeTruthy();
  expect(screen.getByText("Please select at least one document to request.")).toBeTruthy();

  fireEvent.click(within(dialog).getByRole("checkbox", { name: /^Paystub/ }));
  fireEvent.click(within(dialog).getByRole("button", { name: "Send Request" }));
  expect(await screen.findByText("No Recipients Selected")).toBeTruthy();
  expect(screen.getByText("Please select existing customers or add a new customer.")).toBeTruthy();
  expect(calls.some((call) => call.path.endsWith("/request-documents"))).toBe(false);
});

test("the per-customer cap stops a request that would exceed it", async () => {
  const calls = fakeServer(brokerServer([jane, bob], subscription("free")));
  const dialog = await openRequestDialog();
  // Bob has 2 of the free plan's 3; his counter says so.
  expect(within(dialog).getByText("2/3")).toBeTruthy();
  fireEvent.click(within(dialog).getByRole("checkbox", { name: /^Paystub/ }));
  fireEvent.click(within(dialog).getByRole("checkbox", { name: /^Photo ID/ }));
  fireEvent.click(within(dialog).getByRole("checkbox", { name: /Bob Smith/ }));
  fireEvent.click(within(dialog).getByRole("button", { name: "Send Request" }));
  expect(await screen.findByText("Document Limit Exceeded")).toBeTruthy();
  expect(
    screen.getByText(
      "Cannot add 2 documents. Customer already has 2 requested documents. Maximum allowed is 3 requested documents per customer based on your subscription plan.",
    ),
  ).toBeTruthy();
  expect(calls.some((call) => call.path.endsWith("/request-documents"))).toBe(false);
});

test("the plan's per-request cap stops ticking more documents", async () => {
  fakeServer(brokerServer([jane], subscription("free")));
  const dialog = await openRequestDialog();
  for (const name of ["Paystub", "Photo ID", "Tax Returns", "Bank Statement"]) {
    fireEvent.click(within(dialog).getByRole("checkbox", { name: new RegExp(`^${name}`) }));
  }
  expect(await screen.findByText("Document Limit Reached")).toBeTruthy();
  expect(screen.getByText("You can only select up to 3 documents per request based on your subscription plan.")).toBeTruthy();
  expect(within(dialog).getByRole("checkbox", { name: /^Bank Statement/ })).toHaveProperty("checked", false);
});

test("a request goes to each chosen customer with standard and custom documents", async () => {
  const calls = fakeServer(
    brokerServer([jane, bob], subscription("unlimited"), ({ method, path }) =>
      method === "POST" && path.endsWith("/request-documents") ? json(201, { documents: [] }) : undefined,
    ),
  );
  const dialog = await openRequestDialog();
  fireEvent.click(within(dialog).getByRole("checkbox", { name: /^Paystub/ }));
  const custom = within(dialog).getByLabelText(/^Custom document/);
  fireEvent.change(custom, { target: { value: "Gift letter" } });
  fireEvent.keyDown(custom, { key: "Enter" });
  await within(dialog).findByRole("button", { name: "Remove Gift letter" });
  fireEvent.click(within(dialog).getByRole("checkbox", { name: /Jane Doe/ }));
  fireEvent.click(within(dialog).getByRole("checkbox", { name: /Bob Smith/ }));
  fireEvent.click(within(dialog).getByRole("button", { name: "Send Request" }));

  expect(await screen.findByText("Document Request Sent")).toBeTruthy();
  expect(screen.getByText("Documents requested for 2 customers.")).toBeTruthy();
  const requests = calls.filter((call) => call.path.endsWith("/request-documents"));
  expect(requests.map((call) => call.path)).toEqual(["/api/customers/c1/request-documents", "/api/customers/c2/request-documents"]);
  expect(requests[0]?.body).toEqual({ documentTypes: ["Paystub", "custom:Gift letter:Custom document"] });
  await waitFor(() => expect(screen.queryByRole("dialog", { name: "Request New Document" })).toBeNull());
});

test("an existing customer's email typed as a new customer asks that customer instead of creating a duplicate", async () => {
  const calls = fakeServer(
    brokerServer([jane, bob], subscription("unlimited"), ({ method, path }) =>
      method === "POST" && path === "/api/customers/c1/request-documents" ? json(201, { documents: [] }) : undefined,
    ),
  );
  const dialog = await openRequestDialog();
  fireEvent.click(within(dialog).getByRole("checkbox", { name: /^Paystub/ }));
  fireEvent.change(within(dialog).getByLabelText(/^New customer email/), { target: { value: " JANE@example.com " } });
  // Asked of the server once typing pauses (the dialog no longer holds every customer).
  expect(await within(dialog).findByText("Jane Doe is already your customer: the documents are requested from them.")).toBeTruthy();
  fireEvent.click(within(dialog).getByRole("button", { name: "Send Request" }));
  expect(await screen.findByText("Document Request Sent")).toBeTruthy();
  expect(screen.getByText("Documents requested for 1 customer.")).toBeTruthy();
  expect(calls.some((call) => call.method === "POST" && call.path === "/api/customers")).toBe(false);
  expect(calls.find((call) => call.path === "/api/customers/c1/request-documents")?.body).toEqual({ documentTypes: ["Paystub"] });
});
