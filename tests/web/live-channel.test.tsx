// The broker's live socket as the web app opens it (SPEC 7 "Live channel").
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { render, screen, waitFor } from "@testing-library/react";
import { act } from "@testing-library/react";
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import type { DocumentStatus } from "../../src/shared/documents";
import { applyLiveMessage } from "../../web/api/live";
import { createQueryClient } from "../../web/api/query-client";
import { refreshBrokerData } from "../../web/api/query-keys";
import { useCustomerQuery } from "../../web/features/customers/api";
import { fakeServer, json, renderApp } from "../support/render-app";
import { customer as detailCustomer, doc } from "./customer-detail-fixtures";
import { guestPortal, LINK, portalRoute, renderPortal, signedInPortal } from "./portal-fixtures";
import { broker, brokerServer } from "./customers-fixtures";

/** Stands in for the browser's WebSocket and keeps what the app sends. */
class RecordingSocket {
  static opened: RecordingSocket[] = [];
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    RecordingSocket.opened.push(this);
    queueMicrotask(() => this.onopen?.());
  }
  send(data: string) {
    this.sent.push(data);
  }
  closed = false;
  close() {
    this.closed = true;
  }
}

const realSocket = globalThis.WebSocket;
afterEach(() => {
  globalThis.WebSocket = realSocket;
  RecordingSocket.opened = [];
});

test("a signed-in broker's socket opens after a second and its auth message names the user id", async () => {
  globalThis.WebSocket = RecordingSocket as unknown as typeof WebSocket;
  fakeServer(brokerServer([]));
  renderApp("/dashboard");
  await screen.findByRole("heading", { name: /dashboard/i });
  expect(RecordingSocket.opened).toHaveLength(0); // SPEC 9: the admin live connection waits 1000 ms
  await Bun.sleep(1000);
  // Opened once its second has passed, however busy the machine.
  await waitFor(() => expect(RecordingSocket.opened).toHaveLength(1), { timeout: 10_000 });
  expect(RecordingSocket.opened[0]!.url).toEndWith("/ws");
  expect(RecordingSocket.opened[0]!.sent.map((m) => JSON.parse(m))).toEqual([{ type: "auth", userId: broker.id }]);
});

test("a customer who signs in (or out) inside the portal gets a socket opened under the new session", async () => {
  globalThis.WebSocket = RecordingSocket as unknown as typeof WebSocket;
  const state = { portal: guestPortal() };
  fakeServer(portalRoute(state));
  renderPortal();
  await screen.findByRole("heading", { name: "Required Documents" });
  await waitFor(() => expect(RecordingSocket.opened).toHaveLength(1));
  const guest = RecordingSocket.opened[0]!;
  expect(guest.sent.map((m) => JSON.parse(m))).toEqual([{ type: "customer_auth", uploadLink: LINK }]);

  // The session changes (a sign-in in the dialog sets the cookie); the portal is read again.
  state.portal = signedInPortal();
  act(() => guest.onmessage?.({ data: JSON.stringify({ type: "data_update", updateType: "customer_portal_update" }) }));
  await waitFor(() => expect(RecordingSocket.opened).toHaveLength(2));
  expect(guest.closed).toBe(true);
  const signedIn = RecordingSocket.opened[1]!;
  await waitFor(() => expect(signedIn.sent.map((m) => JSON.parse(m))).toEqual([{ type: "customer_auth", uploadLink: LINK }]));

  // And back to a guest after signing out.
  state.portal = guestPortal();
  act(() => signedIn.onmessage?.({ data: JSON.stringify({ type: "data_update", updateType: "customer_portal_update" }) }));
  await waitFor(() => expect(RecordingSocket.opened).toHaveLength(3));
  expect(signedIn.closed).toBe(true);
});

// Issue 39, item 1: a customer's page, left for the dashboard, then shown again after the
// customer uploaded meanwhile, said "Requested" still (the cache kept it and refetchOnMount was off).
describe("a screen shown again after changes it missed", () => {
  let status: DocumentStatus;
  let fetches: number;
  /** Every text the page rendered, in order: what the broker saw, however briefly. */
  let seen: string[];
  function CustomerPage() {
    const { data } = useCustomerQuery("c1");
    const text = data ? data.documents.map((d) => `${d.name}: ${d.status}`).join(", ") : "loading";
    seen.push(text);
    return <p>{text}</p>;
  }
  const show = (queryClient: QueryClient) => render(<QueryClientProvider client={queryClient}><CustomerPage /></QueryClientProvider>);

  beforeEach(() => {
    status = "requested";
    fetches = 0;
    seen = [];
    fakeServer(({ path }) => (path === "/api/customer/c1" ? (fetches++, json(200, detailCustomer([doc({ id: "d1", name: "Paystub", status })]))) : undefined));
  });

  test("after a live event: fetched in the background at once, and shown new from the first paint", async () => {
    const queryClient = createQueryClient();
    const page = show(queryClient);
    await screen.findByText("Paystub: requested");
    page.unmount(); // the broker goes to the dashboard

    status = "uploaded";
    applyLiveMessage(queryClient, { kind: "broker" }, JSON.stringify({ type: "data_update", updateType: "document_uploaded" }));
    await waitFor(() => expect(fetches).toBe(2));

    seen = [];
    show(queryClient);
    await screen.findByText("Paystub: uploaded");
    expect(seen).not.toContain("Paystub: requested");
  });

  // Issue 39, item 11: the server's instance lost its PostgreSQL listener, so events were missed.
  test("after a force_refresh (events the server missed): the same, for a screen not shown", async () => {
    const queryClient = createQueryClient();
    const page = show(queryClient);
    await screen.findByText("Paystub: requested");
    page.unmount();

    status = "uploaded";
    applyLiveMessage(queryClient, { kind: "broker" }, JSON.stringify({ type: "force_refresh", updateType: "all_data_refresh" }));
    await waitFor(() => expect(fetches).toBe(2));

    seen = [];
    show(queryClient);
    await screen.findByText("Paystub: uploaded");
    expect(seen).not.toContain("Paystub: requested");
  });

  test("after the broker's own write made from another screen: the same", async () => {
    const queryClient = createQueryClient();
    const page = show(queryClient);
    await screen.findByText("Paystub: requested");
    page.unmount();

    status = "approved";
    refreshBrokerData(queryClient);
    await waitFor(() => expect(fetches).toBe(2));

    seen = [];
    show(queryClient);
    await screen.findByText("Paystub: approved");
    expect(seen).not.toContain("Paystub: requested");
    await Bun.sleep(600); // the follow-ups refresh only what is on screen: this page, once each
    expect(fetches).toBeLessThanOrEqual(5);
  });

  test("unchanged data is not fetched again just because the screen is shown again (SPEC 9)", async () => {
    const queryClient = createQueryClient();
    const page = show(queryClient);
    await screen.findByText("Paystub: requested");
    page.unmount();
    show(queryClient);
    await screen.findByText("Paystub: requested");
    await Bun.sleep(50);
    expect(fetches).toBe(1);
  });
});
