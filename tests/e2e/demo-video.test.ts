// Request a Demo in a real browser against the compiled portal: the walkthrough embedded in the
// executable is served with video and caption types, Chromium plays it with its captions showing,
// on a 390 px phone, and the keyboard closes the dialog.
import { expect, test } from "bun:test";
import { DEMO_STEPS, SHIPPED_DEMO } from "../../src/shared/demo.ts";
import { screenshot, usePortalInBrowser, viewports } from "./support.ts";

const { portal, openPage } = usePortalInBrowser();

test("the compiled portal serves the shipped walkthrough and its captions", async () => {
  for (const { url, type } of SHIPPED_DEMO.sources) {
    const res = await fetch(`${portal.url}${url}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe(type!);
    expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(50_000);
  }
  const captions = await fetch(`${portal.url}${SHIPPED_DEMO.captionsUrl}`);
  expect(captions.headers.get("content-type")).toBe("text/vtt; charset=utf-8");
  expect(await captions.text()).toStartWith("WEBVTT");
});

test("Request a Demo plays the walkthrough with captions on a phone; captions toggle; Escape closes", async () => {
  const { context, page, errors } = await openPage(viewports.phone);
  await page.goto(portal.url);
  await page.getByRole("button", { name: "Request a Demo" }).click();
  const dialog = page.getByRole("dialog", { name: "Product demo" });
  const video = dialog.getByLabel("Product demo video");
  await video.waitFor();

  // The browser loads it: metadata of a video about as long as the captions say.
  await page.waitForFunction(() => (document.querySelector("video")?.readyState ?? 0) >= 1, undefined, { timeout: 10_000 });
  const duration = await video.evaluate((v: HTMLVideoElement) => v.duration);
  expect(duration).toBeGreaterThan(20);
  expect(duration).toBeLessThan(120);

  // Captions show from the start, with one cue per step.
  await page.waitForFunction(() => (document.querySelector("video")?.textTracks[0]?.cues?.length ?? 0) > 0, undefined, { timeout: 10_000 });
  const track = () =>
    video.evaluate((v: HTMLVideoElement) => ({
      kind: v.textTracks[0]!.kind,
      mode: v.textTracks[0]!.mode,
      cues: [...(v.textTracks[0]!.cues ?? [])].map((cue) => (cue as VTTCue).text),
    }));
  expect(await track()).toEqual({ kind: "captions", mode: "showing", cues: [...DEMO_STEPS] });

  // It plays.
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await page.waitForFunction(() => (document.querySelector("video")?.currentTime ?? 0) > 0.2, undefined, { timeout: 10_000 });

  // Fits the phone: nothing wider than the screen.
  const box = await dialog.boundingBox();
  expect(box!.width).toBeLessThanOrEqual(viewports.phone.width);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewports.phone.width);
  await screenshot(page, "demo-dialog-phone");

  await dialog.getByRole("button", { name: "Captions on" }).click();
  expect((await track()).mode).toBe("hidden");
  await dialog.getByRole("button", { name: "Captions off" }).click();
  expect((await track()).mode).toBe("showing");

  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "detached" });
  expect(errors).toEqual([]);
  await context.close();
});
