// The customer pickers of Request New Document, Send Documents and Export (SPEC 2) ask the server
// for a page of matches (/api/all-customers?page=1&pageSize=25&q), never the whole list
// (/api/customers), so what a dialog downloads does not grow with the brokerage. Ticked customers
// survive a new search and are the ones sent to; a typed address is looked up with ?email=.
import { afterEach, beforeEach, expect, test } from "bun:test";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { CustomerDto } from "../../src/shared/api-types";
import { FakeXhr } from "../support/fake-xhr";
import { fakeServer, json, renderApp, type FakeRoute } from "../support/render-app";
import { brokerServer, customer, subscription } from "./customers-fixtures";

const RealXhr = globalThis.XMLHttpRequest;
const realClick = HTMLAnchorElement.prototype.click;
beforeEach(() => {
  FakeXhr.sent = [];
  globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
});
afterEach(() => {
  globalThis.XMLHttpRequest = RealXhr;
  HTMLAnchorElement.prototype.click = realClick;
});

// 30 customers, one more page than a picker shows: "Client 01" … "Client 30", newest last.
const clients: CustomerDto[] = Array.from({ length: 30 }, (_, i) => {
  const n = i + 1;
  return customer({
    id: `c${n}`,
    name: `Client ${String(n).padStart(2, "0")}`,
    email: `client${n}@example.com`,
    invitedAt: new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString(),
  });
});

const extra: FakeRoute = ({ method, path }) => {
  if (method === "POST" && path.endsWith("/request-documents")) return json(201, { documents: [] });
  if (path === "/api/documents/share/settings") return json(200, { maxFileBytes: 10 * 1024 * 1024, maxFiles: 20, maxRecipients: 500 });
  if (path === "/api/shared-documents") return json(200, []);
  if (path === "/api/export/settings") return json(200, { fileNamePattern: "{customer} - {document}.{ext}", defaultPattern: "{customer} - {document}.{ext}" });
  return undefined;
};

type Call = ReturnType<typeof fakeServer>[number];
/** The pickers' asks: the first page, by name, 25 at most (the Customer Overview asks 12, All Customers sorts by date). */
const pickerAsks = (calls: Call[]) => calls.filter((c) => c.path === "/api/all-customers" && c.query.get("sort") === "name" && c.query.get("pageSize") === "25");
const wholeListAsked = (calls: Call[]) => calls.some((c) => c.method === "GET" && (c.path === "/api/customers" || (c.path === "/api/all-customers" && !c.query.has("page"))));
const clientBoxes = (dialog: HTMLElement) => within(dialog).queryAllByRole("checkbox", { name: /^Client \d\d/ });
const names = (dialog: HTMLElement) => clientBoxes(dialog).map((box) => box.closest("label")!.textContent!.slice(0, 9));
const isTicked = (box: HTMLElement) => (box as HTMLInputElement).checked;

function search(dialog: HTMLElement, text: string) {
  fireEvent.change(within(dialog).getByRole("searchbox", { name: "Search customers" }), { target: { value: text } });
}
/** Waits for the list to show exactly `expected` (asked as a boolean: bun prints a failing element whole, slowly). */
async function listShows(dialog: HTMLElement, expected: string[]) {
  await waitFor(() => expect(names(dialog).join(",")).toBe(expected.join(",")));
}

async function openRequestDialog(calls: Call[]) {
  renderApp("/dashboard?action=request-document");
  // The dashboard loads the dialog's code lazily; the first test of a run waits for it to compile.
  const dialog = await screen.findByRole("dialog", { name: "Request New Document" }, { timeout: 5000 });
  await within(dialog).findByRole("checkbox", { name: /Client 01/ });
  expect(pickerAsks(calls).length).toBeGreaterThan(0);
  return dialog;
}

test("Request New Document lists the first page from the server, says how many more there are, and never loads the whole list", async () => {
  const calls = fakeServer(brokerServer(clients, subscription("unlimited"), extra));
  const dialog = await openRequestDialog(calls);

  const [first] = pickerAsks(calls);
  expect(first!.query.get("page")).toBe("1");
  expect(first!.query.has("q")).toBe(false);
  expect(clientBoxes(dialog)).toHaveLength(25);
  expect(names(dialog).at(-1)).toBe("Client 25");
  expect(within(dialog).getByText("5 more — refine the search to find them.")).toBeTruthy();
  expect(wholeListAsked(calls)).toBe(false);
});

test("searching asks the server and narrows the list; a ticked customer stays ticked and listed, and both are sent to", async () => {
  const calls = fakeServer(brokerServer(clients, subscription("unlimited"), extra));
  const dialog = await openRequestDialog(calls);
  fireEvent.click(within(dialog).getByRole("checkbox", { name: /^Paystub/ }));
  fireEvent.click(within(dialog).getByRole("checkbox", { name: /Client 01/ }));

  search(dialog, "client 2");
  // Client 01 no longer matches but stays on top, ticked; the server's matches follow.
  await listShows(dialog, ["Client 01", ...Array.from({ length: 10 }, (_, i) => `Client 2${i}`)]);
  expect(pickerAsks(calls).some((c) => c.query.get("q") === "client 2" && c.query.get("page") === "1")).toBe(true);
  expect(isTicked(within(dialog).getByRole("checkbox", { name: /Client 01/ }))).toBe(true);
  expect(within(dialog).queryByText(/more — refine the search/)).toBeNull();

  fireEvent.click(within(dialog).getByRole("checkbox", { name: /Client 25/ }));
  search(dialog, "client 3");
  await listShows(dialog, ["Client 01", "Client 25", "Client 30"]);
  expect(within(dialog).getByText("Existing customers (2 selected)")).toBeTruthy();

  fireEvent.click(within(dialog).getByRole("button", { name: "Send Request" }));
  expect(await screen.findByText("Documents requested for 2 customers.")).toBeTruthy();
  const requested = calls.filter((c) => c.path.endsWith("/request-documents")).map((c) => c.path);
  expect(requested).toEqual(["/api/customers/c1/request-documents", "/api/customers/c25/request-documents"]);
  expect(wholeListAsked(calls)).toBe(false);
});

test("a search that matches nobody says so, and keeps the ticked customer", async () => {
  const calls = fakeServer(brokerServer(clients, subscription("unlimited"), extra));
  const dialog = await openRequestDialog(calls);
  fireEvent.click(within(dialog).getByRole("checkbox", { name: /Client 07/ }));
  search(dialog, "nobody");
  expect(await within(dialog).findByText("No customers match your search.")).toBeTruthy();
  await listShows(dialog, ["Client 07"]);
});

test("the counter chip comes with the page: yellow at 80 percent of the plan cap, red at the cap", async () => {
  const counts = (total: number) => ({ total, approved: 0, underReview: 0, awaitingUpload: total, overdue: 0 });
  const calls = fakeServer(
    brokerServer(
      [
        customer({ id: "a", name: "Client 01", email: "a@example.com", documentCounts: counts(1) }),
        customer({ id: "b", name: "Client 02", email: "b@example.com", documentCounts: counts(8) }),
        customer({ id: "c", name: "Client 03", email: "c@example.com", documentCounts: counts(10) }),
      ],
      subscription("basic"),
      extra,
    ),
  );
  const dialog = await openRequestDialog(calls);
  const chip = (text: string) => within(dialog).getByText(text).closest("span")!.className;
  expect(chip("1/10")).toContain("slate");
  expect(chip("8/10")).toContain("amber");
  expect(chip("10/10")).toContain("red");
});

test("a typed address that is a customer's is found with ?email=, also when Send is pressed before the lookup answers", async () => {
  const calls = fakeServer(brokerServer(clients, subscription("unlimited"), extra));
  const dialog = await openRequestDialog(calls);
  fireEvent.click(within(dialog).getByRole("checkbox", { name: /^Paystub/ }));
  const field = within(dialog).getByRole("textbox", { name: /New customer email/ });

  fireEvent.change(field, { target: { value: " CLIENT7@example.com " } });
  expect(await within(dialog).findByText("Client 07 is already your customer: the documents are requested from them.")).toBeTruthy();
  const lookup = calls.find((c) => c.path === "/api/all-customers" && c.query.has("email"))!;
  expect(lookup.query.get("email")).toBe("client7@example.com");
  expect(lookup.query.get("pageSize")).toBe("1");

  // Part of an address is nobody's: "lient7@example.com" is inside client7's, but only the whole address counts.
  fireEvent.change(field, { target: { value: "lient7@example.com" } });
  await waitFor(() => expect(within(dialog).queryByText(/is already your customer/) === null).toBe(true));
  expect(within(dialog).getByText("We create the customer and send the invitation with these documents.")).toBeTruthy();

  // Typed and sent at once: asked on sending, so Client 17 is asked rather than created again.
  fireEvent.change(field, { target: { value: "client17@example.com" } });
  fireEvent.click(within(dialog).getByRole("button", { name: "Send Request" }));
  expect(await screen.findByText("Documents requested for 1 customer.")).toBeTruthy();
  expect(calls.some((c) => c.method === "POST" && c.path === "/api/customers")).toBe(false);
  expect(calls.filter((c) => c.path.endsWith("/request-documents")).map((c) => c.path)).toEqual(["/api/customers/c17/request-documents"]);
  expect(wholeListAsked(calls)).toBe(false);
});

test("the picker works from the keyboard: a labelled search box (Escape clears it) and labelled checkboxes in the tab order", async () => {
  const calls = fakeServer(brokerServer(clients, subscription("unlimited"), extra));
  const dialog = await openRequestDialog(calls);
  const box = within(dialog).getByRole("searchbox", { name: "Search customers" });
  box.focus();
  expect(document.activeElement).toBe(box);
  search(dialog, "client 3");
  await listShows(dialog, ["Client 30"]);
  fireEvent.keyDown(box, { key: "Escape" });
  await waitFor(() => expect(clientBoxes(dialog).length).toBe(25));
  for (const checkbox of clientBoxes(dialog)) {
    expect(checkbox.tagName).toBe("INPUT");
    expect(checkbox.tabIndex).toBeGreaterThanOrEqual(0);
    expect((checkbox as HTMLInputElement).disabled).toBe(false);
  }
  // The counter is read out with what it counts.
  expect(within(dialog).getAllByText("requested documents", { exact: false }).length).toBeGreaterThan(0);
});

test("while the first page is on its way the picker says it is loading customers", async () => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const base = brokerServer(clients, subscription("unlimited"), extra);
  fakeServer((request) => {
    const isPicker = request.path === "/api/all-customers" && request.query.get("pageSize") === "25";
    // A Response promised later: fakeServer awaits whatever the route gives.
    return isPicker ? (held.then(() => base(request)) as unknown as Response) : base(request);
  });
  renderApp("/dashboard?action=request-document");
  const dialog = await screen.findByRole("dialog", { name: "Request New Document" });
  expect(await within(dialog).findByRole("status", { name: "Loading customers" })).toBeTruthy();
  release();
  await within(dialog).findByRole("checkbox", { name: /Client 01/ });
  expect(within(dialog).queryByRole("status", { name: "Loading customers" }) === null).toBe(true);
});

test("opened from a customer's row, the dialog has that customer ticked even when the first page does not list them", async () => {
  const calls = fakeServer(brokerServer(clients, subscription("unlimited"), extra));
  renderApp("/customers");
  // Client 30 is the newest (first on All Customers) and last by name (not on the picker's first page).
  fireEvent.click(await screen.findByRole("button", { name: "Request New Document for Client 30" }));
  const dialog = await screen.findByRole("dialog", { name: "Request New Document" });
  await within(dialog).findByRole("checkbox", { name: /Client 01/ });
  expect(names(dialog)[0]).toBe("Client 30");
  expect(isTicked(within(dialog).getByRole("checkbox", { name: /Client 30/ }))).toBe(true);
  expect(within(dialog).getByText("Existing customers (1 selected)")).toBeTruthy();
  expect(wholeListAsked(calls)).toBe(false);
});

test("Send Documents searches the server too, and shares with every ticked customer across searches", async () => {
  const calls = fakeServer(brokerServer(clients, subscription("unlimited"), extra));
  renderApp("/dashboard?action=share-document");
  const dialog = await screen.findByRole("dialog", { name: "Send Documents" });
  await within(dialog).findByRole("checkbox", { name: /Client 01/ });
  expect(within(dialog).getByText("5 more — refine the search to find them.")).toBeTruthy();
  fireEvent.change(dialog.querySelector<HTMLInputElement>('input[type="file"]')!, {
    target: { files: [new File([new Uint8Array(100)], "rates.pdf", { type: "application/pdf" })] },
  });
  fireEvent.click(within(dialog).getByRole("checkbox", { name: /Client 02/ }));
  search(dialog, "client 29");
  await listShows(dialog, ["Client 02", "Client 29"]);
  expect(pickerAsks(calls).some((c) => c.query.get("q") === "client 29")).toBe(true);
  fireEvent.click(within(dialog).getByRole("checkbox", { name: /Client 29/ }));
  fireEvent.click(within(dialog).getByRole("button", { name: "Send Documents" }));
  await waitFor(() => expect(FakeXhr.sent.length).toBe(1));
  expect(JSON.parse(FakeXhr.sent[0]!.body!.get("customerIds") as string)).toEqual(["c2", "c29"]);
  expect(wholeListAsked(calls)).toBe(false);
});

test("Send Documents: a typed address that is a customer's shares with that customer, creating no one", async () => {
  const calls = fakeServer(brokerServer(clients, subscription("free", { canCreateCustomer: false }), extra));
  renderApp("/dashboard?action=share-document");
  const dialog = await screen.findByRole("dialog", { name: "Send Documents" });
  await within(dialog).findByRole("checkbox", { name: /Client 01/ });
  fireEvent.change(dialog.querySelector<HTMLInputElement>('input[type="file"]')!, {
    target: { files: [new File([new Uint8Array(100)], "rates.pdf", { type: "application/pdf" })] },
  });
  fireEvent.change(within(dialog).getByRole("textbox", { name: /New customer email/ }), { target: { value: "Client30@Example.com" } });
  fireEvent.click(within(dialog).getByRole("button", { name: "Send Documents" }));
  await waitFor(() => expect(FakeXhr.sent.length).toBe(1));
  expect(JSON.parse(FakeXhr.sent[0]!.body!.get("customerIds") as string)).toEqual(["c30"]);
  // At the customer limit, yet no Upgrade Required: nobody new is added.
  expect(screen.queryByRole("dialog", { name: "Upgrade Required" }) === null).toBe(true);
  expect(calls.some((c) => c.method === "POST" && c.path === "/api/customers")).toBe(false);
});

test("Export asks for customers only once its dialog opens, a page at a time, and exports the ticked ones", async () => {
  const clicked: string[] = [];
  HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
    clicked.push(this.getAttribute("href")!);
  };
  const calls = fakeServer(brokerServer(clients, subscription("unlimited"), extra));
  renderApp("/customers");
  const exportButton = await screen.findByRole("button", { name: "Export" });
  await screen.findByText("Client 30");
  expect(pickerAsks(calls)).toHaveLength(0);
  expect(wholeListAsked(calls)).toBe(false);

  fireEvent.click(exportButton);
  const dialog = await screen.findByRole("dialog", { name: "Export Customers" });
  await within(dialog).findByRole("checkbox", { name: /Client 01/ });
  expect(pickerAsks(calls).length).toBeGreaterThan(0);
  fireEvent.click(within(dialog).getByRole("checkbox", { name: /Client 01/ }));
  search(dialog, "client 30");
  await listShows(dialog, ["Client 01", "Client 30"]);
  fireEvent.click(within(dialog).getByRole("checkbox", { name: /Client 30/ }));
  await within(dialog).findByRole("textbox", { name: "File names" });
  fireEvent.click(within(dialog).getByRole("button", { name: "Download ZIP (2)" }));
  await waitFor(() => expect(clicked).toEqual(["/api/customers/export?ids=c1,c30&scope=approved"]));
  expect(wholeListAsked(calls)).toBe(false);
});
