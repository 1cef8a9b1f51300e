// SPEC 3/9: "maxAllowed (default 3 if missing)". Every screen that reads a per-customer cap from
// the server treats a missing one as 3: the Request New Document dialog (from the subscription's
// limits), the Add Document dialog and Quick Actions (from document-limit), the Profile (from
// the subscription's limits). -1 still means no cap.
import { expect, test } from "bun:test";
import { fireEvent, screen, within } from "@testing-library/react";
import type { DocumentLimit, SubscriptionDto } from "../../src/shared/api-types";
import { fakeServer, renderApp } from "../support/render-app";
import { customer as detailCustomer, detailServer, doc } from "./customer-detail-fixtures";
import { brokerServer, customer, subscription } from "./customers-fixtures";

/** An unlimited plan (no per-request cap) whose limits leave out the documents limit. */
const withoutDocumentsLimit: SubscriptionDto = subscription("unlimited", {
  limits: { customersUsed: 0, customersLimit: -1, documentsUsed: 0 } as SubscriptionDto["limits"],
});

const bob = customer({
  id: "c2",
  name: "Bob Smith",
  email: "bob@example.com",
  documentCounts: { total: 2, approved: 0, underReview: 0, awaitingUpload: 2, overdue: 0 },
});

test("Request New Document: a subscription without the documents limit caps each customer at 3", async () => {
  fakeServer(brokerServer([bob], withoutDocumentsLimit));
  renderApp("/dashboard?action=request-document");
  const dialog = await screen.findByRole("dialog", { name: "Request New Document" });
  await within(dialog).findByRole("checkbox", { name: /Bob Smith/ });
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
});

test("Request New Document: -1 is no cap, so the counter has no maximum", async () => {
  fakeServer(brokerServer([bob], subscription("unlimited")));
  renderApp("/dashboard?action=request-document");
  const dialog = await screen.findByRole("dialog", { name: "Request New Document" });
  await within(dialog).findByRole("checkbox", { name: /Bob Smith/ });
  expect(within(dialog).queryByText("2/3")).toBeNull();
});

test("Add Document: a document limit without maxAllowed warns at 3 and blocks above it", async () => {
  fakeServer(
    detailServer({
      customer: detailCustomer([doc({ id: "d1", name: "Paystub", status: "requested" })]),
      limit: { currentCount: 1 } as DocumentLimit,
    }),
  );
  renderApp("/customer/c1");
  await screen.findByRole("list", { name: "Required documents" });
  fireEvent.click(screen.getByRole("button", { name: "Request New Document" }));
  const dialog = await screen.findByRole("dialog", { name: "Add Document" });
  fireEvent.click(within(dialog).getByRole("checkbox", { name: /^Bank Statement/ }));
  expect(await within(dialog).findByText("Grace Hopper will have 2 requested documents; your plan allows 3 per customer.")).toBeTruthy();
  fireEvent.click(within(dialog).getByRole("checkbox", { name: /^Tax Returns/ }));
  expect(await within(dialog).findByText("Grace Hopper will have 3 requested documents, the most your plan allows per customer.")).toBeTruthy();
  fireEvent.click(within(dialog).getByRole("checkbox", { name: /^Photo ID/ }));
  expect(await within(dialog).findByText("Document Limit Reached")).toBeTruthy();
});
