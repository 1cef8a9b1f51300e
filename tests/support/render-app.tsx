// Renders the whole web app at a URL with a fake server, for component tests.
import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { createQueryClient } from "../../web/api/query-client";
import { App } from "../../web/App";
import { ToastRegion } from "../../web/components/ui/ToastRegion";

export type FakeRoute = (request: { method: string; path: string; body: unknown; search: string; query: URLSearchParams }) => Response | undefined;

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

/** Replaces global fetch; unanswered requests get a 404 JSON body. Returns the requests seen. */
export function fakeServer(route: FakeRoute) {
  const calls: Array<{ method: string; path: string; body: unknown; search: string; query: URLSearchParams }> = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url, "http://localhost:3000");
    const method = (init?.method ?? "GET").toUpperCase();
    const body = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
    const call = { method, path: url.pathname, body, search: url.search, query: url.searchParams };
    calls.push(call);
    return route(call) ?? json(404, { message: "Not found" });
  }) as typeof fetch;
  return calls;
}

/** A server with nobody signed in. */
export const signedOut: FakeRoute = ({ path }) =>
  path === "/api/auth/user" ? json(401, { message: "Not signed in" }) : undefined;

/** Renders the app at `url`; the result also carries its query client, for tests that read the cache. */
/** `queryClient`: another's cache, to come back to a screen as the app does (its cache outlives the screen). */
export function renderApp(url: string, queryClient = createQueryClient()) {
  const rendered = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[url]}>
        <App />
      </MemoryRouter>
      <ToastRegion />
    </QueryClientProvider>,
  );
  return Object.assign(rendered, { queryClient });
}
