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

const READ_AS_STATEMENT = {
  kind: "bank_statement" as const,
  confidence: 0.97,
  dates: [{ role: "statement_end" as const, date: "2003-06-05" }],
  holderName: "Jane Customer",
  nameMatches: false,
  verdict: "warn" as const,
  messages: ["This looks like a bank statement; your broker asked for a paystub"],
};

test("the verdict is on the row, with what the customer was told and their note; 'Needs a look' filters to those", async () => {
  const withFile = { fileUrl: "/api/documents/x/download", viewUrl: "/api/documents/x/view", originalName: "file.pdf" };
  open([
    doc({ id: "d1", name: "Paystub", status: "uploaded", ...withFile, recognition: READ_AS_STATEMENT, customerNote: "My salary goes into this account." }),
    doc({
      id: "d2",
      name: "Tax Returns",
      status: "uploaded",
      ...withFile,
      recognition: { kind: "tax_return", confidence: 0.99, dates: [{ role: "tax_year", date: "2021-12-31" }], holderName: "Grace Hopper", nameMatches: true, verdict: "ok", messages: [] },
    }),
    doc({ id: "d3", name: "Photo ID", status: "requested" }),
  ]);
  const list = await screen.findByRole("list", { name: "Required documents" });
  expect(await within(list).findByText("Looks like: Bank statement, ends 5 Jun 2003, in another name")).toBeTruthy();
  expect(within(list).getByText("Needs a look:")).toBeTruthy();
  expect(within(list).getByText("This looks like a bank statement; your broker asked for a paystub")).toBeTruthy();
  expect(within(list).getByText("My salary goes into this account.")).toBeTruthy();
  expect(within(list).getByText("Looks like: Tax return, tax year 2021, name matches")).toBeTruthy();

  fireEvent.click(screen.getByRole("checkbox", { name: "Needs a look (1)" }));
  await waitFor(() => expect(within(screen.getByRole("list", { name: "Required documents" })).queryByText("Tax Returns")).toBeNull());
  const flagged = screen.getByRole("list", { name: "Required documents" });
  expect(within(flagged).getByRole("heading", { name: "Paystub" })).toBeTruthy();
  expect(within(flagged).queryByText("Photo ID")).toBeNull();
});

test("the rules dialog sets what the document must be: kind, age, name and whether a mismatch refuses", async () => {
  const calls = open([doc({ id: "d4", name: "Paystub", status: "requested" })], ({ method, path }) =>
    method === "PUT" && path === "/api/documents/d4/acceptance-rules" ? json(200, doc({ id: "d4", name: "Paystub", status: "requested" })) : undefined,
  );
  fireEvent.click(await screen.findByRole("button", { name: "Acceptance rules Paystub" }));
  const dialog = await screen.findByRole("dialog", { name: "Acceptance rules: Paystub" });
  // The defaults for a paystub: a paystub, from the last 45 days, in the customer's name, warn.
  expect(within(dialog).getByLabelText(/^Maximum age/)).toHaveProperty("value", "45");
  expect(within(dialog).getByRole("checkbox", { name: "Must be in the customer's name" })).toHaveProperty("checked", true);
  fireEvent.change(within(dialog).getByLabelText(/^Maximum age/), { target: { value: "0" } });
  fireEvent.click(within(dialog).getByRole("button", { name: "Save rules" }));
  expect(await within(dialog).findByText("The maximum age must be a whole number of days from 1 to 3650, or empty for any.")).toBeTruthy();
  expect(calls.some((c) => c.method === "PUT")).toBe(false);

  fireEvent.change(within(dialog).getByLabelText(/^Maximum age/), { target: { value: "30" } });
  fireEvent.click(within(dialog).getByRole("checkbox", { name: "Must be in the customer's name" }));
  fireEvent.click(within(dialog).getByRole("button", { name: /When the file does not match/ }));
  fireEvent.click(await screen.findByRole("option", { name: "Refuse the file" }));
  fireEvent.click(within(dialog).getByRole("button", { name: "Save rules" }));
  await waitFor(() =>
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({
      rules: { ...STANDARD, recognition: { expectedKind: "paystub", keywords: [], maxAgeDays: 30, nameMustMatch: false, onMismatch: "refuse" } },
    }),
  );
});

test("rules left at their defaults are saved as none of their own", async () => {
  const calls = open([doc({ id: "d5", name: "Bank Statements", status: "requested" })], ({ method, path }) =>
    method === "PUT" && path === "/api/documents/d5/acceptance-rules" ? json(200, doc({ id: "d5", name: "Bank Statements", status: "requested" })) : undefined,
  );
  fireEvent.click(await screen.findByRole("button", { name: "Acceptance rules Bank Statements" }));
  const dialog = await screen.findByRole("dialog", { name: "Acceptance rules: Bank Statements" });
  fireEvent.click(within(dialog).getByRole("button", { name: "Save rules" }));
  await waitFor(() => expect(calls.find((c) => c.method === "PUT")?.body).toEqual({ rules: STANDARD }));
});
