import { afterEach, beforeEach, expect, test } from "bun:test";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { unreadBadge } from "../../web/features/portal/names";
import { fakeServer, json } from "../support/render-app";
import { guestPortal, LINK, portalRoute, renderPortal, setViewport, signedInPortal } from "./portal-fixtures";

beforeEach(() => localStorage.clear());
afterEach(() => {
  localStorage.clear();
  setViewport(1024);
});

const STATUS_TEXTS = ["Requested", "Under Review", "Approved", "Request for Re-Submission", "Overdue", "Shared"];

test("a guest sees a welcome, the documents to upload and no statuses", async () => {
  fakeServer(portalRoute({ portal: guestPortal() }));
  renderPortal();
  expect(await screen.findByRole("heading", { level: 1, name: "Customer Dashboard" })).toBeTruthy();
  expect(screen.getByRole("heading", { name: "Welcome, Grace" })).toBeTruthy();
  expect(screen.getByRole("button", { name: "Sign In" })).toBeTruthy();
  expect(screen.queryByRole("progressbar", { name: "Upload Status" })).toBeNull();

  // The table is a lazy chunk of its own (the cards stand in until it arrives).
  const table = await screen.findByRole("table", { name: "Required documents" });
  for (const text of STATUS_TEXTS) expect(within(table).queryByText(text)).toBeNull();
  expect(within(table).queryByRole("columnheader", { name: "Status" })).toBeNull();
  // Due badge on what is still owed; upload buttons where an upload is accepted.
  expect(within(table).getByText(/^Due in 3 days/)).toBeTruthy();
  expect(within(table).getByRole("button", { name: "Take photo of Paystub" })).toBeTruthy();
  expect(within(table).getByRole("button", { name: "Choose file for Photo ID" })).toBeTruthy();
  expect(within(table).queryByRole("button", { name: "Choose file for Bank Statement" })).toBeNull();
  expect(within(table).getByText("Received. Sign in to see its status.")).toBeTruthy();
  expect(screen.queryByRole("heading", { name: "Shared Documents" })).toBeNull();
  // Help names the broker and invents no contact details they did not give (portal-help.test.tsx has them).
  expect(screen.queryByRole("link", { name: /^Call / })).toBeNull();
  expect(screen.getByText("Reply to the invitation email you received from Ada Lovelace.")).toBeTruthy();
});

test("a guest whose document came back is told the broker asked for it again, without a status", async () => {
  const portal = guestPortal();
  portal.documents[2] = { ...portal.documents[2]!, askedAgain: true };
  fakeServer(portalRoute({ portal }));
  renderPortal();
  const row = await screen.findByRole("row", { name: /Photo ID/ });
  expect(within(row).getByText(/Your broker asked for this document again/)).toBeTruthy();
  for (const text of STATUS_TEXTS) expect(within(row).queryByText(text)).toBeNull();
  expect(within(screen.getByRole("row", { name: /Paystub/ })).queryByText(/asked for this document again/)).toBeNull();
});

test("a guest whose \"I don't have this\" the broker declined is told the document is still needed, and can upload it", async () => {
  const portal = guestPortal();
  const paystub = portal.documents.findIndex((d) => d.name === "Paystub");
  portal.documents[paystub] = { ...portal.documents[paystub]!, stillNeeded: true };
  fakeServer(portalRoute({ portal }));
  renderPortal();
  const row = await screen.findByRole("row", { name: /Paystub/ });
  expect(within(row).getByText("Your broker still needs this document. Please upload it when you can.")).toBeTruthy();
  expect(within(row).getByRole("button", { name: "Choose file for Paystub" })).toBeTruthy();
  expect(within(screen.getByRole("row", { name: /Photo ID/ })).queryByText(/still needs this document/)).toBeNull();
});

test("a signed-in customer sees progress, statuses, the re-submit reason and shared files", async () => {
  fakeServer(portalRoute({ portal: signedInPortal() }));
  renderPortal();
  const upload = await screen.findByRole("progressbar", { name: "Upload Status" });
  // 3 of the 4 requested documents have a file in (shared files are not requirements).
  expect(upload.getAttribute("aria-valuenow")).toBe("75");
  expect(screen.getByText("3 of 4 uploaded · 75%")).toBeTruthy();
  expect(screen.getByRole("progressbar", { name: "Approval Status" }).getAttribute("aria-valuenow")).toBe("25");
  expect(screen.getByText("1 of 4 approved · 25%")).toBeTruthy();

  const table = screen.getByRole("table", { name: "Required documents" });
  const row = (name: string) => within(table).getByRole("row", { name: new RegExp(name) });
  expect(within(row("Paystub")).getByText("Requested")).toBeTruthy();
  expect(within(row("Bank Statement")).getByText("Approved")).toBeTruthy();
  expect(within(row("Tax Returns")).getByText("Under Review")).toBeTruthy();
  expect(within(row("Photo ID")).getByText("Request for Re-Submission")).toBeTruthy();
  expect(within(row("Photo ID")).getByText("The photo is blurry")).toBeTruthy();
  expect(within(row("Photo ID")).getByRole("button", { name: "Choose file for Photo ID" })).toBeTruthy();
  expect(within(row("Bank Statement")).getByRole("button", { name: "View Bank Statement" })).toBeTruthy();
  expect(within(row("Tax Returns")).getByRole("link", { name: "Download Tax Returns" }).getAttribute("href")).toBe("/api/documents/d4/download");
  expect(within(table).queryByText("Welcome pack")).toBeNull();

  const shared = screen.getByRole("region", { name: "Shared Documents" });
  expect(within(shared).getByText("Welcome pack")).toBeTruthy();
  expect(within(shared).getByRole("button", { name: "View Welcome pack" })).toBeTruthy();
  expect(within(shared).getByRole("link", { name: "Download Welcome pack" })).toBeTruthy();
});

test("a signed-in customer sees what their file under review was read as (DESIGN 3b recognition)", async () => {
  const portal = signedInPortal();
  const recognition = {
    kind: "bank_statement" as const,
    confidence: 0.97,
    dates: [],
    holderName: null,
    nameMatches: null,
    verdict: "warn" as const,
    messages: ["This looks like a bank statement; your broker asked for tax returns"],
  };
  portal.documents = portal.documents.map((d) => (d.id === "d4" ? { ...d, recognition } : d));
  fakeServer(portalRoute({ portal }));
  renderPortal();
  const table = await screen.findByRole("table", { name: "Required documents" });
  const row = within(table).getByRole("row", { name: /Tax Returns/ });
  // Shown once the catalog's later part (with the recognition sentences) is there: found, not got.
  expect(await within(row).findByText("Sent with: This looks like a bank statement; your broker asked for tax returns.")).toBeTruthy();
});

test("Approval Status appears only once something is approved", async () => {
  const portal = signedInPortal();
  portal.documents = portal.documents.filter((d) => d.status !== "approved");
  fakeServer(portalRoute({ portal }));
  renderPortal();
  expect(await screen.findByRole("progressbar", { name: "Upload Status" })).toBeTruthy();
  expect(screen.queryByRole("progressbar", { name: "Approval Status" })).toBeNull();
});

test("View opens the preview with a PDF in the app's viewer, for required and shared documents", async () => {
  fakeServer(portalRoute({ portal: signedInPortal() }));
  renderPortal();
  fireEvent.click(await screen.findByRole("button", { name: "View Tax Returns" }));
  const pdf = await screen.findByRole("dialog", { name: "Tax Returns" });
  // Drawn by pdf.js (web/components/pdf), never a frame: the file itself is a sandboxed document.
  expect(within(pdf).getByRole("region", { name: "Preview of tax.pdf" })).toBeTruthy();
  expect(pdf.querySelector("iframe")).toBeNull();
  fireEvent.click(within(pdf).getByRole("button", { name: "Close" }));
  await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

  fireEvent.click(screen.getByRole("button", { name: "View Welcome pack" }));
  expect(await screen.findByRole("dialog", { name: "Welcome pack" })).toBeTruthy();
});

test("an image that fails to load falls back to Preview not available with Download to view", async () => {
  const portal = signedInPortal();
  const bank = portal.documents.find((d) => d.id === "d2")!;
  Object.assign(bank, { mimeType: "image/png", fileName: "bank.png" });
  fakeServer(portalRoute({ portal }));
  renderPortal();
  fireEvent.click(await screen.findByRole("button", { name: "View Bank Statement" }));
  const dialog = await screen.findByRole("dialog", { name: "Bank Statement" });
  const image = within(dialog).getByRole("img", { name: "Preview of bank.png" });
  fireEvent.error(image);
  expect(await within(dialog).findByText("Preview not available")).toBeTruthy();
  expect(within(dialog).getByRole("link", { name: "Download to view" }).getAttribute("href")).toBe("/api/documents/d2/download");
});

test("phones get cards, tablets a compact table, desktops the full table", async () => {
  fakeServer(portalRoute({ portal: signedInPortal() }));
  setViewport(390);
  renderPortal();
  const cards = await screen.findByRole("list", { name: "Required documents" });
  expect(within(cards).getAllByRole("listitem")).toHaveLength(4);
  expect(screen.queryByRole("table")).toBeNull();

  setViewport(800);
  const compact = await screen.findByRole("table", { name: "Required documents" });
  expect(within(compact).getAllByRole("columnheader").map((th) => th.textContent)).toEqual(["Document", "Action"]);

  setViewport(1280);
  await waitFor(() =>
    expect(within(screen.getByRole("table")).getAllByRole("columnheader").map((th) => th.textContent)).toEqual([
      "Document",
      "Due",
      "Status",
      "Action",
    ]),
  );
});

test("the profile menu shows who is signed in; Sign Out returns to the guest view", async () => {
  const state = { portal: signedInPortal() };
  const calls = fakeServer(
    portalRoute(state, ({ path }) => {
      if (path !== "/api/customer/signout") return undefined;
      state.portal = guestPortal();
      return json(200, { message: "Signed out" });
    }),
  );
  renderPortal();
  fireEvent.click(await screen.findByRole("button", { name: "GH, Account menu for Grace Hopper" }));
  const panel = await screen.findByRole("dialog", { name: "Your Account" });
  const value = (label: string) => within(panel).getByText(label).nextElementSibling?.textContent;
  expect(value("Name")).toBe("Grace Hopper");
  expect(value("Email")).toBe("grace@example.com");
  expect(value("Customer ID")).toBe("c1");
  expect(value("Invited By")).toBe("Ada Lovelace");
  expect(value("Loan Type")).toBe("FHA");

  fireEvent.click(within(panel).getByRole("button", { name: "Sign Out" }));
  expect(await screen.findByText("Logged out successfully")).toBeTruthy();
  expect(await screen.findByRole("heading", { name: "Welcome, Grace" })).toBeTruthy();
  expect(screen.getByRole("button", { name: "Sign In" })).toBeTruthy();
  expect(calls.some((call) => call.path === "/api/customer/signout")).toBe(true);
  expect(localStorage.getItem(`portal:session:${LINK}`)).toBeNull();
});

test("the bell opens an empty notifications panel; the badge reads 9+ above 9", async () => {
  fakeServer(portalRoute({ portal: signedInPortal() }));
  renderPortal();
  fireEvent.click(await screen.findByRole("button", { name: "Notifications" }));
  const panel = await screen.findByRole("dialog", { name: "Notifications" });
  expect(within(panel).getByText("No notifications yet")).toBeTruthy();

  expect(unreadBadge(0)).toBeNull();
  expect(unreadBadge(1)).toBe("1");
  expect(unreadBadge(9)).toBe("9");
  expect(unreadBadge(10)).toBe("9+");
});
