// Browser tests run the compiled ./portal (built by `npm run test:e2e`) on a random port with an
// empty data directory, and drive Debian's Chromium through playwright-core.
import { afterAll, beforeAll, expect } from "bun:test";
import { Database } from "bun:sqlite";
import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { chromium, type APIRequestContext, type Browser, type BrowserContext, type Page } from "playwright-core";
import { repoRoot, waitForHealthy } from "../support/cli.ts";
import { freePort } from "../support/smtp.ts";
import { databaseFileName } from "../../db/client.ts";
import { latestCode, latestEmail } from "../support/outbox.ts";
import { tempDir } from "../support/server.ts";

export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export interface Portal {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** A portal whose process can be stopped and started again on the same address and data (an outage). */
export interface RestartablePortal extends Portal {
  /** Stops the process (SIGTERM), keeping its data directory. */
  kill(): Promise<void>;
  /** Starts it again on the same port and data directory, once it answers /healthz. */
  startAgain(): Promise<void>;
}

export async function startPortal(env: Record<string, string> = {}): Promise<RestartablePortal> {
  const binary = join(repoRoot, "portal");
  if (!existsSync(binary)) throw new Error("./portal is missing: run `npm run test:e2e`, which compiles it first");
  const dataDir = tempDir("portal-e2e-");
  const spawn = (port: number) =>
    Bun.spawn([binary, "serve", "--port", String(port), "--data", dataDir], {
      cwd: dataDir,
      env: { ...process.env, HOST: "127.0.0.1", LOG_LEVEL: "warn", ...env },
      stdout: "inherit",
      stderr: "inherit",
    });
  // A free port can be taken by someone else (Chromium's own connections use the same range)
  // before the portal binds it: the portal then exits at once, and it is started again elsewhere.
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    let proc = spawn(port);
    const url = `http://127.0.0.1:${port}`;
    const exitedEarly = proc.exited.then((code) => ({ exited: code }));
    const healthy = waitForHealthy(url).then(() => "healthy" as const);
    healthy.catch(() => {}); // after an early exit nobody waits for it any more
    const outcome = await Promise.race([healthy, exitedEarly]);
    if (outcome !== "healthy") {
      if (attempt < 3) continue;
      throw new Error(`./portal exited with ${outcome.exited} before answering, ${attempt} times`);
    }
    const kill = async () => {
      proc.kill("SIGTERM");
      await proc.exited;
    };
    return {
      url,
      dataDir,
      kill,
      async startAgain() {
        proc = spawn(port);
        await waitForHealthy(url);
      },
      async stop() {
        await kill();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
}

/** The newest code of this kind the portal emailed to this address (read from its outbox; e2e portals have no SMTP). */
export function emailedCode(portal: Portal, to: string, kind: "broker_signup_code" | "account_code"): string {
  const db = new Database(join(portal.dataDir, databaseFileName), { readonly: true });
  try {
    return latestCode(db, to, kind);
  } finally {
    db.close();
  }
}

/** The token of the newest broker password-reset link emailed to `to` (read from the outbox). */
export function emailedResetToken(portal: Portal, to: string): string {
  const db = new Database(join(portal.dataDir, databaseFileName), { readonly: true });
  try {
    const token = latestEmail(db, to, "broker_password_reset")?.text.match(/\/reset-password\?token=([\w%-]+)/)?.[1];
    if (!token) throw new Error(`no reset link was emailed to ${to}`);
    return decodeURIComponent(token);
  } finally {
    db.close();
  }
}

/** The token of the newest workspace invitation link (/join/{token}) emailed to `to` (read from the outbox). */
export function emailedJoinToken(portal: Portal, to: string): string {
  const db = new Database(join(portal.dataDir, databaseFileName), { readonly: true });
  try {
    const token = latestEmail(db, to, "workspace_invitation")?.text.match(/\/join\/([\w%-]+)/)?.[1];
    if (!token) throw new Error(`no invitation was emailed to ${to}`);
    return decodeURIComponent(token);
  } finally {
    db.close();
  }
}

/** The token of the newest signing link (/sign/{token}) emailed to `to`, read from the outbox. */
export function emailedSigningToken(running: Portal, to: string): string {
  const db = new Database(join(running.dataDir, databaseFileName), { readonly: true });
  try {
    const token = latestEmail(db, to, "signature_request")?.text.match(/\/sign\/([\w%-]+)/)?.[1];
    if (!token) throw new Error(`no signing link was emailed to ${to}`);
    return decodeURIComponent(token);
  } finally {
    db.close();
  }
}

/**
 * Signs a broker up through the API in this browser context (its cookies), with the emailed code
 * when the portal asks for one (every broker after its first).
 */
export async function brokerSignUp(portal: Portal, request: APIRequestContext, person: { email: string; firstName: string; lastName: string }): Promise<void> {
  const data = { ...person, password: "a good password" };
  const headers = { "sec-fetch-site": "same-origin" };
  let res = await request.post(`${portal.url}/api/auth/signup`, { data, headers });
  if (res.status() === 202) {
    const code = emailedCode(portal, person.email, "broker_signup_code");
    res = await request.post(`${portal.url}/api/auth/signup`, { data: { ...data, code }, headers });
  }
  expect(res.status(), await res.text()).toBe(201);
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    // The machine has no internet: without these flags Chromium keeps dialling Google's hosts.
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
}

export const viewports = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
};

/** A phone's touch screen: touch events, and the page laid out by its viewport meta tag. */
export const touchScreen = { hasTouch: true, isMobile: true } as const;

/** A fresh browser context (cookies and storage of its own), failing the test on page errors. */
export async function newPage(
  browser: Browser,
  viewport = viewports.desktop,
  options: { hasTouch?: boolean; isMobile?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport, ...options });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error" && !/status of 40[13]/.test(message.text())) errors.push(message.text());
  });
  return { context, page, errors };
}

/** Saves a screenshot under tests/e2e/screenshots (not committed) for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(repoRoot, "tests/e2e/screenshots", `${name}.png`), fullPage: false });
}

/**
 * One portal and one Chromium for the whole test file: started before its first test, closed
 * after its last. They only exist once beforeAll has run, so `portal` reads the running one on
 * every use, and `openPage` opens a fresh context (newPage) in the shared browser.
 */
export function usePortalInBrowser(env: Record<string, string> = {}) {
  let running: Portal | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    running = await startPortal(env);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await running?.stop();
  });
  const started = <T,>(value: T | undefined): T => {
    if (value === undefined) throw new Error("the portal and browser start in beforeAll; use them inside a test");
    return value;
  };
  const portal: Portal = {
    get url() {
      return started(running).url;
    },
    get dataDir() {
      return started(running).dataDir;
    },
    stop: () => started(running).stop(),
  };
  return { portal, openPage: (viewport?: typeof viewports.desktop, options?: Parameters<typeof newPage>[2]) => newPage(started(browser), viewport, options) };
}
