import { expect, test } from "bun:test";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { fakeServer, json, renderApp } from "../support/render-app";
import { customer, detailServer, doc } from "./customer-detail-fixtures";

// Labels of required fields end in an aria-hidden "*", so match the start of the label.
function type(scope: HTMLElement, label: string, value: string) {
  fireEvent.change(within(scope).getByLabelText(new RegExp(`^${label}`)), { target: { value } });
}

async function openDetail() {
  renderApp("/customer/c1");
  await screen.findByRole("list", { name: "Required documents" });
}

test("approving sends status approved with the comments and confirms", async () => {
  const calls = fakeServer(
    detailServer({ extra: ({ method, path }) => (method === "POST" && path === "/api/documents/d1/verify" ? json(200, {}) : undefined) }),
  );
  await openDetail();
  fireEvent.click(screen.getByRole("button", { name: "Approve Paystub" }));
  const dialog = await screen.findByRole("dialog", { name: "Approve Document" });
  type(dialog, "Comments", "Looks good");
  fireEvent.click(within(dialog).getByRole("button", { name: "Approve Document" }));

  expect(await screen.findByText("Document verified")).toBeTruthy();
  expect(screen.getByText("Document verification status has been updated successfully.")).toBeTruthy();
  expect(calls.find((call) => call.path === "/api/documents/d1/verify")?.body).toEqual({ status: "approved", comments: "Looks good" });
  await waitFor(() => expect(screen.queryByRole("dialog", { name: "Approve Document" })).toBeNull());
  // Focus goes to the document's heading (its Approve button is about to disappear), not <body>.
  await waitFor(() => expect(document.activeElement?.textContent).toBe("Paystub"));
  expect(document.activeElement?.tagName).toBe("H3");
});

test("a failed verification says so", async () => {
  fakeServer(detailServer({ extra: ({ path }) => (path === "/api/documents/d1/verify" ? json(409, { message: "No" }) : undefined) }));
  await openDetail();
  fireEvent.click(screen.getByRole("button", { name: "Approve Paystub" }));
  const dialog = await screen.findByRole("dialog", { name: "Approve Document" });
  fireEvent.click(within(dialog).getByRole("button", { name: "Approve Document" }));
  expect(await screen.findByText("Failed to verify document. Please try again.")).toBeTruthy();
});

test("a re-submit needs a reason before anything is sent", async () => {
  const calls = fakeServer(
    detailServer({ extra: ({ path }) => (path === "/api/documents/d4/verify" ? json(200, {}) : undefined) }),
  );
  await openDetail();
  fireEvent.click(screen.getByRole("button", { name: "Re-Submit Photo ID" }));
  const dialog = await screen.findByRole("dialog", { name: "Re-Submit Document" });
  fireEvent.click(within(dialog).getByRole("button", { name: "Request Re-Submission" }));

  expect(await within(dialog).findByText("Please enter a reason for re-submission.")).toBeTruthy();
  expect(calls.some((call) => call.path.endsWith("/verify"))).toBe(false);

  type(dialog, "Reason for re-submission", "Both sides of the card, please");
  fireEvent.click(within(dialog).getByRole("button", { name: "Request Re-Submission" }));
  await waitFor(() =>
    expect(calls.find((call) => call.path === "/api/documents/d4/verify")?.body).toEqual({
      status: "rejected",
      rejectionReason: "Both sides of the card, please",
    }),
  );
});

test("bulk due dates need at least one document, and only waiting documents are offered", async () => {
  const calls = fakeServer(
    detailServer({ extra: ({ path }) => (path === "/api/documents/bulk-due-date" ? json(200, { updated: 1, documents: [] }) : undefined) }),
  );
  await openDetail();
  fireEvent.click(screen.getByRole("button", { name: "Set Due Date & Reminder" }));
  const dialog = await screen.findByRole("dialog", { name: "Set Due Date & Reminder" });
  // Uploaded, approved and shared documents are not eligible.
  const offered = within(within(dialog).getByRole("group", { name: "Documents" }))
    .getAllByRole("checkbox")
    .map((box) => box.closest("label")?.querySelector("span > span")?.textContent);
  expect(offered).toEqual(["Select all", "Tax Returns", "Photo ID", "Credit Report"]);

  fireEvent.click(within(dialog).getByRole("button", { name: "Set Due Date" }));
  expect(await within(dialog).findByText("Please select at least one document")).toBeTruthy();
  expect(calls.some((call) => call.path === "/api/documents/bulk-due-date")).toBe(false);

  fireEvent.click(within(dialog).getByRole("checkbox", { name: /^Tax Returns/ }));
  type(dialog, "Due date", "2030-06-01");
  type(dialog, "Due time", "09:30");
  fireEvent.click(within(dialog).getByRole("button", { name: "Set Due Date" }));
  expect(await screen.findByText("Due dates updated successfully for selected documents")).toBeTruthy();
  const body = calls.find((call) => call.path === "/api/documents/bulk-due-date")?.body as Record<string, unknown>;
  expect(body.documentIds).toEqual(["d3"]);
  expect(new Date(body.dueDate as string).getTime()).toBe(new Date(2030, 5, 1, 9, 30).getTime());
  expect(body.reminderTime).toBeUndefined();
});

test("the bulk reminder defaults to the spec's 30 days before the due time where that fits, else a day", async () => {
  const calls = fakeServer(
    detailServer({ extra: ({ path }) => (path === "/api/documents/bulk-due-date" ? json(400, { message: "Due date must be in the future" }) : undefined) }),
  );
  await openDetail();
  fireEvent.click(screen.getByRole("button", { name: "Set Due Date & Reminder" }));
  const dialog = await screen.findByRole("dialog", { name: "Set Due Date & Reminder" });
  fireEvent.click(within(dialog).getByRole("checkbox", { name: "Select all" }));
  fireEvent.click(within(dialog).getByRole("checkbox", { name: /^Send a reminder/ }));
  // The suggested due date is 7 days ahead: 30 days before it is already past, so a day before.
  expect((within(dialog).getByLabelText("Remind before") as HTMLInputElement).value).toBe("1");
  type(dialog, "Due date", "2030-06-01");
  type(dialog, "Due time", "09:30");
  expect((within(dialog).getByLabelText("Remind before") as HTMLInputElement).value).toBe("30");
  fireEvent.click(within(dialog).getByRole("button", { name: "Set Due Date" }));

  // The server's message wins over the generic one.
  expect(await screen.findByText("Due date must be in the future")).toBeTruthy();
  const body = calls.find((call) => call.path === "/api/documents/bulk-due-date")?.body as Record<string, unknown>;
  expect(body.documentIds).toEqual(["d3", "d4", "d5"]);
  expect(new Date(body.reminderTime as string).getTime()).toBe(new Date(2030, 4, 2, 9, 30).getTime());
});

test("the single Change Due-Date offers a reminder too, and sends its time with the due date", async () => {
  const calls = fakeServer(
    detailServer({ extra: ({ path }) => (path === "/api/documents/d3/due-date" ? json(200, {}) : undefined) }),
  );
  await openDetail();
  fireEvent.click(screen.getByRole("button", { name: "Set Due-Date Tax Returns" }));
  const dialog = await screen.findByRole("dialog", { name: "Change Due-Date" });
  type(dialog, "Due date", "2030-06-01");
  type(dialog, "Due time", "09:30");
  fireEvent.click(within(dialog).getByRole("checkbox", { name: /^Send a reminder/ }));
  type(dialog, "Remind before", "2");
  fireEvent.click(within(dialog).getByRole("button", { name: "Update Due Date" }));
  expect(await screen.findByText("Document due time updated successfully")).toBeTruthy();
  const body = calls.find((call) => call.path === "/api/documents/d3/due-date")?.body as Record<string, unknown>;
  expect(new Date(body.dueDate as string).getTime()).toBe(new Date(2030, 5, 1, 9, 30).getTime());
  expect(new Date(body.reminderTime as string).getTime()).toBe(new Date(2030, 4, 30, 9, 30).getTime());
});

test("Add Document hides what the customer already has and asks for something to request", async () => {
  const calls = fakeServer(
    detailServer({
      customer: customer([doc({ id: "d1", name: "paystub", status: "requested" })]),
      limit: { currentCount: 1, maxAllowed: 3 },
      extra: ({ path }) => (path === "/api/customers/c1/request-documents" ? json(403, { message: "Limit" }) : undefined),
    }),
  );
  await openDetail();
  fireEvent.click(screen.getByRole("button", { name: "Request New Document" }));
  const dialog = await screen.findByRole("dialog", { name: "Add Document" });
  expect(within(dialog).queryByRole("checkbox", { name: /^Paystub/ })).toBeNull();
  expect(within(dialog).getByRole("checkbox", { name: /^Bank Statement/ })).toBeTruthy();

  fireEvent.click(within(dialog).getByRole("button", { name: "Request Documents" }));
  expect(await screen.findByText("Please add a custom document to request.")).toBeTruthy();
  expect(calls.some((call) => call.path.endsWith("/request-documents"))).toBe(false);

  // 1 existing + 1 chosen is the cap minus one: the warning shows already (SPEC 5).
  expect(within(dialog).queryByText("Approaching Document Limit")).toBeNull();
  fireEvent.click(within(dialog).getByRole("checkbox", { name: /^Bank Statement/ }));
  expect(await within(dialog).findByText("Approaching Document Limit")).toBeTruthy();
  expect(within(dialog).getByText("Grace Hopper will have 2 requested documents; your plan allows 3 per customer.")).toBeTruthy();

  // 1 existing + 2 chosen reaches the cap of 3: a warning, not yet a block.
  type(dialog, "Custom document", "Divorce decree");
  fireEvent.click(within(dialog).getByRole("button", { name: "Add" }));
  expect(await within(dialog).findByText("Grace Hopper will have 3 requested documents, the most your plan allows per customer.")).toBeTruthy();

  fireEvent.click(within(dialog).getByRole("checkbox", { name: /^Tax Returns/ }));
  expect(await within(dialog).findByText("Document Limit Reached")).toBeTruthy();
  fireEvent.click(within(dialog).getByRole("checkbox", { name: /^Tax Returns/ }));

  fireEvent.click(within(dialog).getByRole("button", { name: "Request Documents" }));
  expect(await screen.findByText("You have reached your document request limit.")).toBeTruthy();
  expect(calls.find((call) => call.path === "/api/customers/c1/request-documents")?.body).toEqual({
    documentTypes: ["Bank Statement", "custom:Divorce decree:Custom document"],
  });
});

test("on an unlimited plan standard documents never lock, as in the All Customers dialog", async () => {
  const docs = ["A", "B", "C", "D"].map((name, i) => doc({ id: `x${i}`, name, status: "requested" }));
  fakeServer(detailServer({ customer: customer(docs), limit: { currentCount: 4, maxAllowed: -1 } }));
  await openDetail();
  fireEvent.click(screen.getByRole("button", { name: "Request New Document" }));
  const dialog = await screen.findByRole("dialog", { name: "Add Document" });
  // Give the limit query its answer before judging.
  await waitFor(() => expect(screen.queryByText(/standard documents\s+are locked/)).toBeNull());
  const paystub = within(dialog).getByRole("checkbox", { name: /^Paystub/ });
  expect(paystub.hasAttribute("disabled")).toBe(false);
  fireEvent.click(paystub);
  expect(paystub).toHaveProperty("checked", true);
});

test("deleting the customer lists what goes and returns to All Customers", async () => {
  const calls = fakeServer(
    detailServer({ extra: ({ method, path }) => (method === "DELETE" && path === "/api/customers/c1" ? json(200, { message: "ok" }) : undefined) }),
  );
  await openDetail();
  fireEvent.click(screen.getByRole("button", { name: "Delete This Customer" }));
  const dialog = await screen.findByRole("alertdialog", { name: "Delete Customer" });
  expect(within(dialog).getByText("All uploaded documents")).toBeTruthy();
  expect(within(dialog).getByText("This action cannot be undone.")).toBeTruthy();
  fireEvent.click(within(dialog).getByRole("button", { name: "Delete Customer" }));

  expect(await screen.findByText("Customer deleted")).toBeTruthy();
  expect(await screen.findByRole("heading", { name: "All Customers" })).toBeTruthy();
  expect(calls.some((call) => call.method === "DELETE" && call.path === "/api/customers/c1")).toBe(true);
});

test("sending a reminder confirms first and reports the outcome", async () => {
  fakeServer(detailServer({ extra: ({ path }) => (path === "/api/customer/c1/send-reminder" ? json(502, { message: "Mail server unreachable" }) : undefined) }));
  await openDetail();
  fireEvent.click(screen.getByRole("button", { name: "Send Reminder" }));
  const dialog = await screen.findByRole("alertdialog", { name: "Send Reminder Email" });
  fireEvent.click(within(dialog).getByRole("button", { name: "Send Reminder" }));
  expect(await screen.findByText("Mail server unreachable")).toBeTruthy();
});

test("a customer who owes nothing: Send Reminder is off, and says why", async () => {
  fakeServer(detailServer({ customer: customer([doc({ id: "d1", name: "Paystub", status: "approved" }), doc({ id: "d2", name: "W-2", status: "uploaded" })]) }));
  renderApp("/customer/c1");
  const button = await screen.findByRole("button", { name: "Send Reminder" });
  expect(button.hasAttribute("disabled") || button.getAttribute("aria-disabled") === "true" || button.hasAttribute("data-disabled")).toBe(true);
  expect(document.getElementById(button.getAttribute("aria-describedby")!)?.textContent).toBe("Nothing to remind Grace Hopper of: no document is waiting for them.");
});

test("deleting a shared document asks the browser first", async () => {
  const calls = fakeServer(
    detailServer({ extra: ({ method, path }) => (method === "DELETE" && path === "/api/documents/s1" ? json(200, { message: "ok" }) : undefined) }),
  );
  const asked: string[] = [];
  const realConfirm = window.confirm;
  window.confirm = (message?: string) => {
    asked.push(message ?? "");
    return asked.length > 1; // no the first time, yes the second
  };
  try {
    await openDetail();
    const button = screen.getByRole("button", { name: "Delete welcome.pdf" });
    fireEvent.click(button);
    expect(asked[0]).toBe('Are you sure you want to delete "welcome.pdf"? This action cannot be undone.');
    expect(calls.some((call) => call.method === "DELETE")).toBe(false);
    fireEvent.click(button);
    expect(await screen.findByText("Document Deleted")).toBeTruthy();
  } finally {
    window.confirm = realConfirm;
  }
});

test("the viewer shows a PDF in the app's viewer, fetched as a view (not a download), and offers review actions", async () => {
  fakeServer(
    detailServer({
      // Only the view URL answers: the timeline must record a view, not a download.
      extra: ({ path }) =>
        path === "/api/documents/paystub.pdf/view"
          ? new Response("%PDF-1.4", { headers: { "content-type": "application/pdf" } })
          : undefined,
    }),
  );
  await openDetail();
  fireEvent.click(screen.getByRole("button", { name: "View Paystub" }));
  const dialog = await screen.findByRole("dialog", { name: "Paystub" });
  // Drawn by pdf.js from the fetched bytes (web/components/pdf), never a frame.
  expect(await within(dialog).findByRole("region", { name: "Preview of paystub.pdf" })).toBeTruthy();
  expect(dialog.querySelector("iframe")).toBeNull();
  expect(within(dialog).getByRole("link", { name: "Download" }).getAttribute("download")).toBe("paystub.pdf");

  // Approving from the viewer replaces it with the Approve dialog.
  fireEvent.click(within(dialog).getByRole("button", { name: "Approve" }));
  expect(await screen.findByRole("dialog", { name: "Approve Document" })).toBeTruthy();
  expect(screen.queryByRole("dialog", { name: "Paystub" })).toBeNull();
});

test("a file the browser cannot show offers a download instead", async () => {
  const letter = doc({
    id: "d9",
    name: "Employment Letter",
    status: "approved",
    fileUrl: "/files/letter.docx",
    viewUrl: "/files/letter.docx?view",
    originalName: "letter.docx",
    mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  });
  fakeServer(
    detailServer({
      customer: customer([letter]),
      extra: ({ path }) => (path.startsWith("/files/letter.docx") ? new Response("PK") : undefined),
    }),
  );
  await openDetail();
  fireEvent.click(screen.getByRole("button", { name: "View Employment Letter" }));
  const dialog = await screen.findByRole("dialog", { name: "Employment Letter" });
  expect(await within(dialog).findByText("Preview not available")).toBeTruthy();
  expect(within(dialog).getByText("Download to view")).toBeTruthy();
  // Approved documents are not reviewed again.
  expect(within(dialog).queryByRole("button", { name: "Approve" })).toBeNull();
});
