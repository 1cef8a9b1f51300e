// Request a Demo (SPEC 2 "Landing page") opens a video dialog: the shipped walkthrough with
// captions on, or the operator's DEMO_VIDEO_URL; keyboard closes it.
import { expect, test } from "bun:test";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { DEMO_STEPS, SHIPPED_DEMO } from "../../src/shared/demo";
import { fakeServer, json, renderApp, signedOut, type FakeRoute } from "../support/render-app";

const demoServer =
  (answer: Response | (() => Response)): FakeRoute =>
  (request) =>
    request.path === "/api/demo-video" ? (typeof answer === "function" ? answer() : answer) : signedOut(request);

async function openDemo() {
  renderApp("/");
  fireEvent.click(await screen.findByRole("button", { name: "Request a Demo" }));
  const dialog = await screen.findByRole("dialog", { name: "Product demo" });
  await within(dialog).findByLabelText("Product demo video");
  return dialog;
}

const videoIn = (dialog: HTMLElement) => within(dialog).getByLabelText("Product demo video") as HTMLVideoElement;

test("by default it plays the walkthrough shipped with the portal, with English captions on", async () => {
  const calls = fakeServer(demoServer(json(200, SHIPPED_DEMO)));
  const dialog = await openDemo();
  const video = videoIn(dialog);
  expect(video.tagName).toBe("VIDEO");
  expect(video.hasAttribute("controls")).toBe(true);
  expect([...video.querySelectorAll("source")].map((s) => [s.getAttribute("src"), s.getAttribute("type")])).toEqual([
    ["/demo.webm", "video/webm"],
    ["/demo.mp4", "video/mp4"],
  ]);
  const track = video.querySelector("track");
  expect(track?.getAttribute("kind")).toBe("captions");
  expect(track?.getAttribute("src")).toBe("/demo.vtt");
  expect(track?.getAttribute("srclang")).toBe("en");
  expect(track?.hasAttribute("default")).toBe(true);
  expect(calls.filter((call) => call.path === "/api/demo-video")).toHaveLength(1);

  // The steps can be read as well as watched.
  for (const step of DEMO_STEPS) expect(within(dialog).getByText(step)).toBeTruthy();
});

test("captions can be switched off and on again", async () => {
  fakeServer(demoServer(json(200, SHIPPED_DEMO)));
  const dialog = await openDemo();
  const toggle = within(dialog).getByRole("button", { name: "Captions on" });
  expect(toggle.getAttribute("aria-pressed")).toBe("true");
  fireEvent.click(toggle);
  const off = await within(dialog).findByRole("button", { name: "Captions off" });
  expect(off.getAttribute("aria-pressed")).toBe("false");
  fireEvent.click(off);
  expect(await within(dialog).findByRole("button", { name: "Captions on" })).toBeTruthy();
});

test("with DEMO_VIDEO_URL set it plays the operator's video, without the shipped captions", async () => {
  const url = "https://media.example.com/videos/tour.mp4";
  fakeServer(demoServer(json(200, { sources: [{ url, type: null }], captionsUrl: null })));
  const dialog = await openDemo();
  const video = videoIn(dialog);
  expect([...video.querySelectorAll("source")].map((s) => s.getAttribute("src"))).toEqual([url]);
  expect(video.querySelector("source")?.hasAttribute("type")).toBe(false);
  expect(video.querySelector("track")).toBeNull();
  expect(within(dialog).queryByText(DEMO_STEPS[0])).toBeNull();
});

test("if the portal cannot say, the shipped walkthrough plays", async () => {
  fakeServer(demoServer(json(500, { message: "Something went wrong on our side. Please try again." })));
  const dialog = await openDemo();
  expect(videoIn(dialog).querySelector("source")?.getAttribute("src")).toBe("/demo.webm");
  expect(videoIn(dialog).querySelector("track")?.getAttribute("kind")).toBe("captions");
});

test("Escape closes it, and signed-out visitors are offered Try for Free", async () => {
  fakeServer(demoServer(json(200, SHIPPED_DEMO)));
  const dialog = await openDemo();
  expect(within(dialog).getByRole("button", { name: "Try for Free" })).toBeTruthy();
  fireEvent.keyDown(document.activeElement ?? dialog, { key: "Escape" });
  await waitFor(() => expect(screen.queryByRole("dialog", { name: "Product demo" })).toBeNull());
});
