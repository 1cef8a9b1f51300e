// The broker's live socket as the web app opens it (SPEC 7 "Live channel").
import { afterEach, expect, test } from "bun:test";
import { screen, waitFor } from "@testing-library/react";
import { act } from "@testing-library/react";
import { fakeServer, renderApp } from "../support/render-app";
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
  await Bun.sleep(1200);
  expect(RecordingSocket.opened).toHaveLength(1);
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
