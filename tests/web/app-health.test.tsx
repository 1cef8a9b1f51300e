// Issue 39, item 2: with the server unreachable a page never goes blank. A failed request shows a
// banner that goes away by itself when the server answers again (and the screen is fetched anew);
// a screen that throws ends on an error page with a way on.
import { afterEach, expect, test } from "bun:test";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { QueryClientProvider, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { apiFetch } from "../../web/api/client";
import { isDown, reportReachable, RETRY_MS } from "../../web/api/connection";
import { createQueryClient } from "../../web/api/query-client";
import { ConnectionBanner, CONNECTION_LOST_TITLE } from "../../web/components/ConnectionBanner";
import { ErrorBoundary } from "../../web/components/ErrorBoundary";
import { json } from "../support/render-app";

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  reportReachable();
});

test("a request the server cannot answer shows the banner; it goes by itself when the server is back, and the screen is fetched again", async () => {
  let serverUp = false;
  let reads = 0;
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    const path = new URL(String(input), "http://localhost").pathname;
    if (!serverUp) throw new TypeError("Failed to fetch");
    if (path === "/healthz") return json(200, { status: "ok" });
    reads++;
    return json(200, { count: reads });
  }) as typeof fetch;

  function Count() {
    const { data, isError } = useQuery({ queryKey: ["dashboard", "count"], queryFn: () => apiFetch("/api/notifications/unread-count") });
    return <p>{isError ? "Could not load" : data ? `Read ${data.count}` : "Loading"}</p>;
  }
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ConnectionBanner />
      <Count />
    </QueryClientProvider>,
  );
  expect(await screen.findByText(CONNECTION_LOST_TITLE)).toBeTruthy();
  expect(screen.getByRole("status").textContent).toContain("Nothing you entered is lost.");
  expect(screen.getByText("Could not load")).toBeTruthy();
  expect(isDown()).toBe(true);

  serverUp = true;
  await waitFor(() => expect(screen.queryByText(CONNECTION_LOST_TITLE)).toBeNull(), { timeout: RETRY_MS * 3 });
  expect(await screen.findByText("Read 1")).toBeTruthy();
}, 30_000);

test("a proxy's 502 while the portal restarts counts as unreachable; the portal's own 4xx and 5xx do not", async () => {
  let status = 502;
  globalThis.fetch = (async () =>
    status === 502 ? new Response("<html>Bad Gateway</html>", { status, headers: { "content-type": "text/html" } }) : json(status, { message: "x" })) as unknown as typeof fetch;
  await apiFetch("/api/site").catch(() => undefined);
  expect(isDown()).toBe(true);
  status = 503; // the portal's own: a service behind it is down, said in its message
  await apiFetch("/api/site").catch(() => undefined);
  expect(isDown()).toBe(false);
  status = 500;
  await apiFetch("/api/site").catch(() => undefined);
  expect(isDown()).toBe(false);
  status = 404;
  await apiFetch("/api/site").catch(() => undefined);
  expect(isDown()).toBe(false);
});

test("a screen that throws ends on an error page with Try again and a way to the start, not a blank page", async () => {
  const errors = console.error;
  console.error = () => {};
  try {
    let broken = true;
    function Fragile() {
      if (broken) throw new Error("a bug");
      return <p>Working screen</p>;
    }
    function Page() {
      const [, rerender] = useState(0);
      return (
        <ErrorBoundary>
          <Fragile key={String(rerender)} />
        </ErrorBoundary>
      );
    }
    render(<Page />);
    expect(await screen.findByRole("heading", { name: "Something went wrong" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to the start" }).getAttribute("href")).toBe("/");
    broken = false;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("Working screen")).toBeTruthy();
  } finally {
    console.error = errors;
  }
});
