import type { DocumentLimit } from "@shared/api-types";
import { expect, test } from "bun:test";
import { fireEvent, screen, within } from "@testing-library/react";
import { fakeServer, renderApp } from "../support/render-app";
import { customer, detailServer, doc } from "./customer-detail-fixtures";

async function requiredList() {
  return screen.findByRole("list", { name: "Required documents" });
}

test("the detail screen counts approved documents and leaves shared files out of the requirements", async () => {
  fakeServer(detailServer());
  renderApp("/customer/c1");

  expect(await screen.findByRole("heading", { level: 1, name: "Grace Hopper" })).toBeTruthy();
  expect(screen.getByText("1 of 5 Approved")).toBeTruthy();
  const list = await requiredList();
  expect(within(list).queryByText("Welcome pack")).toBeNull();
  expect(within(list).getAllByRole("listitem")).toHaveLength(5);

  const shared = screen.getByRole("list", { name: "Shared documents" });
  expect(within(shared).getByText("welcome.pdf")).toBeTruthy();
  expect(within(shared).getByRole("button", { name: "Delete welcome.pdf" })).toBeTruthy();

  // Personal information and progress.
  const info = screen.getByRole("region", { name: "Personal Information" });
  expect(within(info).getByText("FHA")).toBeTruthy();
  expect(within(info).getByText("Pending")).toBeTruthy();
  expect(screen.getByRole("progressbar", { name: "Documents approved" }).getAttribute("aria-valuenow")).toBe("20");
  expect(within(list).getByText("paystub.pdf")).toBeTruthy();
  expect(within(list).getAllByText(/239\.3 KB/).length).toBeGreaterThan(0);
  expect(within(list).getByText("The photo is blurry")).toBeTruthy();
});

test("searching filters documents by name, ignoring case, and says when nothing matches", async () => {
  fakeServer(detailServer());
  renderApp("/customer/c1");
  const list = await requiredList();
  const search = screen.getByRole("searchbox", { name: "Search documents" });
  expect(search.getAttribute("placeholder")).toBe("Search documents by name...");

  fireEvent.change(search, { target: { value: "PAY" } });
  expect(within(list).getAllByRole("listitem")).toHaveLength(1);
  expect(within(list).getByRole("heading", { name: "Paystub" })).toBeTruthy();

  fireEvent.change(search, { target: { value: "mortgage deed" } });
  expect(await screen.findByText("No documents found matching the search term.")).toBeTruthy();
  expect(screen.queryByRole("list", { name: "Required documents" })).toBeNull();
});

test("a customer with only shared files has no required documents and is pending", async () => {
  fakeServer(detailServer({ customer: customer([doc({ id: "s1", name: "Guide", status: "shared" })]) }));
  renderApp("/customer/c1");
  expect(await screen.findByText("No documents required for this customer.")).toBeTruthy();
  expect(screen.getByText("0 of 0 Approved")).toBeTruthy();
  expect(within(screen.getByRole("region", { name: "Personal Information" })).getByText("Pending")).toBeTruthy();
});

test("Approve and Re-Submit appear only for documents with a file to judge", async () => {
  fakeServer(detailServer());
  renderApp("/customer/c1");
  const list = await requiredList();

  const approve = within(list).getAllByRole("button", { name: /^Approve / }).map((b) => b.textContent);
  const resubmit = within(list).getAllByRole("button", { name: /^Re-Submit / }).map((b) => b.textContent);
  expect(approve).toEqual(["Approve Paystub", "Approve Photo ID"]);
  expect(resubmit).toEqual(["Re-Submit Paystub", "Re-Submit Photo ID"]);
  // View for uploaded, approved and re-submit with a file; never for the document without one.
  expect(within(list).getAllByRole("button", { name: /^View / }).map((b) => b.textContent)).toEqual([
    "View Paystub",
    "View Bank Statement",
    "View Photo ID",
  ]);
  // A due date on a document that is not approved offers Set Due-Date and an urgency badge.
  expect(within(list).getByRole("button", { name: "Set Due-Date Tax Returns" })).toBeTruthy();
  expect(within(list).getByText(/^Due in 3 days/)).toBeTruthy();
});

test("Request New Document is disabled at the customer's document cap", async () => {
  fakeServer(detailServer({ limit: { currentCount: 3, maxAllowed: 3 } }));
  renderApp("/customer/c1");
  const button = await screen.findByRole("button", { name: "3 Document Limit Reached" });
  expect(button.hasAttribute("disabled")).toBe(true);
  expect(screen.queryByRole("button", { name: "Request New Document" })).toBeNull();
});

test("a document limit without maxAllowed means the spec's 3 (SPEC 3: default 3 if missing)", async () => {
  fakeServer(detailServer({ limit: { currentCount: 3 } as DocumentLimit }));
  renderApp("/customer/c1");
  const button = await screen.findByRole("button", { name: "3 Document Limit Reached" });
  expect(button.hasAttribute("disabled")).toBe(true);
});

test("Request New Document stays available on an unlimited plan", async () => {
  fakeServer(detailServer({ limit: { currentCount: 40, maxAllowed: -1 } }));
  renderApp("/customer/c1");
  await requiredList();
  expect(screen.getByRole("button", { name: "Request New Document" }).hasAttribute("disabled")).toBe(false);
});

test("an unknown customer shows the Customer Not Found page with a way back", async () => {
  fakeServer(detailServer());
  renderApp("/customer/nobody");
  expect(await screen.findByRole("heading", { name: "Customer Not Found" })).toBeTruthy();
  expect(screen.getByRole("link", { name: "Back to All Customers" }).getAttribute("href")).toBe("/customers");
});

test("a re-submit reason is not shown once the customer has uploaded again", async () => {
  fakeServer(
    detailServer({
      customer: customer([doc({ id: "r1", name: "Paystub", status: "uploaded", fileUrl: "/f", rejectionReason: "The photo is blurry" })]),
    }),
  );
  renderApp("/customer/c1");
  const list = await requiredList();
  expect(within(list).getByRole("heading", { name: "Paystub" })).toBeTruthy();
  expect(within(list).queryByText("The photo is blurry")).toBeNull();
  expect(within(list).queryByText(/Re-submit reason/)).toBeNull();
});
