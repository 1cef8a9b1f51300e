// The customer page's Activity card (the audit trail): entries with actor, time, address and
// reason, newest first; "Show more" through the API's pages; downloads; the empty state.
import { expect, test } from "bun:test";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { AuditEntryDto } from "@shared/api-types";
import { fakeServer, json, renderApp } from "../support/render-app";
import { detailServer } from "./customer-detail-fixtures";

const MINUTE = 60_000;

function entry(sequence: number, overrides: Partial<AuditEntryDto> = {}): AuditEntryDto {
  return {
    id: `e${sequence}`,
    sequence,
    at: new Date(Date.now() - (100 - sequence) * MINUTE).toISOString(),
    action: "link_opened",
    actor: { kind: "guest", id: "c1", label: "Upload link" },
    address: "198.51.100.7",
    documentId: null,
    documentName: null,
    detail: null,
    hash: "ab".repeat(32),
    ...overrides,
  };
}

/** A trail of `total` entries (sequence 1 oldest), answered a page at a time as the API does. */
function trailServer(total: number, newest: AuditEntryDto[] = []) {
  const all = [...newest, ...Array.from({ length: total - newest.length }, (_, i) => entry(total - newest.length - i))];
  return detailServer({
    extra: ({ path, query }) => {
      if (path !== "/api/customer/c1/audit") return undefined;
      const before = query.get("before");
      const limit = Number(query.get("limit"));
      const older = before ? all.filter((e) => e.sequence < Number(before)) : all;
      const page = older.slice(0, limit);
      return json(200, { entries: page, nextBefore: older.length > limit ? page.at(-1)!.sequence : null });
    },
  });
}

// The card is its own chunk, loaded after the page: the first render waits for it to compile.
const card = () => screen.findByRole("region", { name: "Activity" }, { timeout: 10_000 });

async function activity() {
  const card = await screen.findByRole("region", { name: "Activity" }, { timeout: 10_000 });
  return { card, list: await within(card).findByRole("list", { name: "Activity, newest first" }) };
}

test("each entry says what happened, to which document, who did it, from where, when, and why", async () => {
  const resubmit = entry(40, {
    action: "resubmit_requested",
    actor: { kind: "broker", id: "u1", label: "Ada Lovelace" },
    address: "203.0.113.9",
    documentName: "Photo ID",
    detail: "The photo is blurry",
    at: new Date(Date.now() - 5 * MINUTE).toISOString(),
  });
  const reminder = entry(39, { action: "reminder_sent", actor: { kind: "system", id: null, label: "Scheduled reminder" }, address: null, detail: "Photo ID" });
  fakeServer(trailServer(40, [resubmit, reminder]));
  renderApp("/customer/c1");
  const { list } = await activity();
  const [first, second] = within(list).getAllByRole("listitem");
  expect(first!.textContent).toContain("Re-submit requested: Photo ID");
  expect(first!.textContent).toContain("Ada Lovelace (Broker) from 203.0.113.9");
  expect(first!.textContent).toContain("The photo is blurry");
  const time = first!.querySelector("time")!;
  expect(time.textContent).toBe("5 minutes ago");
  expect(time.getAttribute("dateTime")).toBe(resubmit.at);
  expect(first!.textContent).toContain(new Date(resubmit.at).toLocaleString());
  // The portal's own work has no address.
  expect(second!.textContent).toContain("Reminder sent");
  expect(second!.textContent).toContain("Scheduled reminder (Portal)");
  expect(second!.textContent).not.toContain(" from ");
});

test("Show more adds the next page of older entries, until there are none", async () => {
  const calls = fakeServer(trailServer(30));
  renderApp("/customer/c1");
  const { card, list } = await activity();
  expect(within(list).getAllByRole("listitem")).toHaveLength(25);
  expect(within(card).getByRole("status").textContent).toBe("Showing 25 events");
  fireEvent.click(within(card).getByRole("button", { name: "Show more" }));
  await waitFor(() => expect(within(list).getAllByRole("listitem")).toHaveLength(30));
  expect(within(card).queryByRole("button", { name: "Show more" })).toBeNull();
  // The first page asked for 25; Show more for the newest 50 (what is shown stays while it loads).
  const asked = calls.filter((c) => c.path === "/api/customer/c1/audit").map((c) => c.query.get("limit"));
  expect(asked).toEqual(["25", "50"]);
});

test("past the API's largest page, the newest entries are read a page after another", async () => {
  const calls = fakeServer(trailServer(130));
  renderApp("/customer/c1");
  const { card, list } = await activity();
  for (const shown of [50, 75, 100, 125]) {
    fireEvent.click(within(card).getByRole("button", { name: "Show more" }));
    await waitFor(() => expect(within(list).getAllByRole("listitem")).toHaveLength(shown));
  }
  const last = calls.filter((c) => c.path === "/api/customer/c1/audit").slice(-2);
  expect(last.map((c) => [c.query.get("limit"), c.query.get("before")])).toEqual([["100", null], ["25", "31"]]);
  expect(within(list).getAllByRole("listitem").at(-1)!.textContent).toContain("Upload link opened");
});

test("the CSV and PDF downloads are links to the trail's files", async () => {
  fakeServer(trailServer(2));
  renderApp("/customer/c1");
  const { card } = await activity();
  expect(within(card).getByRole("link", { name: "Download Grace Hopper's activity as CSV" }).getAttribute("href")).toBe("/api/customer/c1/audit.csv");
  expect(within(card).getByRole("link", { name: "Download Grace Hopper's activity as PDF" }).getAttribute("href")).toBe("/api/customer/c1/audit.pdf");
});

test("a customer with no recorded events says so", async () => {
  fakeServer(trailServer(0));
  renderApp("/customer/c1");
  const region = await card();
  expect(await within(region).findByText("No activity yet")).toBeTruthy();
  expect(within(region).queryByRole("list")).toBeNull();
});

test("a failed load says why and can be tried again", async () => {
  let fail = true;
  const ok = trailServer(1);
  fakeServer((request) => (request.path === "/api/customer/c1/audit" && fail ? json(500, { message: "The trail is unavailable" }) : ok(request)));
  renderApp("/customer/c1");
  const region = await card();
  expect((await within(region).findByRole("alert")).textContent).toBe("The trail is unavailable");
  fail = false;
  fireEvent.click(within(region).getByRole("button", { name: "Try Again" }));
  expect(await within(region).findByRole("list", { name: "Activity, newest first" })).toBeTruthy();
});
