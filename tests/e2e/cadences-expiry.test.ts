// Reminder cadences and expiring documents, end to end: the compiled portal, Chromium and a real
// SMTP server. The broker asks for a Photo ID from the customer page with repeat reminders; the
// portal's clock is moved through a week (libfaketime under the portal process: the scheduler,
// the outbox and the mail all run on the moved clock, nothing is called by hand); reminders
// arrive on Friday and Monday, none on the weekend; the upload stops the next one; the approval
// with an expiry date shows in Expiring soon, and moving the date moves it out, live.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { existsSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Browser } from "playwright-core";
import { databaseFileName } from "../../db/client.ts";
import { realPdf } from "../files/samples.ts";
import { startSmtp, type ReceivedMail, type TestSmtp } from "../support/smtp.ts";
import { tempDir } from "../support/server.ts";
import { launchBrowser, screenshot, startPortal, viewports, type Portal } from "./support.ts";

/** Debian's libfaketime (apt package `libfaketime`, installed by .ci/run); the MT build is for threaded programs. */
const FAKETIME_LIB = ["x86_64-linux-gnu", "aarch64-linux-gnu"]
  .map((arch) => `/usr/lib/${arch}/faketime/libfaketimeMT.so.1`)
  .find((path) => existsSync(path));

const DAY = 86_400_000;
const HOUR = 3_600_000;

/**
 * The portal's clock: an offset from real time in a file libfaketime reads on every clock call
 * (wall clock only: timers and the scheduler's 5 s interval keep real time).
 */
class PortalClock {
  readonly file = join(tempDir("portal-clock-"), "offset");
  set(at: Date): void {
    writeFileSync(this.file, `+${Math.round((at.getTime() - Date.now()) / 1000)}\n`);
  }
  env(): Record<string, string> {
    return {
      LD_PRELOAD: FAKETIME_LIB!,
      FAKETIME_TIMESTAMP_FILE: this.file,
      FAKETIME_NO_CACHE: "1",
      FAKETIME_DONT_FAKE_MONOTONIC: "1",
      NO_FAKE_STAT: "1",
    };
  }
}

/** A Thursday 10:00 UTC at least three weeks ahead, so every date below is in the future for the browser too. */
function aThursdayAhead(): Date {
  const d = new Date(Date.now() + 21 * DAY);
  d.setUTCHours(10, 0, 0, 0);
  while (d.getUTCDay() !== 4) d.setTime(d.getTime() + DAY);
  return d;
}
const thursday = aThursdayAhead();
/** `days` after that Thursday, at hour:minute UTC (the broker has no time zone: UTC). */
const at = (days: number, hour: number, minute = 0) => new Date(thursday.getTime() + days * DAY + (hour - 10) * HOUR + minute * 60_000);
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const written = (day: string) => new Date(`${day}T12:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });

const CUSTOMER = "cora.customer@example.com";
const REMINDER_SUBJECT = /^Reminder: documents still needed by/;

let clock: PortalClock;
let smtp: TestSmtp;
let portal: Portal;
let browser: Browser;
beforeAll(async () => {
  if (!FAKETIME_LIB) throw new Error("libfaketime is missing: `apt-get install libfaketime` (.ci/run installs it); this journey moves the portal's clock with it");
  clock = new PortalClock();
  clock.set(thursday);
  smtp = await startSmtp();
  portal = await startPortal({ ...clock.env(), SMTP_URL: smtp.url });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  await smtp?.stop();
  if (clock) rmSync(dirname(clock.file), { recursive: true, force: true });
});

/** Waits for something the portal does on its own (a scheduler pass, a mail), or fails saying what never came. */
async function until<T>(what: string, probe: () => Promise<T | null | undefined | false> | T | null | undefined | false, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`waited ${timeoutMs} ms for ${what}`);
    await Bun.sleep(100);
  }
}

const remindersReceived = () => smtp.received.filter((m) => m.to.includes(CUSTOMER) && REMINDER_SUBJECT.test(m.subject));
const sentOn = (mail: ReceivedMail) => new Date(mail.raw.match(/^Date:\s*(.+)$/im)![1]!);
/** Reminders the portal wrote to its outbox (sent or not yet), as the mail log shows them. */
function remindersWritten(): number {
  const db = new Database(join(portal.dataDir, databaseFileName), { readonly: true });
  try {
    const rows = db.query(`select subject from emails where "to" = ?`).all(CUSTOMER) as { subject: string }[];
    return rows.filter((r) => REMINDER_SUBJECT.test(r.subject)).length;
  } finally {
    db.close();
  }
}

test("a cadence reminds on working days until the upload; an expiry date shows in Expiring soon and moves out when edited", async () => {
  const context = await browser.newContext({ viewport: viewports.desktop, timezoneId: "UTC" });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  const api = async (path: string, data?: unknown) => {
    const res = data === undefined ? await page.request.get(`${portal.url}${path}`) : await page.request.post(`${portal.url}${path}`, { data, headers: { "sec-fetch-site": "same-origin" } });
    expect(res.status()).toBeLessThan(300);
    return res.json();
  };

  // Thursday 10:00: the broker, the customer, and a second customer whose documents fall overdue
  // on Saturday, Sunday and Tuesday at 9:00 — each one marks a scheduler pass on that day.
  await api("/api/auth/signup", { email: "bea@example.com", password: "a good password", firstName: "Bea", lastName: "Broker" });
  const cora = await api("/api/customers", { email: CUSTOMER, name: "Cora Customer", requiredDocuments: [{ name: "Paystub" }] });
  const marks = await api("/api/customers", { email: "marks@example.com", name: "Marks", requiredDocuments: [{ name: "Saturday" }], dueDate: at(2, 9).toISOString() });
  await api(`/api/customers/${marks.id}/request-documents`, { documentTypes: ["custom:Sunday:x"], dueDate: at(3, 9).toISOString() });
  await api(`/api/customers/${marks.id}/request-documents`, { documentTypes: ["custom:Tuesday:x"], dueDate: at(5, 9).toISOString() });
  const passed = (day: string) => until(`the scheduler's pass on ${day}`, async () => {
    const docs: { name: string; status: string }[] = (await api(`/api/customer/${marks.id}`)).documents;
    return docs.find((d) => d.name === day)?.status === "overdue";
  });

  // The customer page's Request New Document: Photo ID due Monday 17:00, reminders 3 days
  // before (Friday), then every day, at most 3.
  await page.goto(`${portal.url}/customer/${cora.id}`);
  await page.getByRole("heading", { name: "Cora Customer" }).waitFor();
  await page.getByRole("button", { name: "Request New Document" }).click();
  const add = page.getByRole("dialog", { name: "Add Document" });
  await add.locator("label", { hasText: "Photo ID" }).first().click();
  await add.getByLabel("Due date (optional)").fill(isoDay(at(4, 17)));
  await add.locator("label", { hasText: "Repeat reminders until the documents arrive" }).click();
  await add.getByLabel("Then every (days)").fill("1");
  await screenshot(page, "cadence-add-document-desktop");
  await add.getByRole("button", { name: "Request Documents" }).click();
  await page.getByText("Document Request Sent").waitFor();
  expect((await api(`/api/customers/${cora.id}/reminders`)).cadence).toEqual({ almostDueDays: 3, everyDays: 1, maxCount: 3 });
  const photoId = (await api(`/api/customer/${cora.id}`)).documents.find((d: { name: string }) => d.name === "Photo ID");
  expect(photoId.dueDate).toBe(at(4, 17).toISOString());
  expect(remindersWritten()).toBe(0);

  // Friday 9:30: the first reminder.
  clock.set(at(1, 9, 30));
  const [friday] = await until("Friday's reminder at the SMTP server", () => remindersReceived().length === 1 && remindersReceived());
  expect(sentOn(friday!).getUTCDay()).toBe(5);
  expect(friday!.body).toContain("Photo ID");

  // Saturday and Sunday: the scheduler runs, and writes no reminder.
  clock.set(at(2, 9, 30));
  await passed("Saturday");
  expect(remindersWritten()).toBe(1);
  clock.set(at(3, 9, 30));
  await passed("Sunday");
  expect(remindersWritten()).toBe(1);

  // Monday 9:30: the next one.
  clock.set(at(4, 9, 30));
  const monday = await until("Monday's reminder at the SMTP server", () => remindersReceived().length === 2 && remindersReceived()[1]);
  expect(sentOn(monday).getUTCDay()).toBe(1);

  // The customer uploads; on Tuesday the cadence waits while the broker reviews.
  const form = new FormData();
  form.append("file", new Blob([realPdf(1, { comment: "id" })], { type: "application/pdf" }), "photo-id.pdf");
  form.append("isGuest", "true");
  const upload = await fetch(`${portal.url}/api/upload/${cora.uploadLink}/documents/${photoId.id}`, { method: "POST", body: form });
  expect(upload.status).toBe(200);
  clock.set(at(5, 9, 30));
  await passed("Tuesday");
  expect(remindersWritten()).toBe(2);
  expect(remindersReceived()).toHaveLength(2);

  // Tuesday: approved with an expiry date 20 days out; the dashboard lists it as expiring soon.
  const soon = isoDay(at(25, 12));
  await page.getByRole("button", { name: "Approve Photo ID" }).waitFor({ timeout: 15_000 });
  await page.getByRole("button", { name: "Approve Photo ID" }).click();
  const approve = page.getByRole("dialog", { name: "Approve Document" });
  await approve.getByLabel("Expires on (optional)").fill(soon);
  await approve.getByRole("button", { name: "Approve Document" }).click();
  await page.getByText("Document verified").first().waitFor();
  await page.getByText(written(soon)).first().waitFor();

  const dashboard = await context.newPage();
  dashboard.on("pageerror", (error) => errors.push(error.message));
  const live = dashboard.waitForEvent("websocket").then((ws) => ws.waitForEvent("framereceived", (f) => String(f.payload).includes("auth_success")));
  await dashboard.goto(`${portal.url}/dashboard`);
  const expiring = dashboard.getByRole("list", { name: "Documents expiring soon" });
  await expiring.getByText("Photo ID").waitFor();
  expect(await expiring.getByText(`Expires ${written(soon)}`).count()).toBe(1);
  await live;
  await screenshot(dashboard, "expiring-soon-desktop");

  // The broker moves the date on the customer page, by keyboard; the open dashboard follows.
  const later = isoDay(at(120, 12));
  await page.bringToFront();
  await page.getByRole("button", { name: "Expiry Date Photo ID" }).focus();
  await page.keyboard.press("Enter");
  const edit = page.getByRole("dialog", { name: "Expiry Date" });
  await edit.getByLabel("Expires on").fill(later);
  await screenshot(page, "expiry-dialog-desktop");
  await edit.getByLabel("Expires on").press("Enter");
  await page.getByText(`Photo ID now expires on ${written(later)}`).waitFor();
  await dashboard.getByText("Nothing expires in the next 30 days").waitFor({ timeout: 10_000 });
  expect(await api("/api/dashboard/expiring-documents")).toEqual({ withinDays: 30, documents: [] });

  // The same screens on a phone.
  await page.setViewportSize(viewports.phone);
  await page.getByRole("button", { name: "Expiry Date Photo ID" }).scrollIntoViewIfNeeded();
  await screenshot(page, "expiry-row-phone");
  await page.getByRole("button", { name: "Expiry Date Photo ID" }).click();
  await screenshot(page, "expiry-dialog-phone");
  await edit.getByRole("button", { name: "Cancel" }).click();
  await page.getByRole("button", { name: "Request New Document" }).click();
  await add.getByLabel("Due date (optional)").fill(isoDay(at(12, 17)));
  await add.locator("label", { hasText: "Repeat reminders until the documents arrive" }).click();
  await screenshot(page, "cadence-add-document-phone");
  await add.getByRole("button", { name: "Cancel" }).click();

  expect(errors).toEqual([]);
  await context.close();
});
