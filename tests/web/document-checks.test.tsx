// The broker's side of the document checks on the customer detail screen: what was checked beside
// an upload, the "I don't have this" decision, and the acceptance rules dialog.
import { expect, test } from "bun:test";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { fakeServer, json, renderApp, type FakeRoute } from "../support/render-app";
import { customer, detailServer, doc } from "./customer-detail-fixtures";

const STANDARD = { kinds: ["pdf", "image"], minPages: null, maxPages: null, minImageShortSide: 800, minImageLongSide: 1100, noPassword: true };

function open(documents: Parameters<typeof customer>[0], extra?: FakeRoute) {
  const calls = fakeServer(
    detailServer({
      customer: customer(documents),
      extra: (request) => extra?.(request) ?? (request.path === "/api/documents/acceptance-rules/standard" ? json(200, STANDARD) : undefined),
    }),
  );
  renderApp("/customer/c1");
  return calls;
}

test("what was checked on arrival is listed beside the upload", async () => {
  open([
    doc({
      id: "d1",
      name: "Bank Statements",
      status: "uploaded",
      fileUrl: "/api/documents/d1/download",
      viewUrl: "/api/documents/d1/view",
      originalName: "statements.pdf",
      checks: ["PDF opened: 3 pages", "PDF limits printing or copying", "Virus scan: clean", "Rule met: PDF: at least 2 pages"],
    }),
  ]);
  expect(await screen.findByText("Checked on arrival")).toBeTruthy();
  for (const line of ["PDF opened: 3 pages", "PDF limits printing or copying", "Virus scan: clean", "Rule met: PDF: at least 2 pages"]) expect(screen.getByText(line)).toBeTruthy();
});

test("an I-don't-have-this answer can be accepted or the request kept open", async () => {
  const calls = open([doc({ id: "d2", name: "Payslip", status: "requested", unavailableReason: "Self-employed", unavailableAt: "2025-03-01T00:00:00.000Z" })], ({ method, path }) =>
    method === "POST" && path === "/api/documents/d2/unavailable" ? json(200, doc({ id: "d2", name: "Payslip", status: "approved" })) : undefined,
  );
  expect(await screen.findByText("Self-employed")).toBeTruthy();
  fireEvent.click(screen.getByRole("button", { name: "Keep request open Payslip" }));
  await waitFor(() => expect(calls.find((c) => c.path === "/api/documents/d2/unavailable")?.body).toEqual({ decision: "keep_open" }));
  // The broker hears that it was done.
  expect(await screen.findByText("Request kept open")).toBeTruthy();
  expect(screen.getByText("The customer was told Payslip is still needed.")).toBeTruthy();
  fireEvent.click(screen.getByRole("button", { name: "Accept answer Payslip" }));
  await waitFor(() => expect(calls.filter((c) => c.path === "/api/documents/d2/unavailable").map((c) => c.body)).toEqual([{ decision: "keep_open" }, { decision: "accept" }]));
  expect(await screen.findByText("Answer accepted")).toBeTruthy();
});

test("the rules dialog starts from the standard rules, refuses nonsense, and saves the broker's rules", async () => {
  const calls = open([doc({ id: "d3", name: "Bank Statements", status: "requested" })], ({ method, path }) =>
    method === "PUT" && path === "/api/documents/d3/acceptance-rules" ? json(200, doc({ id: "d3", name: "Bank Statements", status: "requested" })) : undefined,
  );
  fireEvent.click(await screen.findByRole("button", { name: "Acceptance rules Bank Statements" }));
  const dialog = await screen.findByRole("dialog", { name: "Acceptance rules: Bank Statements" });
  fireEvent.click(within(dialog).getByRole("checkbox", { name: "Photo or image (JPG, PNG, iPhone HEIC)" }));
  fireEvent.change(within(dialog).getByLabelText(/^Minimum pages/), { target: { value: "4" } });
  fireEvent.change(within(dialog).getByLabelText(/^Maximum pages/), { target: { value: "2" } });
  fireEvent.click(within(dialog).getByRole("button", { name: "Save rules" }));
  expect(await within(dialog).findByText("The minimum number of pages cannot be more than the maximum.")).toBeTruthy();
  expect(calls.some((c) => c.method === "PUT")).toBe(false);

  fireEvent.change(within(dialog).getByLabelText(/^Maximum pages/), { target: { value: "6" } });
  fireEvent.click(within(dialog).getByRole("button", { name: "Save rules" }));
  await waitFor(() =>
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({ rules: { ...STANDARD, kinds: ["pdf"], minPages: 4, maxPages: 6 } }),
  );
});
