// The Integrations page's API keys (/integrations, issue 43): the list (and its empty state), the
// "Create API key" dialog that shows the key once with a copy button, revoking with a confirmation;
// the navigation offers the page to owners only, and anyone else is told why.
import { afterEach, expect, test } from "bun:test";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { apiKeyMessages } from "../../src/shared/api-keys";
import type { WorkspaceRole } from "../../src/shared/workspaces";
import { fakeServer, json, renderApp } from "../support/render-app";
import { brokerServer, subscription } from "./customers-fixtures";

afterEach(cleanup);

const THE_KEY = "bpk_SecretSecretSecretSecretSecretSecretSecret1";

function keysServer(role: WorkspaceRole, keys: object[] = []) {
  let list = [...keys];
  return fakeServer(
    brokerServer([], subscription("basic"), ({ method, path, body }) => {
      if (path === "/api/auth/user") return json(200, { id: "u1", email: "olive@acme.example", firstName: "Olive", lastName: "Owner", profileImageUrl: null, workspaceId: "w1", role });
      if (path === "/api/api-keys" && method === "GET") return json(200, list);
      if (path === "/api/api-keys" && method === "POST") {
        const input = body as { name: string; scopes: string[]; expiresAt: string | null };
        const made = { id: "k2", name: input.name, prefix: THE_KEY.slice(0, 8), scopes: input.scopes, createdAt: "2026-11-28T10:00:00.000Z", lastUsedAt: null, expiresAt: input.expiresAt && `${input.expiresAt}T23:59:59.999Z` };
        list = [made, ...list];
        return json(201, { ...made, key: THE_KEY });
      }
      const revoked = path.match(/^\/api\/api-keys\/(\w+)$/)?.[1];
      if (revoked && method === "DELETE") {
        list = list.filter((k) => (k as { id: string }).id !== revoked);
        return json(200, { message: "API key revoked" });
      }
      return undefined;
    }),
  );
}

const crm = { id: "k1", name: "Pipeline CRM", prefix: "bpk_Ab12", scopes: ["read"], createdAt: "2026-11-02T10:00:00.000Z", lastUsedAt: "2026-11-27T09:00:00.000Z", expiresAt: null };

test("an owner finds Integrations in the navigation; the list shows each key's name, prefix, scopes and dates", async () => {
  keysServer("owner", [crm]);
  renderApp("/dashboard");
  fireEvent.click(await screen.findByRole("link", { name: "Integrations" }));
  expect(await screen.findByRole("heading", { name: "Integrations" })).toBeTruthy();
  const row = await screen.findByRole("listitem", { name: "Pipeline CRM" });
  expect(row.textContent).toContain("bpk_Ab12…");
  expect(within(row).getByText("Read")).toBeTruthy();
  expect(row.textContent).toContain("CreatedNov 2, 2026");
  expect(row.textContent).toContain("Last usedNov 27, 2026");
  expect(row.textContent).toContain("ExpiresNever");
});

test("no keys: the empty state", async () => {
  keysServer("owner");
  renderApp("/integrations");
  expect(await screen.findByText("No API keys yet")).toBeTruthy();
});

test("creating: name and scope are checked, then the key is shown once with a copy button, and listed without it", async () => {
  const calls = keysServer("owner");
  let copied = "";
  Object.defineProperty(navigator, "clipboard", { configurable: true, value: { writeText: async (text: string) => void (copied = text) } });
  renderApp("/integrations");
  fireEvent.click(await screen.findByRole("button", { name: "Create API key" }));
  const dialog = await screen.findByRole("dialog", { name: "Create API key" });
  // Read is ticked to start with; untick it and send nothing.
  fireEvent.click(within(dialog).getByRole("checkbox", { name: /Read/ }));
  fireEvent.click(within(dialog).getByRole("button", { name: "Create key" }));
  expect(await within(dialog).findByText(apiKeyMessages.nameRequired)).toBeTruthy();
  expect(within(dialog).getByText(apiKeyMessages.scopesRequired)).toBeTruthy();
  expect(calls.some((c) => c.method === "POST")).toBe(false);

  fireEvent.change(within(dialog).getByRole("textbox", { name: /^Name/ }), { target: { value: "Loan system" } });
  fireEvent.click(within(dialog).getByRole("checkbox", { name: /Read/ }));
  fireEvent.click(within(dialog).getByRole("checkbox", { name: /Write/ }));
  fireEvent.change(dialog.querySelector("input[type=date]")!, { target: { value: "2027-01-31" } });
  fireEvent.click(within(dialog).getByRole("button", { name: "Create key" }));

  const shown = await screen.findByRole("dialog", { name: "Copy your API key" });
  expect(calls.find((c) => c.method === "POST")?.body).toEqual({ name: "Loan system", scopes: ["read", "write"], expiresAt: "2027-01-31" });
  expect((within(shown).getByRole("textbox", { name: "API key for Loan system" }) as HTMLInputElement).value).toBe(THE_KEY);
  expect(shown.textContent).toContain("you will not see it again");
  fireEvent.click(within(shown).getByRole("button", { name: "Copy key" }));
  await waitFor(() => expect(copied).toBe(THE_KEY));
  expect(await within(shown).findByRole("button", { name: "Copied" })).toBeTruthy();
  fireEvent.click(within(shown).getByRole("button", { name: "Done" }));
  await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

  const row = await screen.findByRole("listitem", { name: "Loan system" });
  expect(row.textContent).toContain("ExpiresJan 31, 2027");
  expect(document.body.textContent).not.toContain(THE_KEY);
});

test("revoking asks first; confirmed, the key leaves the list", async () => {
  const calls = keysServer("owner", [crm]);
  renderApp("/integrations");
  fireEvent.click(within(await screen.findByRole("listitem", { name: "Pipeline CRM" })).getByRole("button", { name: "Revoke the API key Pipeline CRM" }));
  const confirm = await screen.findByRole("alertdialog", { name: "Revoke this API key?" });
  expect(calls.some((c) => c.method === "DELETE")).toBe(false);
  fireEvent.click(within(confirm).getByRole("button", { name: "Revoke key" }));
  expect(await screen.findByText("Pipeline CRM no longer works.")).toBeTruthy();
  expect(calls.find((c) => c.method === "DELETE")?.path).toBe("/api/api-keys/k1");
  await waitFor(() => expect(screen.queryByRole("listitem", { name: "Pipeline CRM" })).toBeNull());
});

test("a broker is not offered Integrations, and the page says only the owner manages keys", async () => {
  const calls = keysServer("broker", [crm]);
  renderApp("/integrations");
  expect(await screen.findByText(apiKeyMessages.ownerOnly)).toBeTruthy();
  expect(screen.queryByRole("link", { name: "Integrations" })).toBeNull();
  expect(calls.some((c) => c.path === "/api/api-keys")).toBe(false);
});
