// The Integrations page's webhooks (/integrations, owners only): the empty state, adding an
// endpoint (its secret shown once), the list with a disabled one's reason, a test event, the
// delivery log with Resend, and the nav entry only an owner sees.
import { afterEach, expect, test } from "bun:test";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { WorkspaceRole } from "../../src/shared/workspaces";
import { fakeServer, json, renderApp } from "../support/render-app";
import { brokerServer, subscription } from "./customers-fixtures";

afterEach(cleanup);

const me = { id: "u1", email: "olive@acme.example", firstName: "Olive", lastName: "Owner", profileImageUrl: null, workspaceId: "w1" };

function integrationsServer(role: WorkspaceRole = "owner") {
  const endpoints: any[] = [
    { id: "e1", url: "https://old.example.com/hook", events: ["customer.created"], enabled: false, disabledReason: "Switched off after repeated failed deliveries", createdAt: "2026-11-01T10:00:00.000Z", secretRotatedAt: null },
  ];
  const log = [
    { id: "d1", eventId: "evt_1", type: "customer.created", status: "failed", attempts: 3, lastStatus: 503, lastError: "HTTP 503", responseSnippet: "down for maintenance", durationMs: 42, createdAt: "2026-11-02T10:00:00.000Z", lastAttemptAt: "2026-11-02T10:05:00.000Z", nextAttemptAt: "2026-11-02T11:00:00.000Z" },
  ];
  return fakeServer(brokerServer([], subscription("basic"), ({ method, path, body }) => {
    if (path === "/api/auth/user") return json(200, { ...me, role });
    if (path === "/api/webhooks" && method === "GET") return json(200, endpoints);
    if (path === "/api/webhooks" && method === "POST") {
      const created = { id: "e2", ...(body as object), enabled: true, disabledReason: null, createdAt: "2026-11-03T10:00:00.000Z", secretRotatedAt: null };
      endpoints.push(created);
      return json(201, { ...created, secret: "whsec_shown_once" });
    }
    if (path === "/api/webhooks/e1/deliveries") return json(200, log);
    if (path === "/api/webhooks/e1/test" && method === "POST") return json(202, { message: "Test event queued", deliveryId: "d2" });
    if (path === "/api/webhooks/e1/deliveries/d1/resend" && method === "POST") return json(202, { message: "Delivery queued again", deliveryId: "d3" });
    return undefined;
  }));
}

test("an owner adds an endpoint: https URL and events required, the secret shown once", async () => {
  const calls = integrationsServer();
  renderApp("/integrations");
  // The first render loads the screen's lazy chunk: a generous wait.
  expect(await screen.findByRole("heading", { name: "Integrations" }, { timeout: 30_000 })).toBeTruthy();
  const old = await screen.findByRole("listitem", { name: "https://old.example.com/hook" });
  expect(within(old).getByText("Disabled")).toBeTruthy();
  expect(within(old).getByText("Switched off after repeated failed deliveries. Once the receiver is fixed, send a test event: answered, it switches the endpoint on again.")).toBeTruthy();

  fireEvent.click(screen.getByRole("button", { name: "Add endpoint" }));
  const dialog = await screen.findByRole("dialog", { name: "Add webhook endpoint" });
  fireEvent.change(within(dialog).getByRole("textbox", { name: /Endpoint URL/ }), { target: { value: "https://crm.example.com/in" } });
  fireEvent.click(within(dialog).getByRole("button", { name: "Add endpoint" }));
  expect(await within(dialog).findByText("Choose at least one event to send to this endpoint")).toBeTruthy();
  fireEvent.click(within(dialog).getByRole("checkbox", { name: /Document uploaded/ }));
  fireEvent.click(within(dialog).getByRole("button", { name: "Add endpoint" }));
  const shown = await screen.findByRole("dialog", { name: "Webhook endpoint added" });
  expect(within(shown).getByText("whsec_shown_once")).toBeTruthy();
  expect(calls.find((c) => c.method === "POST" && c.path === "/api/webhooks")?.body).toEqual({ url: "https://crm.example.com/in", events: ["document.uploaded"] });
  fireEvent.click(within(shown).getByRole("button", { name: "Done" }));
  await waitFor(() => expect(screen.queryByText("whsec_shown_once")).toBeNull());
  expect(await screen.findByRole("listitem", { name: "https://crm.example.com/in" })).toBeTruthy();
});

test("the delivery log shows status, attempts, the answer and Resend; a test event is queued", async () => {
  const calls = integrationsServer();
  renderApp("/integrations");
  const old = await screen.findByRole("listitem", { name: "https://old.example.com/hook" }, { timeout: 30_000 });
  fireEvent.click(within(old).getByRole("button", { name: "Send a test event to https://old.example.com/hook" }));
  await waitFor(() => expect(calls.some((c) => c.method === "POST" && c.path === "/api/webhooks/e1/test")).toBe(true));
  fireEvent.click(within(old).getByRole("button", { name: "Delivery log" }));
  const log = await within(old).findByRole("region", { name: "Delivery log" });
  expect(await within(log).findByText("Failed, will retry")).toBeTruthy();
  expect(within(log).getByText(/3 attempts/)).toBeTruthy();
  expect(within(log).getByText(/HTTP 503 · 42 ms/)).toBeTruthy();
  expect(within(log).getByText("down for maintenance")).toBeTruthy();
  fireEvent.click(within(log).getByRole("button", { name: /^Resend customer.created/ }));
  await waitFor(() => expect(calls.some((c) => c.method === "POST" && c.path === "/api/webhooks/e1/deliveries/d1/resend")).toBe(true));
});

test("Integrations is in the navigation for an owner only", async () => {
  integrationsServer("broker");
  renderApp("/dashboard");
  await screen.findAllByRole("link", { name: "Team" }, { timeout: 30_000 });
  expect(screen.queryByRole("link", { name: "Integrations" })).toBeNull();
  cleanup();
  integrationsServer("owner");
  renderApp("/dashboard");
  expect((await screen.findAllByRole("link", { name: "Integrations" })).length).toBeGreaterThan(0);
});
