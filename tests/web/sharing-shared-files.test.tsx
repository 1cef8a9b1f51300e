// Shared files on each screen: the dashboard's Shared Documents panel, the customer detail's
// Shared Documents card and the portal's Shared Documents section.
import { afterEach, beforeEach, expect, test } from "bun:test";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { DashboardDocumentRow } from "../../src/shared/api-types";
import { fakeServer, json, renderApp } from "../support/render-app";
import { detailServer } from "./customer-detail-fixtures";
import { brokerServer, customer } from "./customers-fixtures";
import { guestPortal, portalRoute, renderPortal, signedInPortal } from "./portal-fixtures";

/** Every link the download helper clicks (happy-dom does not save files). */
let clicked: { href: string; download: string }[] = [];
const realClick = HTMLAnchorElement.prototype.click;
beforeEach(() => {
  clicked = [];
  HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
    clicked.push({ href: this.getAttribute("href")!, download: this.download });
  };
});
afterEach(() => {
  HTMLAnchorElement.prototype.click = realClick;
});

const row = (customerId: string, customerName: string, documentName: string, n: number): DashboardDocumentRow => ({
  documentId: `${customerId}-${n}`,
  customerId,
  customerName,
  documentName,
  status: "shared",
  dueDate: null,
  uploadedAt: "2025-03-02T10:00:00.000Z",
});

test("the dashboard panel groups shared files by customer name, each group with View Customer", async () => {
  const rows = [row("cz", "Zed Zulu", "rate-lock.pdf", 1), row("ca", "Amy Adams", "disclosure.pdf", 2), row("ca", "Amy Adams", "tour.mp4", 3)];
  fakeServer(brokerServer([customer({ id: "ca", name: "Amy Adams", email: "amy@example.com" })], undefined, (request) =>
    request.path === "/api/shared-documents" ? json(200, rows) : undefined,
  ));
  renderApp("/dashboard");
  const panel = await screen.findByRole("region", { name: "Shared Documents" });
  await within(panel).findByText("tour.mp4");
  const groups = within(panel).getAllByRole("heading", { level: 3 }).map((h) => h.textContent);
  expect(groups).toEqual(["Amy Adams", "Zed Zulu"]);
  const amy = within(panel).getByRole("list", { name: "Shared with Amy Adams" });
  expect(within(amy).getAllByRole("listitem").map((li) => li.textContent)).toEqual([expect.stringContaining("disclosure.pdf"), expect.stringContaining("tour.mp4")]);
  expect(within(panel).getByRole("link", { name: "View Customer Amy Adams" }).getAttribute("href")).toBe("/customer/ca");
  expect(within(panel).getByRole("link", { name: "View Customer Zed Zulu" }).getAttribute("href")).toBe("/customer/cz");
});

test("with nothing shared the panel says so", async () => {
  fakeServer(brokerServer([], undefined, (request) => (request.path === "/api/shared-documents" ? json(200, []) : undefined)));
  renderApp("/dashboard");
  const panel = await screen.findByRole("region", { name: "Shared Documents" });
  expect(await within(panel).findByText("No shared documents yet")).toBeTruthy();
});

test("the detail card downloads through the helper, views in a new tab, and copies a signed link", async () => {
  const copied: string[] = [];
  Object.defineProperty(navigator, "clipboard", { value: { writeText: async (text: string) => void copied.push(text) }, configurable: true });
  fakeServer(
    detailServer({
      extra: (request) =>
        request.method === "POST" && request.path === "/api/documents/s1/link"
          ? json(200, { url: "http://localhost:3000/api/files/signed-token", expiresAt: "2025-03-02T10:15:00.000Z" })
          : undefined,
    }),
  );
  renderApp("/customer/c1");
  const card = await screen.findByRole("region", { name: "Shared Documents" });

  fireEvent.click(within(card).getByRole("link", { name: "Download welcome.pdf" }));
  // The helper loads on the first click (off the portal's first load), so the save follows a moment later.
  await waitFor(() => expect(clicked).toEqual([{ href: "/api/documents/welcome.pdf/download", download: "welcome.pdf" }]));

  const view = within(card).getByRole("link", { name: "View welcome.pdf (opens in a new tab)" });
  expect(view.getAttribute("href")).toBe("/api/documents/welcome.pdf/view");
  expect(view.getAttribute("target")).toBe("_blank");

  fireEvent.click(within(card).getByRole("button", { name: "Copy link to welcome.pdf" }));
  expect(await screen.findByText("Link Copied")).toBeTruthy();
  expect(copied).toEqual(["http://localhost:3000/api/files/signed-token"]);
});

test("Delete asks the spec's question first and deletes only when confirmed", async () => {
  const questions: string[] = [];
  let answer = false;
  const realConfirm = window.confirm;
  window.confirm = (message?: string) => {
    questions.push(message ?? "");
    return answer;
  };
  try {
    const calls = fakeServer(
      detailServer({ extra: (request) => (request.method === "DELETE" ? json(200, { message: "Document deleted" }) : undefined) }),
    );
    renderApp("/customer/c1");
    const card = await screen.findByRole("region", { name: "Shared Documents" });
    fireEvent.click(within(card).getByRole("button", { name: "Delete welcome.pdf" }));
    expect(questions).toEqual(['Are you sure you want to delete "welcome.pdf"? This action cannot be undone.']);
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);

    answer = true;
    fireEvent.click(within(card).getByRole("button", { name: "Delete welcome.pdf" }));
    expect(await screen.findByText("Document Deleted")).toBeTruthy();
    expect(calls.filter((c) => c.method === "DELETE").map((c) => c.path)).toEqual(["/api/documents/s1"]);
  } finally {
    window.confirm = realConfirm;
  }
});

test("the portal's shared section: View opens the preview, Download saves through the helper", async () => {
  fakeServer(portalRoute({ portal: signedInPortal() }));
  renderPortal();
  const shared = await screen.findByRole("region", { name: "Shared Documents" });
  fireEvent.click(within(shared).getByRole("link", { name: "Download Welcome pack" }));
  await waitFor(() => expect(clicked).toEqual([{ href: "/api/documents/s1/download", download: "welcome.pdf" }]));
  fireEvent.click(within(shared).getByRole("button", { name: "View Welcome pack" }));
  expect(await screen.findByRole("dialog", { name: "Welcome pack" })).toBeTruthy();
});

test("a guest sees a sign-in hint instead of shared files, and it opens the sign-in dialog", async () => {
  fakeServer(portalRoute({ portal: guestPortal() }));
  renderPortal();
  const hint = await screen.findByRole("region", { name: "Shared documents" });
  expect(within(hint).getByText("Sign in to view and download the files your broker shares with you.")).toBeTruthy();
  fireEvent.click(within(hint).getByRole("button", { name: "Sign in to view" }));
  expect(await screen.findByRole("dialog", { name: "Sign In" })).toBeTruthy();
});
