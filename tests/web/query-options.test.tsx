// SPEC 9 "Query cache times", read from the queries the screens really make: each hook's
// configured options, after the screen has loaded.
import { expect, test } from "bun:test";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import type { QueryClient } from "@tanstack/react-query";
import { fakeServer, renderApp } from "../support/render-app";
import { brokerServer } from "./customers-fixtures";
import { guestPortal, LINK, portalRoute } from "./portal-fixtures";

const MINUTE = 60_000;

/** The options a cached query was made with (the client's defaults merged in). */
function optionsOf(client: QueryClient, queryKey: readonly unknown[]) {
  const query = client.getQueryCache().find({ queryKey, exact: true });
  if (!query) throw new Error(`no query ${JSON.stringify(queryKey)}; cached: ${JSON.stringify(client.getQueryCache().getAll().map((q) => q.queryKey))}`);
  const { staleTime, gcTime, refetchInterval, retry, retryDelay, refetchOnWindowFocus, refetchOnMount, refetchOnReconnect } = query.options as Record<string, unknown>;
  return { staleTime, gcTime, refetchInterval, retry, retryDelay, refetchOnWindowFocus, refetchOnMount, refetchOnReconnect };
}

const dataCache = { retry: false, refetchOnWindowFocus: false, refetchOnMount: false, refetchOnReconnect: false };

test("the broker's queries use the spec's cache, polling and retry times", async () => {
  fakeServer(brokerServer([]));
  const { queryClient } = renderApp("/dashboard");
  fireEvent.click(await screen.findByRole("button", { name: /Pending Documents/ }));
  await screen.findByRole("dialog");
  fireEvent.keyDown(document.activeElement ?? document.body, { key: "Escape" });
  await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  fireEvent.click(screen.getByRole("button", { name: /Completed Today/ }));
  await screen.findByRole("dialog");

  expect(optionsOf(queryClient, ["dashboard", "metrics"])).toMatchObject({ staleTime: 15 * MINUTE, gcTime: 20 * MINUTE, ...dataCache });
  expect(optionsOf(queryClient, ["customers", "list"])).toMatchObject({ staleTime: 15 * MINUTE, gcTime: 20 * MINUTE, ...dataCache });
  expect(optionsOf(queryClient, ["dashboard", "pending-documents"])).toMatchObject({ staleTime: 2 * MINUTE, ...dataCache });
  expect(optionsOf(queryClient, ["dashboard", "completed-documents"])).toMatchObject({ staleTime: 2 * MINUTE, ...dataCache });
  expect(optionsOf(queryClient, ["subscription"])).toMatchObject({
    staleTime: 5 * MINUTE,
    refetchInterval: 30_000,
    retry: 1,
    retryDelay: 2_000,
    refetchOnWindowFocus: false,
  });
  expect(optionsOf(queryClient, ["notifications", "broker", "list"])).toMatchObject({
    staleTime: 5 * MINUTE,
    refetchInterval: 30_000,
    refetchOnWindowFocus: true,
    refetchOnMount: true,
    retry: 3,
    retryDelay: 1_000,
  });
  expect(optionsOf(queryClient, ["notifications", "broker", "unread-count"])).toMatchObject({ staleTime: 5 * MINUTE, refetchInterval: 30_000 });
});

test("the portal's link data is never cached (SPEC 9: upload-link data 0)", async () => {
  fakeServer(portalRoute({ portal: guestPortal() }));
  const { queryClient } = renderApp(`/upload/${LINK}`);
  await screen.findByText("Paystub");
  expect(optionsOf(queryClient, ["portal", LINK])).toMatchObject({ staleTime: 0, gcTime: 0 });
});
