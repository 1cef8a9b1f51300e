// `npx bun scripts/record-demo.ts`: re-makes the Request a Demo walkthrough shipped in public/
// (demo.webm, demo.mp4 and the demo.vtt captions) from a real run of the product: the portal
// from source on an empty data directory, driven in Chromium (playwright-core) with the
// browser's own video recording: landing → sign up → invite a customer → the customer uploads →
// the broker approves. ffmpeg shrinks the recording to a few hundred kB; the captions are the
// steps of src/shared/demo.ts, timed to when each step began in the recording.
//
// Needs /usr/bin/chromium (or CHROMIUM_PATH) and ffmpeg (`apt-get install -y ffmpeg`).
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Locator } from "playwright-core";
import { DEMO_STEPS } from "../src/shared/demo.ts";

const root = join(import.meta.dir, "..");
const publicDir = join(root, "public");
const viewport = { width: 1024, height: 640 };

async function startPortal(dataDir: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = 20000 + Math.floor(Math.random() * 30000);
  const proc = Bun.spawn([process.execPath, join(root, "src/cli.ts"), "serve", "--port", String(port), "--data", dataDir], {
    env: { ...process.env, HOST: "127.0.0.1", LOG_LEVEL: "warn", NODE_ENV: "production" },
    stdout: "inherit",
    stderr: "inherit",
  });
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (tries > 150) throw new Error("the portal did not start");
    await Bun.sleep(100);
  }
  // The first page load bundles the web app; do it before the camera rolls.
  await fetch(url);
  return {
    url,
    async stop() {
      proc.kill("SIGTERM");
      await proc.exited;
    },
  };
}

/** A visible pointer: headless recordings show no cursor, so viewers would not see what is clicked. */
const pointerScript = () => {
  addEventListener("DOMContentLoaded", () => {
    const dot = document.createElement("div");
    dot.setAttribute("aria-hidden", "true");
    dot.style.cssText =
      "position:fixed;z-index:2147483647;width:22px;height:22px;margin:-11px 0 0 -11px;border-radius:50%;" +
      "background:rgba(37,99,235,.35);border:2px solid rgba(37,99,235,.9);pointer-events:none;left:-40px;top:-40px;transition:transform .15s";
    document.body.appendChild(dot);
    addEventListener("mousemove", (e: MouseEvent) => {
      dot.style.left = `${e.clientX}px`;
      dot.style.top = `${e.clientY}px`;
    }, true);
    addEventListener("mousedown", () => (dot.style.transform = "scale(.6)"), true);
    addEventListener("mouseup", () => (dot.style.transform = "scale(1)"), true);
  });
};

/**
 * Playwright records through an ffmpeg of its own, which it downloads; this machine's ffmpeg does
 * the same job. Point Playwright's registry at a directory where its ffmpeg is the system one.
 * Must run before playwright-core is loaded: it reads PLAYWRIGHT_BROWSERS_PATH once.
 */
async function loadPlaywright(work: string) {
  const browsers = JSON.parse(readFileSync(join(root, "node_modules/playwright-core/browsers.json"), "utf8")) as {
    browsers: { name: string; revision: string }[];
  };
  const revision = browsers.browsers.find((b) => b.name === "ffmpeg")!.revision;
  const registry = join(work, "playwright");
  mkdirSync(join(registry, `ffmpeg-${revision}`), { recursive: true });
  symlinkSync(Bun.which("ffmpeg") ?? "/usr/bin/ffmpeg", join(registry, `ffmpeg-${revision}`, "ffmpeg-linux"));
  process.env.PLAYWRIGHT_BROWSERS_PATH = registry;
  return await import("playwright-core");
}

async function record(url: string, work: string): Promise<{ video: string; marks: number[]; end: number }> {
  const { chromium } = await loadPlaywright(work);
  const videoDir = join(work, "video");
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  const context = await browser.newContext({
    viewport,
    recordVideo: { dir: videoDir, size: viewport },
    permissions: ["clipboard-read", "clipboard-write"],
  });
  await context.addInitScript(pointerScript);
  const page = await context.newPage();
  const started = performance.now();
  const marks: number[] = [];
  const step = (index: number) => {
    if (marks.length !== index) throw new Error(`step ${index} out of order`);
    marks.push(performance.now() - started);
  };
  const pause = (ms: number) => page.waitForTimeout(ms);
  const dialog = page.getByRole("dialog");

  /** Moves the pointer to the element as a person would, then clicks it. */
  async function press(target: Locator) {
    await target.scrollIntoViewIfNeeded();
    const box = await target.boundingBox();
    if (box) await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 15 });
    await pause(250);
    await target.click();
  }
  async function type(target: Locator, text: string) {
    await press(target);
    await target.pressSequentially(text, { delay: 35 });
  }

  await page.goto(url);
  await page.getByRole("button", { name: "Try for Free" }).first().waitFor();
  step(0);
  await pause(2000);
  await press(page.getByRole("button", { name: "Try for Free" }).first());

  step(1);
  await type(dialog.getByLabel("First name"), "Dana");
  await type(dialog.getByLabel("Last name"), "Broker");
  await type(dialog.getByLabel(/^Email/), "dana@example.com");
  await type(dialog.getByLabel(/^Password/), "a good password");
  await type(dialog.getByLabel(/^Confirm password/), "a good password");
  await pause(500);
  await press(dialog.getByRole("button", { name: "Create account", exact: true }));
  await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();

  step(2);
  await pause(3000);
  await press(page.getByRole("button", { name: "Add New Customer" }).first());
  const add = page.getByRole("dialog", { name: "Add New Customer" });
  await add.waitFor();

  step(3);
  await type(add.getByLabel(/^Customer Email/), "casey@example.com");
  // react-aria keeps the real checkbox visually hidden; a person clicks its label.
  await press(add.locator("label", { hasText: "Paystub" }).first());
  await press(add.locator("label", { hasText: "Photo ID" }).first());
  await pause(1200);
  await press(add.getByRole("button", { name: "Create Customer" }));
  await page.getByText("Customer invited successfully").first().waitFor();

  step(4);
  await pause(3000);
  const [customer] = await (await page.request.get(`${url}/api/customers`)).json();
  const detail = await (await page.request.get(`${url}/api/customer/${customer.id}`)).json();

  await page.goto(`${url}/upload/${detail.uploadLink}`);
  await page.getByRole("heading", { name: /Welcome/ }).first().waitFor();
  step(5);
  await pause(2500);

  step(6);
  const chooser = page.waitForEvent("filechooser");
  await press(page.getByRole("button", { name: "Choose file for Paystub" }).first());
  await (await chooser).setFiles({
    name: "paystub-march.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("%PDF-1.4\n% demo paystub\n%%EOF\n"),
  });
  await page.getByText("Upload Successful").first().waitFor();
  await pause(2500);

  await page.goto(`${url}/customer/${customer.id}`);
  await page.getByRole("button", { name: "Approve Paystub" }).waitFor();
  step(7);
  await pause(2500);

  step(8);
  await press(page.getByRole("button", { name: "Approve Paystub" }));
  const approve = page.getByRole("dialog", { name: "Approve Document" });
  await type(approve.getByLabel(/^Comments/), "Looks good, thank you.");
  await press(approve.getByRole("button", { name: "Approve Document" }));
  await page.getByText("1 of 2 Approved").waitFor();
  await pause(3500);
  const end = performance.now() - started;

  const video = page.video();
  await context.close();
  await browser.close();
  if (!video) throw new Error("no video was recorded");
  return { video: await video.path(), marks, end };
}

/** 00:00:01.250 */
function vttTime(ms: number): string {
  const t = Math.max(0, Math.round(ms));
  const pad = (n: number, w = 2) => String(n).padStart(w, "0");
  return `${pad(Math.floor(t / 3_600_000))}:${pad(Math.floor(t / 60_000) % 60)}:${pad(Math.floor(t / 1000) % 60)}.${pad(t % 1000, 3)}`;
}

export function captions(marks: number[], end: number): string {
  const cues = DEMO_STEPS.map((text, i) => `${i + 1}\n${vttTime(marks[i]!)} --> ${vttTime(marks[i + 1] ?? end)}\n${text}\n`);
  return `WEBVTT\n\n${cues.join("\n")}`;
}

async function ffmpeg(args: string[]): Promise<void> {
  const proc = Bun.spawn(["ffmpeg", "-hide_banner", "-loglevel", "error", "-y", ...args], { stdout: "inherit", stderr: "inherit" });
  if ((await proc.exited) !== 0) throw new Error(`ffmpeg ${args.join(" ")} failed`);
}

if (import.meta.main) {
  const work = mkdtempSync(join(tmpdir(), "record-demo-"));
  const portal = await startPortal(join(work, "data"));
  try {
    const { video, marks, end } = await record(portal.url, work);
    if (marks.length !== DEMO_STEPS.length) throw new Error(`recorded ${marks.length} steps, expected ${DEMO_STEPS.length}`);
    // 10 frames a second is plenty for screens that mostly stand still, and keeps it small.
    const filters = ["-an", "-vf", "fps=10,scale=960:-2"];
    await ffmpeg(["-i", video, ...filters, "-c:v", "libvpx-vp9", "-b:v", "0", "-crf", "42", "-row-mt", "1", "-deadline", "good", "-cpu-used", "2", join(publicDir, "demo.webm")]);
    await ffmpeg(["-i", video, ...filters, "-c:v", "libx264", "-preset", "veryslow", "-crf", "32", "-pix_fmt", "yuv420p", "-movflags", "+faststart", join(publicDir, "demo.mp4")]);
    writeFileSync(join(publicDir, "demo.vtt"), captions(marks, end));
    for (const name of readdirSync(publicDir).filter((n) => n.startsWith("demo."))) {
      console.log(`public/${name}: ${Math.round(statSync(join(publicDir, name)).size / 1024)} kB`);
    }
    console.log(`${(end / 1000).toFixed(1)} s, ${DEMO_STEPS.length} captioned steps`);
  } finally {
    await portal.stop();
    rmSync(work, { recursive: true, force: true });
  }
}
