// The customer page's own reminder cadence and expiry controls: Repeat reminders in Add Document
// (the same fields as Add New Customer and Request New Document), and an approved document's
// expiry date shown on its row and changed or removed from the row or the viewer.
import { expect, test } from "bun:test";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { fakeServer, json, renderApp, type FakeRoute } from "../support/render-app";
import { customer, detailServer, doc } from "./customer-detail-fixtures";

const field = (scope: HTMLElement, label: string) => within(scope).getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;

async function openDetail() {
  renderApp("/customer/c1");
  await screen.findByRole("list", { name: "Required documents" });
}

async function openAddDocument() {
  await openDetail();
  fireEvent.click(screen.getByRole("button", { name: "Request New Document" }));
  return screen.findByRole("dialog", { name: "Add Document" });
}

const requestServer = (extra?: FakeRoute) =>
  detailServer({
    customer: customer([doc({ id: "d1", name: "Paystub", status: "requested" })]),
    extra: (request) => {
      const answered = extra?.(request);
      if (answered) return answered;
      if (request.method === "POST" && request.path === "/api/customers/c1/request-documents") return json(200, { documents: [] });
      if (request.method === "PUT" && request.path === "/api/customers/c1/reminders/cadence") {
        return json(200, { paused: false, cadence: (request.body as { cadence: unknown }).cadence });
      }
      return undefined;
    },
  });

test("Add Document: repeat reminders appear with a due date, refuse a bad cadence, and are saved after the request", async () => {
  const calls = fakeServer(requestServer());
  const dialog = await openAddDocument();
  // Without a due date there is nothing to count back from.
  expect(within(dialog).queryByRole("checkbox", { name: /^Repeat reminders/ })).toBeNull();
  fireEvent.change(field(dialog, "Due date"), { target: { value: "2030-05-06" } });
  const repeat = (await within(dialog).findByRole("checkbox", { name: /^Repeat reminders/ })) as HTMLInputElement;
  expect(repeat.checked).toBe(false);
  fireEvent.click(repeat);
  expect(field(dialog, "First, days before due").value).toBe("3");
  fireEvent.change(field(dialog, "At most"), { target: { value: "50" } });
  expect(await within(dialog).findByText("Number of reminders must be between 1 and 20")).toBeTruthy();

  fireEvent.click(within(dialog).getByRole("checkbox", { name: /^Bank Statement/ }));
  fireEvent.click(within(dialog).getByRole("button", { name: "Request Documents" }));
  await new Promise((r) => setTimeout(r, 0));
  expect(calls.some((c) => c.path.endsWith("/request-documents"))).toBe(false);

  fireEvent.change(field(dialog, "At most"), { target: { value: "4" } });
  fireEvent.change(field(dialog, "Then every"), { target: { value: "1" } });
  fireEvent.click(within(dialog).getByRole("button", { name: "Request Documents" }));
  await waitFor(() =>
    expect(calls.find((c) => c.method === "PUT" && c.path === "/api/customers/c1/reminders/cadence")?.body).toEqual({
      cadence: { almostDueDays: 3, everyDays: 1, maxCount: 4 },
    }),
  );
  const order = calls.filter((c) => c.method !== "GET").map((c) => c.path);
  expect(order).toEqual(["/api/customers/c1/request-documents", "/api/customers/c1/reminders/cadence"]);
  expect((calls.find((c) => c.path.endsWith("/request-documents"))!.body as { dueDate: string }).dueDate).toBe(new Date(2030, 4, 6, 17, 0).toISOString());
  expect(await screen.findByText("Document Request Sent")).toBeTruthy();
  await waitFor(() => expect(screen.queryByRole("dialog", { name: "Add Document" })).toBeNull());
});

test("Add Document: without repeat reminders no cadence is sent, and a cadence the server refuses is reported", async () => {
  let refuse = false;
  const calls = fakeServer(
    requestServer(({ method, path }) =>
      refuse && method === "PUT" && path === "/api/customers/c1/reminders/cadence" ? json(409, { message: "This customer has no documents waiting to be uploaded." }) : undefined,
    ),
  );
  let dialog = await openAddDocument();
  fireEvent.change(field(dialog, "Due date"), { target: { value: "2030-05-06" } });
  fireEvent.click(within(dialog).getByRole("checkbox", { name: /^Bank Statement/ }));
  fireEvent.click(within(dialog).getByRole("button", { name: "Request Documents" }));
  expect(await screen.findByText("Document Request Sent")).toBeTruthy();
  expect(calls.some((c) => c.path.endsWith("/reminders/cadence"))).toBe(false);

  refuse = true;
  await waitFor(() => expect(screen.queryByRole("dialog", { name: "Add Document" })).toBeNull());
  fireEvent.click(screen.getByRole("button", { name: "Request New Document" }));
  dialog = await screen.findByRole("dialog", { name: "Add Document" });
  fireEvent.change(field(dialog, "Due date"), { target: { value: "2030-05-06" } });
  fireEvent.click(within(dialog).getByRole("checkbox", { name: /^Repeat reminders/ }));
  fireEvent.click(within(dialog).getByRole("checkbox", { name: /^Bank Statement/ }));
  fireEvent.click(within(dialog).getByRole("button", { name: "Request Documents" }));
  expect(await screen.findByText("Repeat reminders were not saved: This customer has no documents waiting to be uploaded.")).toBeTruthy();
});

// --- Expiry dates ---------------------------------------------------------------------------

const withFile = { fileUrl: "/api/documents/bank.pdf/download", originalName: "bank.pdf", fileName: "bank.pdf", mimeType: "application/pdf" };
const expiryCustomer = () =>
  customer([
    doc({ id: "d2", name: "Bank Statement", status: "approved", verifiedAt: "2025-03-03T10:00:00.000Z", ...withFile }),
    doc({ id: "d6", name: "Driver Licence", status: "approved", verifiedAt: "2025-03-03T10:00:00.000Z" }),
    doc({ id: "d1", name: "Paystub", status: "uploaded", uploadedAt: "2025-03-02T10:00:00.000Z", ...withFile }),
  ]);

/** A server that keeps the expiry dates it is sent, as the real one does. */
function expiryServer(expiries: Record<string, string>, refuse?: { status: number; message: string }) {
  return detailServer({
    customer: expiryCustomer(),
    extra: ({ method, path, body }) => {
      if (method === "GET" && path === "/api/customers/c1/document-expiries") {
        return json(200, { documents: Object.entries(expiries).map(([documentId, expiresOn]) => ({ documentId, expiresOn, renewalRequested: false })) });
      }
      const put = /^\/api\/documents\/(\w+)\/expiry$/.exec(path);
      if (method === "PUT" && put) {
        if (refuse) return json(refuse.status, { message: refuse.message });
        const next = (body as { expiresOn: string | null }).expiresOn;
        if (next) expiries[put[1]!] = next;
        else delete expiries[put[1]!];
        return json(200, { documentId: put[1], expiresOn: next });
      }
      if (path === "/api/documents/bank.pdf/download") return new Response("%PDF-1.4", { headers: { "content-type": "application/pdf" } });
      return undefined;
    },
  });
}

const row = (name: string) => screen.getByRole("heading", { name, level: 3 }).closest("li") as HTMLElement;

test("an approved document shows its expiry date; the date is changed from its row and the row follows", async () => {
  const expiries: Record<string, string> = { d2: "2027-05-31" };
  const calls = fakeServer(expiryServer(expiries));
  await openDetail();
  expect(await within(row("Bank Statement")).findByText("May 31, 2027")).toBeTruthy();
  expect(within(row("Bank Statement")).getByText("Expires:")).toBeTruthy();
  expect(within(row("Driver Licence")).queryByText("Expires:")).toBeNull();
  // Only approved documents carry one.
  expect(within(row("Paystub")).queryByRole("button", { name: /^Expiry Date/ })).toBeNull();

  fireEvent.click(within(row("Bank Statement")).getByRole("button", { name: "Expiry Date Bank Statement" }));
  const dialog = await screen.findByRole("dialog", { name: "Expiry Date" });
  expect(within(dialog).getByText(/expires on May 31, 2027/)).toBeTruthy();
  expect(field(dialog, "Expires on").value).toBe("2027-05-31");
  fireEvent.change(field(dialog, "Expires on"), { target: { value: "2027-09-01" } });
  fireEvent.click(within(dialog).getByRole("button", { name: "Save Expiry Date" }));

  expect(await screen.findByText("Bank Statement now expires on Sep 1, 2027")).toBeTruthy();
  expect(calls.find((c) => c.method === "PUT")).toMatchObject({ path: "/api/documents/d2/expiry", body: { expiresOn: "2027-09-01" } });
  await waitFor(() => expect(screen.queryByRole("dialog", { name: "Expiry Date" })).toBeNull());
  // The dates are fetched again after the change.
  expect(await within(row("Bank Statement")).findByText("Sep 1, 2027")).toBeTruthy();
});

test("a document without a date gets one; Remove and an emptied field both take it away", async () => {
  const expiries: Record<string, string> = { d2: "2027-05-31" };
  const calls = fakeServer(expiryServer(expiries));
  await openDetail();
  fireEvent.click(within(row("Driver Licence")).getByRole("button", { name: "Expiry Date Driver Licence" }));
  let dialog = await screen.findByRole("dialog", { name: "Expiry Date" });
  expect(within(dialog).getByText(/has no expiry date/)).toBeTruthy();
  expect(within(dialog).queryByRole("button", { name: "Remove Expiry Date" })).toBeNull();
  fireEvent.change(field(dialog, "Expires on"), { target: { value: "2028-01-15" } });
  fireEvent.click(within(dialog).getByRole("button", { name: "Save Expiry Date" }));
  expect(await within(row("Driver Licence")).findByText("Jan 15, 2028")).toBeTruthy();

  fireEvent.click(within(row("Bank Statement")).getByRole("button", { name: "Expiry Date Bank Statement" }));
  dialog = await screen.findByRole("dialog", { name: "Expiry Date" });
  fireEvent.click(within(dialog).getByRole("button", { name: "Remove Expiry Date" }));
  expect(await screen.findByText("Bank Statement no longer has an expiry date")).toBeTruthy();
  await waitFor(() => expect(within(row("Bank Statement")).queryByText("Expires:")).toBeNull());

  fireEvent.click(within(row("Driver Licence")).getByRole("button", { name: "Expiry Date Driver Licence" }));
  dialog = await screen.findByRole("dialog", { name: "Expiry Date" });
  fireEvent.change(field(dialog, "Expires on"), { target: { value: "" } });
  fireEvent.click(within(dialog).getByRole("button", { name: "Save Expiry Date" }));
  expect(await screen.findByText("Driver Licence no longer has an expiry date")).toBeTruthy();
  expect(calls.filter((c) => c.method === "PUT").map((c) => [c.path, c.body])).toEqual([
    ["/api/documents/d6/expiry", { expiresOn: "2028-01-15" }],
    ["/api/documents/d2/expiry", { expiresOn: null }],
    ["/api/documents/d6/expiry", { expiresOn: null }],
  ]);
  expect(expiries).toEqual({});
});

test("a refused change keeps the dialog open with the server's message; the viewer offers the same dialog", async () => {
  fakeServer(expiryServer({ d2: "2027-05-31" }, { status: 409, message: "Only an approved document can carry an expiry date." }));
  await openDetail();
  fireEvent.click(within(row("Bank Statement")).getByRole("button", { name: "View Bank Statement" }));
  const viewer = await screen.findByRole("dialog", { name: "Bank Statement" });
  fireEvent.click(within(viewer).getByRole("button", { name: "Expiry Date" }));
  const dialog = await screen.findByRole("dialog", { name: "Expiry Date" });
  expect(screen.queryByRole("dialog", { name: "Bank Statement" })).toBeNull();
  fireEvent.change(field(dialog, "Expires on"), { target: { value: "2027-06-30" } });
  fireEvent.click(within(dialog).getByRole("button", { name: "Save Expiry Date" }));
  expect(await screen.findByText("Only an approved document can carry an expiry date.")).toBeTruthy();
  expect(screen.getByRole("dialog", { name: "Expiry Date" })).toBeTruthy();
  expect(within(row("Bank Statement")).getByText("May 31, 2027")).toBeTruthy();
});
