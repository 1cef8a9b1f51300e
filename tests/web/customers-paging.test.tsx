// All Customers asks the server for one page at a time: search, filter, sort and page travel as
// ?page&pageSize&q&status&sort, and the page on screen stays while the next one loads.
import { expect, test } from "bun:test";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { fakeServer, json, renderApp } from "../support/render-app";
import { brokerServer, customer, customerPage } from "./customers-fixtures";

const many = Array.from({ length: 60 }, (_, i) =>
  customer({ id: `m${i}`, name: `Customer ${String(i).padStart(2, "0")}`, email: `c${i}@example.com`, invitedAt: new Date(Date.UTC(2024, 0, 1, i)).toISOString() }),
);
const asked = (calls: { path: string; query: URLSearchParams }[]) =>
  calls.filter((c) => c.path === "/api/all-customers").map((c) => Object.fromEntries(c.query));

test("every change of page, sort, search or filter is a request for one page", async () => {
  const calls = fakeServer(brokerServer(many));
  renderApp("/customers");
  expect(await screen.findByText("Page 1 of 3")).toBeTruthy();
  expect(asked(calls)[0]).toEqual({ page: "1", pageSize: "25", status: "all", sort: "-invitedAt" });
  // Newest invited first, as the server sorted them.
  expect(screen.getAllByRole("link", { name: /^Customer \d+$/ })[0]?.textContent).toBe("Customer 59");

  fireEvent.click(screen.getByRole("button", { name: "Next page" }));
  expect(await screen.findByText("Page 2 of 3")).toBeTruthy();
  expect(asked(calls).at(-1)).toMatchObject({ page: "2", sort: "-invitedAt" });

  // Sorting starts over at page 1.
  fireEvent.click(screen.getByRole("button", { name: /^Customer/ }));
  await waitFor(() => expect(asked(calls).at(-1)).toMatchObject({ page: "1", sort: "name" }));
  await waitFor(() => expect(screen.getAllByRole("link", { name: /^Customer \d+$/ })[0]?.textContent).toBe("Customer 00"));

  fireEvent.change(screen.getByLabelText("Search customers"), { target: { value: " customer 4 " } });
  await waitFor(() => expect(asked(calls).at(-1)).toMatchObject({ page: "1", q: "customer 4", sort: "name" }));
  expect(await screen.findByText("Customer 49")).toBeTruthy();
  expect(screen.queryByText("Page 1 of 1")).toBeNull(); // one page: no pager
});

test("the page on screen stays while the next one loads", async () => {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const base = brokerServer(many);
  fakeServer((request) => {
    if (request.path === "/api/all-customers" && request.query.get("page") === "2") {
      // Answered only once the test has looked at the screen in between.
      return gate.then(() => json(200, customerPage(many, request.query))) as unknown as Response;
    }
    return base(request);
  });
  renderApp("/customers");
  expect(await screen.findByText("Page 1 of 3")).toBeTruthy();
  fireEvent.click(screen.getByRole("button", { name: "Next page" }));
  await Bun.sleep(50);
  expect(screen.getAllByRole("link", { name: /^Customer \d+$/ })).toHaveLength(25);
  expect(screen.queryByText("Loading customers")).toBeNull();
  release();
  expect(await screen.findByText("Page 2 of 3")).toBeTruthy();
});

test("reaching the last page hands focus to Previous (Next is disabled there), and the first page to Next", async () => {
  fakeServer(brokerServer(many));
  renderApp("/customers");
  expect(await screen.findByText("Page 1 of 3")).toBeTruthy();
  const next = screen.getByRole("button", { name: "Next page" });
  next.focus();
  fireEvent.click(next);
  expect(await screen.findByText("Page 2 of 3")).toBeTruthy();
  expect(document.activeElement).toBe(next); // still a page ahead: focus stays on Next
  fireEvent.click(next);
  expect(await screen.findByText("Page 3 of 3")).toBeTruthy();
  await waitFor(() => expect(document.activeElement?.getAttribute("aria-label")).toBe("Previous page"));
  const previous = screen.getByRole("button", { name: "Previous page" });
  fireEvent.click(previous);
  fireEvent.click(previous);
  expect(await screen.findByText("Page 1 of 3")).toBeTruthy();
  await waitFor(() => expect(document.activeElement?.getAttribute("aria-label")).toBe("Next page"));
});
