// The broker's live socket as the web app opens it (SPEC 7 "Live channel").
import { afterEach, expect, test } from "bun:test";
import { screen } from "@testing-library/react";
import { fakeServer, renderApp } from "../support/render-app";
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
  close() {}
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
