// Largest Contentful Paint of /upload/{link} (a guest customer) and /dashboard (a signed-in broker
// with 1,000 customers) on a phone profile: Chromium (/usr/bin/chromium via playwright-core) at
// 390×844, the CPU slowed 4× and the network shaped to "slow 4G" (150 ms round trip, 1.6 Mbit/s
// down, 750 kbit/s up) through the DevTools protocol. Each page is opened cold (new context, empty
// cache) three times; the median is reported with the JavaScript bytes that went over the wire.
// Run: npx bun scripts/bench/lcp.ts   (CHROMIUM_PATH to use another browser)
import { rmSync } from "node:fs";
import { chromium } from "playwright-core";
import { tempDir } from "../../tests/support/server.ts";
import { seedBroker } from "./seed.ts";
import { startBenchServer } from "./support.ts";

const RUNS = Number(process.env.LCP_RUNS ?? 3);
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

const dataDir = tempDir("portal-bench-lcp-");
const seeded = await seedBroker(dataDir, 1000);
const server = await startBenchServer(dataDir);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});

async function measure(path: string, cookie?: { name: string; value: string }) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
  if (cookie) await context.addCookies([{ ...cookie, url: server.base }]);
  const page = await context.newPage();
  await page.addInitScript(() => {
    const w = window as unknown as { __lcp: number; __lcpElement: string };
    w.__lcp = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { element?: Element })[]) {
        w.__lcp = entry.startTime;
        w.__lcpElement = entry.element ? `${entry.element.tagName.toLowerCase()} "${(entry.element.textContent ?? "").trim().slice(0, 40)}"` : "";
      }
    }).observe({ type: "largest-contentful-paint", buffered: true });
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", SLOW_4G);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  const scripts = new Map<string, boolean>();
  let jsBytes = 0;
  cdp.on("Network.responseReceived", (e: { requestId: string; type: string }) => scripts.set(e.requestId, e.type === "Script"));
  cdp.on("Network.loadingFinished", (e: { requestId: string; encodedDataLength: number }) => {
    if (scripts.get(e.requestId)) jsBytes += e.encodedDataLength;
  });
  await page.goto(server.base + path, { waitUntil: "networkidle", timeout: 120_000 });
  await page.waitForTimeout(500);
  const { lcp, element } = await page.evaluate(() => {
    const w = window as unknown as { __lcp: number; __lcpElement: string };
    return { lcp: w.__lcp, element: w.__lcpElement };
  });
  await context.close();
  return { lcp, element, jsBytes };
}

const pages = [
  { label: "/upload/{link} (guest)", path: `/upload/${seeded.uploadLink}` },
  { label: "/dashboard (broker, 1,000 customers)", path: "/dashboard", cookie: { name: "portal_session", value: seeded.token } },
];
const rows: string[] = [];
for (const p of pages) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await measure(p.path, p.cookie));
  runs.sort((a, b) => a.lcp - b.lcp);
  const median = runs[Math.floor(runs.length / 2)]!;
  rows.push(
    `| ${p.label} | ${(median.lcp / 1000).toFixed(2)} s | ${runs.map((r) => (r.lcp / 1000).toFixed(2)).join(" / ")} s | ${(median.jsBytes / 1024).toFixed(1)} KB | ${median.element} |`,
  );
  console.log(rows.at(-1));
}
await browser.close();
await server.stop();
rmSync(dataDir, { recursive: true, force: true });
console.log(`\n| Page | LCP (median of ${RUNS}) | Runs | JavaScript over the wire | LCP element |\n|---|---:|---|---:|---|\n${rows.join("\n")}`);
