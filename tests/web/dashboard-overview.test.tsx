import { expect, test } from "bun:test";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
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
  expect(within(bobCard).getByText("BS")).toBeTruthy();
});

test("searching the overview matches name or email, ignoring case", async () => {
  fakeServer(brokerServer([jane, bob]));
  renderApp("/dashboard");
  await screen.findByRole("link", { name: /Jane Doe/ });
  const search = screen.getByLabelText("Search customers");

  fireEvent.change(search, { target: { value: "JANE" } });
  await waitFor(() => expect(screen.queryByRole("link", { name: /Bob Smith/ })).toBeNull());
  expect(screen.getByRole("link", { name: /Jane Doe/ })).toBeTruthy();

  fireEvent.change(search, { target: { value: "WORK.example" } });
  await waitFor(() => expect(screen.queryByRole("link", { name: /Jane Doe/ })).toBeNull());
  expect(screen.getByRole("link", { name: /Bob Smith/ })).toBeTruthy();

  fireEvent.change(search, { target: { value: "zzz" } });
  expect(await screen.findByText("No customers match your search")).toBeTruthy();
});

test("Send Reminder asks first, then reports the result", async () => {
  const calls = fakeServer(
    brokerServer([jane], undefined, ({ method, path }) =>
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
