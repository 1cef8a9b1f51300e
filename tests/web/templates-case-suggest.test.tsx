// "Describe the case" in Request New Document and Add New Customer (issue 42 item 5): the broker's
// sentence goes to POST /api/templates/suggest, the proposed documents are ticked in the checklist
// with the words that led to each, the broker can change them, and what is sent is what is ticked.
import { expect, test } from "bun:test";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { ChecklistSuggestion, TemplateList } from "@shared/api-types";
import { caseMessages } from "@shared/case-checklist";
import { fakeServer, json, renderApp } from "../support/render-app";
import { brokerServer, customer, subscription } from "./customers-fixtures";

const templates: TemplateList = { readyMade: [], own: [] };
const suggestion: ChecklistSuggestion = {
  source: "rules",
  documents: [
    { name: "Tax Returns", description: "Previous year tax returns", rules: null, because: ["self-employed"] },
    { name: "Purchase Agreement", description: "Signed purchase agreement", rules: null, because: ["buying"] },
    { name: "Photo ID", description: "Government-issued photo identification", rules: null, because: [] },
    { name: "Photo ID (co-borrower)", description: "Government-issued photo identification (for the co-borrower)", rules: null, because: ["co-borrower"] },
  ],
};

const checked = (dialog: HTMLElement, name: RegExp) => (within(dialog).getByRole("checkbox", { name }) as HTMLInputElement).checked;

test("Request New Document: Suggest documents ticks the proposal, says why, and the broker's changes are what is sent", async () => {
  const ann = customer({ id: "c1", name: "Ann Buyer", email: "ann@example.com" });
  const calls = fakeServer(
    brokerServer([ann], subscription("unlimited"), ({ method, path }) => {
      if (method === "GET" && path === "/api/templates") return json(200, templates);
      if (method === "POST" && path === "/api/templates/suggest") return json(200, suggestion);
      if (method === "POST" && path === "/api/customers/c1/request-documents") return json(201, { documents: [] });
      return undefined;
    }),
  );
  renderApp("/dashboard?action=request-document");
  const dialog = await screen.findByRole("dialog", { name: "Request New Document" }, { timeout: 10_000 });
  fireEvent.click(await within(dialog).findByRole("checkbox", { name: /Ann Buyer/ }));

  // Nothing typed: told at once, nothing asked of the server.
  fireEvent.click(await within(dialog).findByRole("button", { name: "Suggest documents" }));
  expect(await within(dialog).findByText(caseMessages.empty)).toBeTruthy();
  expect(calls.some((c) => c.path === "/api/templates/suggest")).toBe(false);

  fireEvent.change(within(dialog).getByLabelText(/^Describe the case/), { target: { value: "self-employed borrower buying a condo with a co-borrower" } });
  fireEvent.click(within(dialog).getByRole("button", { name: "Suggest documents" }));
  const why = await within(dialog).findByRole("list", { name: "Why each document was suggested" });
  expect(calls.find((c) => c.path === "/api/templates/suggest")!.body).toEqual({ description: "self-employed borrower buying a condo with a co-borrower" });
  expect(within(why).getByText("Tax Returns").parentElement!.textContent).toBe("Tax Returns: because of “self-employed”");
  expect(within(why).getByText("Photo ID").parentElement!.textContent).toBe("Photo ID: asked in every such case");
  expect(within(dialog).getByText(/4 of 4 suggested documents ticked/)).toBeTruthy();
  expect(checked(dialog, /^Tax Returns/)).toBe(true);
  expect(checked(dialog, /^Purchase Agreement/)).toBe(true);
  expect(checked(dialog, /^Paystub/)).toBe(false);
  expect(checked(dialog, /Photo ID \(co-borrower\)/)).toBe(true);

  // The broker changes the proposal before sending.
  fireEvent.click(within(dialog).getByRole("checkbox", { name: /^Purchase Agreement/ }));
  fireEvent.click(within(dialog).getByRole("checkbox", { name: /^Paystub/ }));
  fireEvent.click(within(dialog).getByRole("button", { name: "Send Request" }));
  await waitFor(() => expect(calls.some((c) => c.path === "/api/customers/c1/request-documents")).toBe(true));
  const body = calls.find((c) => c.path === "/api/customers/c1/request-documents")!.body as { documentTypes: string[] };
  expect(body.documentTypes).toHaveLength(4);
  expect(body.documentTypes).toContain("Paystub");
  expect(body.documentTypes.some((t) => t.includes("Purchase Agreement"))).toBe(false);
  expect(body.documentTypes).toContain("custom:Photo ID (co-borrower):Government-issued photo identification (for the co-borrower)");
});

test("Add New Customer: Enter in the field suggests, and the server's refusal is shown under it", async () => {
  const calls = fakeServer(
    brokerServer([], subscription("unlimited"), ({ method, path }) => {
      if (method === "GET" && path === "/api/templates") return json(200, templates);
      if (method === "POST" && path === "/api/templates/suggest") return json(400, { message: caseMessages.tooLong });
      return undefined;
    }),
  );
  renderApp("/customers");
  fireEvent.click(await screen.findByRole("button", { name: "Add New Customer" }));
  const dialog = await screen.findByRole("dialog", { name: "Add New Customer" });
  const field = await within(dialog).findByLabelText(/^Describe the case/);
  fireEvent.change(field, { target: { value: "a borrower" } });
  // Enter in the field suggests; it does not create the customer.
  fireEvent.keyDown(field, { key: "Enter" });
  expect(await within(dialog).findByText(caseMessages.tooLong)).toBeTruthy();
  expect(calls.filter((c) => c.path === "/api/templates/suggest")).toHaveLength(1);
  expect(calls.some((c) => c.method === "POST" && c.path === "/api/customers")).toBe(false);
});
