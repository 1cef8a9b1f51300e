// The Export dialog on All Customers: ticked customers become one link (streamed to disk by the
// browser), a bad file-name pattern is refused before anything is sent, and a changed pattern is
// saved for the broker before the download starts.
import { afterEach, expect, test } from "bun:test";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { fakeServer, json, renderApp } from "../support/render-app";
import { brokerServer, customer, subscription } from "./customers-fixtures";

const realClick = HTMLAnchorElement.prototype.click;
afterEach(() => {
  HTMLAnchorElement.prototype.click = realClick;
});

test("ticked customers are exported as one link with the chosen pattern saved first; a bad pattern blocks the download", async () => {
  const clicked: string[] = [];
  HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
    clicked.push(this.getAttribute("href")!);
  };
  let pattern = "{customer} - {document}.{ext}";
  const calls = fakeServer(
    brokerServer([customer({ id: "c1", name: "Bob Smith", email: "bob@example.com" }), customer({ id: "c2", name: "Cleo Park", email: "cleo@example.com" })], subscription("unlimited"), ({ method, path, body }) => {
      if (path !== "/api/export/settings") return undefined;
      if (method === "PUT") pattern = (body as { fileNamePattern: string }).fileNamePattern;
      return json(200, { fileNamePattern: pattern, defaultPattern: "{customer} - {document}.{ext}" });
    }),
  );
  renderApp("/customers");
  fireEvent.click(await screen.findByRole("button", { name: "Export" }));
  const dialog = await screen.findByRole("dialog", { name: "Export Customers" });
  const field = await within(dialog).findByRole("textbox", { name: "File names" });
  expect((field as HTMLInputElement).value).toBe("{customer} - {document}.{ext}");

  // Nothing ticked: nothing to download.
  expect(within(dialog).getByRole("button", { name: "Download ZIP" }).hasAttribute("disabled")).toBe(true);
  fireEvent.click(within(dialog).getByRole("checkbox", { name: /Bob Smith/ }));
  fireEvent.click(within(dialog).getByRole("checkbox", { name: /Cleo Park/ }));

  fireEvent.change(field, { target: { value: "{customer}.{ext}" } });
  expect(within(dialog).getByText("The file name pattern must contain {document} or {original}.")).toBeTruthy();
  expect(within(dialog).getByRole("button", { name: "Download ZIP (2)" }).hasAttribute("disabled")).toBe(true);

  fireEvent.change(field, { target: { value: "{document} {uploaded}.{ext}" } });
  expect(within(dialog).getByText(/Example: Paystub 2026-01-31\.pdf/)).toBeTruthy();
  fireEvent.click(within(dialog).getByRole("button", { name: "Download ZIP (2)" }));

  await waitFor(() => expect(clicked).toEqual(["/api/customers/export?ids=c1,c2&scope=approved"]));
  expect(calls.filter((c) => c.method === "PUT").map((c) => c.body)).toEqual([{ fileNamePattern: "{document} {uploaded}.{ext}" }]);
  await screen.findByText("Export started");
  await waitFor(() => expect(screen.queryByRole("dialog", { name: "Export Customers" })).toBeNull());
});
