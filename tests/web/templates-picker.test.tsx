// "Start from a template" in Add New Customer and Request New Document: choosing a template ticks
// its documents (standard and custom) and sends their acceptance rules; a loan type suggests one;
// the plan's per-request cap still holds.
import { expect, test } from "bun:test";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { TemplateList } from "@shared/api-types";
import { READY_MADE_TEMPLATES } from "@shared/checklist-templates";
import { STANDARD_ACCEPTANCE_RULES } from "@shared/acceptance-rules";
import { fakeServer, json, renderApp, type FakeRoute } from "../support/render-app";
import { brokerServer, customer, subscription } from "./customers-fixtures";

const leaseRules = { ...STANDARD_ACCEPTANCE_RULES, kinds: ["pdf" as const], minPages: 3, maxPages: null };
const templates: TemplateList = {
  readyMade: READY_MADE_TEMPLATES.map((t) => ({ ...t, documents: [...t.documents], readyMade: true, updatedAt: null })),
  own: [
    {
      id: "t-own",
      name: "Landlord pack",
      trade: "Real estate",
      description: "",
      readyMade: false,
      updatedAt: "2026-11-01T00:00:00.000Z",
      documents: [
        { name: "Photo ID", description: "Passport or licence", rules: null },
        { name: "Lease Agreement", description: "Signed lease, all pages", rules: leaseRules },
      ],
    },
  ],
};
const withTemplates = (extra: FakeRoute = () => undefined): FakeRoute => (request) =>
  request.path === "/api/templates" && request.method === "GET" ? json(200, templates) : extra(request);

async function pickTemplate(dialog: HTMLElement, name: string | RegExp) {
  fireEvent.click(await within(dialog).findByRole("button", { name: /Start from a template/ }));
  fireEvent.click(await screen.findByRole("option", { name }));
}

const checked = (dialog: HTMLElement, name: RegExp) => (within(dialog).getByRole("checkbox", { name }) as HTMLInputElement).checked;

test("Add New Customer: a template ticks its documents and their rules go with the invitation", async () => {
  const created = { ...customer({ id: "c9", name: "Jane", email: "jane@example.com" }), documents: [] };
  const calls = fakeServer(
    brokerServer([], subscription("unlimited"), withTemplates(({ method, path }) => (method === "POST" && path === "/api/customers" ? json(201, created) : undefined))),
  );
  renderApp("/customers");
  fireEvent.click(await screen.findByRole("button", { name: "Add New Customer" }));
  const dialog = await screen.findByRole("dialog", { name: "Add New Customer" });
  await pickTemplate(dialog, "Landlord pack (yours)");

  expect(await within(dialog).findByText(/Filled from Landlord pack: 2 documents selected/)).toBeTruthy();
  expect(checked(dialog, /^Photo ID/)).toBe(true);
  expect(checked(dialog, /^Paystub/)).toBe(false);
  expect(checked(dialog, /Lease Agreement/)).toBe(true);

  fireEvent.change(within(dialog).getByLabelText(/^Customer Email/), { target: { value: "jane@example.com" } });
  fireEvent.click(within(dialog).getByRole("button", { name: "Create Customer" }));
  await waitFor(() => expect(calls.some((c) => c.method === "POST" && c.path === "/api/customers")).toBe(true));
  const body = calls.find((c) => c.method === "POST" && c.path === "/api/customers")!.body as { requiredDocuments: unknown[] };
  expect(body.requiredDocuments).toEqual([
    { name: "Photo ID", description: "Passport or licence" },
    { name: "custom:Lease Agreement:Signed lease, all pages", acceptanceRules: leaseRules },
  ]);
});

test("a loan type suggests a ready-made template, used in one press", async () => {
  fakeServer(brokerServer([], subscription("unlimited"), withTemplates()));
  renderApp("/customers");
  fireEvent.click(await screen.findByRole("button", { name: "Add New Customer" }));
  const dialog = await screen.findByRole("dialog", { name: "Add New Customer" });
  await within(dialog).findByRole("button", { name: /Start from a template/ });
  expect(within(dialog).queryByText(/Suggested for/)).toBeNull();

  fireEvent.click(within(dialog).getByRole("button", { name: /Loan Type/ }));
  fireEvent.click(await screen.findByRole("option", { name: "FHA" }));
  expect(await within(dialog).findByText(/Suggested for FHA/)).toBeTruthy();
  fireEvent.click(within(dialog).getByRole("button", { name: "Use FHA / VA loan" }));

  const fha = READY_MADE_TEMPLATES.find((t) => t.id === "ready-fha-va")!;
  expect(await within(dialog).findByText(`Filled from FHA / VA loan: ${fha.documents.length} documents selected, each with its acceptance rules.`)).toBeTruthy();
  for (const name of ["Paystub", "Bank Statement", "Tax Returns", "Photo ID", "Purchase Agreement"]) expect(checked(dialog, new RegExp(`^${name}`))).toBe(true);
  expect(checked(dialog, /Social Security Card/)).toBe(true);
  // Once used, the suggestion steps aside.
  await waitFor(() => expect(within(dialog).queryByText(/Suggested for/)).toBeNull());
});

test("the plan's per-request cap holds: a longer template is cut to it, with the plan's words", async () => {
  fakeServer(brokerServer([], subscription("free"), withTemplates()));
  renderApp("/customers");
  fireEvent.click(await screen.findByRole("button", { name: "Add New Customer" }));
  const dialog = await screen.findByRole("dialog", { name: "Add New Customer" });
  await pickTemplate(dialog, "Mortgage purchase (Mortgage)");
  expect(await within(dialog).findByText(/Filled from Mortgage purchase: 3 documents selected/)).toBeTruthy();
  expect(await screen.findByText(/You can only select up to 3 documents per request based on your subscription plan\. 3 of the template's documents were left out\./)).toBeTruthy();
  expect(within(dialog).getAllByRole("checkbox").filter((box) => (box as HTMLInputElement).checked)).toHaveLength(3);
});

test("Request New Document: the recipient's loan type suggests, and the rules go with the request", async () => {
  const ann = customer({ id: "c1", name: "Ann Refi", email: "ann@example.com", loanType: "refinance" });
  const calls = fakeServer(
    brokerServer([ann], subscription("unlimited"), withTemplates(({ method, path }) =>
      method === "POST" && path === "/api/customers/c1/request-documents" ? json(201, { documents: [] }) : undefined,
    )),
  );
  renderApp("/dashboard?action=request-document");
  const dialog = await screen.findByRole("dialog", { name: "Request New Document" });
  fireEvent.click(await within(dialog).findByRole("checkbox", { name: /Ann Refi/ }));
  expect(await within(dialog).findByText(/Suggested for Refinance/)).toBeTruthy();
  fireEvent.click(within(dialog).getByRole("button", { name: "Use Mortgage refinance" }));
  await within(dialog).findByText(/Filled from Mortgage refinance/);

  fireEvent.click(within(dialog).getByRole("button", { name: "Send Request" }));
  await waitFor(() => expect(calls.some((c) => c.path === "/api/customers/c1/request-documents")).toBe(true));
  const body = calls.find((c) => c.path === "/api/customers/c1/request-documents")!.body as { documentTypes: string[]; acceptanceRules: unknown[] };
  const refi = READY_MADE_TEMPLATES.find((t) => t.id === "ready-mortgage-refinance")!;
  expect(body.documentTypes).toHaveLength(refi.documents.length);
  expect(body.documentTypes).toContain("custom:Mortgage Statement:The latest statement of the mortgage being refinanced");
  // In documentTypes' order, each with its template's rules.
  const byName = Object.fromEntries(refi.documents.map((d) => [d.name, d.rules]));
  body.documentTypes.forEach((entry, i) => expect(body.acceptanceRules[i]).toEqual(byName[entry.split(":")[1]!] ?? null));
});
