// Issue 12 / SPEC 2: a new customer beyond the plan's customer limit opens Upgrade Required
// wherever a customer can be added, not only behind Add New Customer: in Request New Document and
// in Send Documents, before anything is sent or created.
import { expect, test } from "bun:test";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { json, fakeServer, renderApp } from "../support/render-app";
import { brokerServer, customer, subscription } from "./customers-fixtures";

const jane = customer({ id: "c1", name: "Jane Doe", email: "jane@example.com" });
const full = subscription("free", { canCreateCustomer: false });

function server() {
  return fakeServer(
    brokerServer([jane], full, (request) => {
      if (request.path === "/api/documents/share/settings") return json(200, { maxFileBytes: 10 * 1024 * 1024, maxFiles: 20, maxRecipients: 500 });
      if (request.path === "/api/shared-documents") return json(200, []);
      return undefined;
    }),
  );
}

test("Request New Document: a new customer's email at the customer limit opens Upgrade Required and creates no one", async () => {
  const calls = server();
  renderApp("/dashboard?action=request-document");
  const dialog = await screen.findByRole("dialog", { name: "Request New Document" });
  await within(dialog).findByRole("checkbox", { name: /Jane Doe/ });
  fireEvent.click(within(dialog).getByRole("checkbox", { name: /^Paystub/ }));
  fireEvent.change(within(dialog).getByRole("textbox", { name: /New customer email/ }), { target: { value: "newbie@example.com" } });
  fireEvent.click(within(dialog).getByRole("button", { name: "Send Request" }));
  const upgrade = await screen.findByRole("dialog", { name: "Upgrade Required" });
  expect(within(upgrade).getByText("You've reached your customer limit. Upgrade your plan to add more customers.")).toBeTruthy();
  expect(calls.some((c) => c.method === "POST")).toBe(false);
});

test("Request New Document: an existing customer's email is no new customer, so the limit does not stop it", async () => {
  const calls = server();
  renderApp("/dashboard?action=request-document");
  const dialog = await screen.findByRole("dialog", { name: "Request New Document" });
  await within(dialog).findByRole("checkbox", { name: /Jane Doe/ });
  fireEvent.click(within(dialog).getByRole("checkbox", { name: /^Paystub/ }));
  fireEvent.change(within(dialog).getByRole("textbox", { name: /New customer email/ }), { target: { value: "JANE@example.com" } });
  fireEvent.click(within(dialog).getByRole("button", { name: "Send Request" }));
  await waitFor(() => expect(calls.some((c) => c.method === "POST" && c.path === "/api/customers/c1/request-documents")).toBe(true));
  expect(screen.queryByRole("dialog", { name: "Upgrade Required" })).toBeNull();
  expect(calls.some((c) => c.method === "POST" && c.path === "/api/customers")).toBe(false);
});

test("Send Documents: a new customer's email at the customer limit opens Upgrade Required and sends nothing", async () => {
  const calls = server();
  renderApp("/dashboard?action=share-document");
  const dialog = await screen.findByRole("dialog", { name: "Send Documents" });
  await within(dialog).findByRole("checkbox", { name: /Jane Doe/ });
  const input = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
  fireEvent.change(input, { target: { files: [new File([new Uint8Array(2048)], "disclosure.pdf", { type: "application/pdf" })] } });
  await within(dialog).findByText("disclosure.pdf");
  fireEvent.change(within(dialog).getByRole("textbox", { name: /New customer email/ }), { target: { value: "newbie@example.com" } });
  fireEvent.click(within(dialog).getByRole("button", { name: "Send Documents" }));
  expect(await screen.findByRole("dialog", { name: "Upgrade Required" })).toBeTruthy();
  expect(calls.some((c) => c.method === "POST")).toBe(false);
});
