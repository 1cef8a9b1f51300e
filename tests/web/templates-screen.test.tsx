// The Templates screen: reached from the side navigation; ready-made templates are shown with
// their rules and duplicated to edit; a broker's own are created, changed and deleted.
import { expect, test } from "bun:test";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { TemplateList } from "@shared/api-types";
import { READY_MADE_TEMPLATES } from "@shared/checklist-templates";
import { fakeServer, json, renderApp, type FakeRoute } from "../support/render-app";
import { brokerServer, subscription } from "./customers-fixtures";

const own = {
  id: "t-own",
  name: "Landlord pack",
  trade: "Real estate",
  description: "For landlords",
  readyMade: false,
  updatedAt: "2026-11-01T00:00:00.000Z",
  documents: [{ name: "Photo ID", description: "Passport or licence", rules: null }],
};
const list = (withOwn: boolean): TemplateList => ({
  readyMade: READY_MADE_TEMPLATES.map((t) => ({ ...t, documents: [...t.documents], readyMade: true, updatedAt: null })),
  own: withOwn ? [own] : [],
});

function server(extra: FakeRoute = () => undefined, withOwn = true) {
  return fakeServer(
    brokerServer([], subscription("unlimited"), (request) => extra(request) ?? (request.path === "/api/templates" && request.method === "GET" ? json(200, list(withOwn)) : undefined)),
  );
}

test("the side navigation leads to Templates, which lists the broker's own and the ready-made ones", async () => {
  server();
  renderApp("/dashboard");
  const nav = await screen.findByRole("navigation", { name: "Main" });
  fireEvent.click(within(nav).getByRole("link", { name: "Templates" }));
  expect(await screen.findByRole("heading", { level: 1, name: "Templates" })).toBeTruthy();
  const yours = screen.getByRole("region", { name: "Your templates" });
  expect(within(yours).getByRole("heading", { name: "Landlord pack" })).toBeTruthy();
  const ready = screen.getByRole("region", { name: "Ready-made templates" });
  for (const t of READY_MADE_TEMPLATES) expect(within(ready).getByRole("heading", { name: t.name })).toBeTruthy();
  // Each document is listed with the rules its upload is held to; ready-made ones cannot be edited.
  expect(within(ready).getAllByText(/PDF: at least 2 pages/).length).toBeGreaterThan(0);
  expect(within(ready).queryByRole("button", { name: /^Edit/ })).toBeNull();
  await waitFor(() => expect(within(nav).getByRole("link", { name: "Templates" }).getAttribute("aria-current")).toBe("page"));
});

test("duplicating a ready-made template opens it as the broker's own copy, rules and all", async () => {
  const calls = server(({ method, path, body }) => (method === "POST" && path === "/api/templates" ? json(201, { ...own, ...(body as object), id: "t-new" }) : undefined));
  renderApp("/templates");
  fireEvent.click(await screen.findByRole("button", { name: "Duplicate to edit Legal intake" }));
  const dialog = await screen.findByRole("dialog", { name: "New template" });
  expect((within(dialog).getByLabelText(/^Template name/) as HTMLInputElement).value).toBe("Legal intake (copy)");
  const legal = READY_MADE_TEMPLATES.find((t) => t.id === "ready-legal-intake")!;
  expect((within(dialog).getByLabelText("Document 2 name") as HTMLInputElement).value).toBe(legal.documents[1]!.name);

  // Make document 2 take at most 4 pages, and remove the last one.
  const rules = within(dialog).getByRole("group", { name: "Document 2 acceptance rules" });
  fireEvent.change(within(rules).getByLabelText("Max pages"), { target: { value: "4" } });
  fireEvent.click(within(dialog).getByRole("button", { name: `Remove document ${legal.documents.length} (${legal.documents.at(-1)!.name})` }));
  fireEvent.click(within(dialog).getByRole("button", { name: "Save template" }));

  expect(await screen.findByText("Template saved")).toBeTruthy();
  const body = calls.find((c) => c.method === "POST" && c.path === "/api/templates")!.body as { name: string; documents: { name: string; rules: unknown }[] };
  expect(body.name).toBe("Legal intake (copy)");
  expect(body.documents.map((d) => d.name)).toEqual(legal.documents.slice(0, -1).map((d) => d.name));
  expect(body.documents[1]!.rules).toEqual({ ...legal.documents[1]!.rules, maxPages: 4 });
  // The photo ID keeps its own rules; one left at the standard rules is sent as null.
  expect(body.documents[0]!.rules).toEqual(legal.documents[0]!.rules);
  expect(body.documents[4]!.rules).toBeNull();
  await waitFor(() => expect(screen.queryByRole("dialog", { name: "New template" })).toBeNull());
});

test("a new template: problems are said before sending, and the server's refusal is shown", async () => {
  const calls = server(({ method, path }) => (method === "POST" && path === "/api/templates" ? json(409, { message: "You already have a template with this name." }) : undefined), false);
  renderApp("/templates");
  expect(await screen.findByText("No templates of your own yet")).toBeTruthy();
  fireEvent.click(screen.getByRole("button", { name: "New template" }));
  const dialog = await screen.findByRole("dialog", { name: "New template" });
  fireEvent.click(within(dialog).getByRole("button", { name: "Save template" }));
  expect(await within(dialog).findByText("Please give the template a name.")).toBeTruthy();
  fireEvent.change(within(dialog).getByLabelText(/^Template name/), { target: { value: "Landlord pack" } });
  fireEvent.change(within(dialog).getByLabelText("Document 1 name"), { target: { value: "W-2: 2025" } });
  fireEvent.click(within(dialog).getByRole("button", { name: "Save template" }));
  expect(await within(dialog).findByText("Document names cannot contain a colon (:).")).toBeTruthy();
  expect(calls.some((c) => c.method === "POST" && c.path === "/api/templates")).toBe(false);

  fireEvent.change(within(dialog).getByLabelText("Document 1 name"), { target: { value: "W-2 2025" } });
  fireEvent.click(within(dialog).getByRole("button", { name: "Save template" }));
  expect(await within(dialog).findByText("You already have a template with this name.")).toBeTruthy();
});

test("editing sends a PUT to the template, and delete asks first", async () => {
  const calls = server(({ method, path }) => {
    if (method === "PUT" && path === "/api/templates/t-own") return json(200, own);
    if (method === "DELETE" && path === "/api/templates/t-own") return json(200, { message: "Template deleted" });
    return undefined;
  });
  renderApp("/templates");
  fireEvent.click(await screen.findByRole("button", { name: "Edit Landlord pack" }));
  const dialog = await screen.findByRole("dialog", { name: "Edit template" });
  fireEvent.change(within(dialog).getByLabelText("Document 1 description"), { target: { value: "Passport only" } });
  fireEvent.click(within(dialog).getByRole("button", { name: "Save template" }));
  await waitFor(() => expect(calls.some((c) => c.method === "PUT")).toBe(true));
  expect(calls.find((c) => c.method === "PUT")!.body).toMatchObject({ name: "Landlord pack", documents: [{ name: "Photo ID", description: "Passport only", rules: null }] });
  await waitFor(() => expect(screen.queryByRole("dialog", { name: "Edit template" })).toBeNull());

  fireEvent.click(screen.getByRole("button", { name: "Delete Landlord pack" }));
  const confirm = await screen.findByRole("alertdialog", { name: "Delete template" });
  expect(calls.some((c) => c.method === "DELETE")).toBe(false);
  fireEvent.click(within(confirm).getByRole("button", { name: "Delete" }));
  expect(await screen.findByText("Template deleted")).toBeTruthy();
  expect(calls.some((c) => c.method === "DELETE" && c.path === "/api/templates/t-own")).toBe(true);
});

test("a template's document says what it must be: its defaults follow its name, and a change is kept as its own rules", async () => {
  const calls = server(({ method, path }) => (method === "PUT" && path === "/api/templates/t-own" ? json(200, own) : undefined));
  renderApp("/templates");
  fireEvent.click(await screen.findByRole("button", { name: "Edit Landlord pack" }));
  const dialog = await screen.findByRole("dialog", { name: "Edit template" });
  const fields = within(dialog).getByRole("group", { name: "Document 1: what it must be" });
  // A photo ID by default: no age, in the customer's name.
  expect(within(fields).getByLabelText(/^Maximum age/)).toHaveProperty("value", "");
  // Renamed, its defaults are a paystub's.
  fireEvent.change(within(dialog).getByLabelText("Document 1 name"), { target: { value: "Paystub" } });
  await waitFor(() => expect(within(fields).getByLabelText(/^Maximum age/)).toHaveProperty("value", "45"));
  fireEvent.click(within(fields).getByRole("button", { name: /When the file does not match/ }));
  fireEvent.click(await screen.findByRole("option", { name: "Refuse the file" }));
  fireEvent.click(within(dialog).getByRole("button", { name: "Save template" }));
  await waitFor(() => expect(calls.some((c) => c.method === "PUT")).toBe(true));
  const sent = calls.find((c) => c.method === "PUT")!.body as { documents: { name: string; rules: { recognition?: unknown } | null }[] };
  expect(sent.documents[0]!.name).toBe("Paystub");
  expect(sent.documents[0]!.rules?.recognition).toEqual({ expectedKind: "paystub", keywords: [], maxAgeDays: 45, nameMustMatch: true, onMismatch: "refuse" });
});
