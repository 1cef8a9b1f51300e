// axe-core (with its experimental rules) on every screen, at phone and laptop widths, in
// Chromium against the compiled portal: any serious or critical violation fails the test. Also
// checks that a toast covers no control (the header's bell and avatar, a dialog's Close).
import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { APIRequestContext, Locator, Page } from "playwright-core";
import { repoRoot } from "../support/cli.ts";
import { brokerSignUp, emailedCode, emailedJoinToken, emailedResetToken, screenshot, usePortalInBrowser, viewports } from "./support.ts";
import { realPdf } from "../files/samples.ts";

const { portal, openPage } = usePortalInBrowser();
const axeSource = readFileSync(join(repoRoot, "node_modules/axe-core/axe.min.js"), "utf8");
const sameOrigin = { "sec-fetch-site": "same-origin" };

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

interface AxeResult {
  violations: Violation[];
  /** Every rule that ran, whatever its outcome. */
  ran: string[];
}

/** Runs axe with every rule, experimental ones included. */
async function runAxe(page: Page): Promise<AxeResult> {
  // Evaluated through the DevTools protocol: the portal's CSP rightly refuses inline scripts.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: any }).axe;
    // Experimental rules are off by default; they are switched on by name for this run.
    const experimental = axe.getRules(["experimental"]).map((rule: { ruleId: string }) => [rule.ruleId, { enabled: true }]);
    const result = await axe.run(document, { rules: Object.fromEntries(experimental) });
    const ids = (list: { id: string }[]) => list.map((r) => r.id);
    return {
      violations: result.violations as Violation[],
      ran: [...ids(result.violations), ...ids(result.passes), ...ids(result.incomplete), ...ids(result.inapplicable)],
    };
  });
}

/** The serious and critical violations on the page as it is now. */
async function seriousViolations(page: Page): Promise<Violation[]> {
  const { violations } = await runAxe(page);
  if (process.env.A11Y_DEBUG) console.log(describe(violations));
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical");
}

const describe = (violations: Violation[]) =>
  violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(" ")).join("\n  ")}`).join("\n");

async function expectAccessible(page: Page, name: string) {
  // Let fonts, queries and the live channel settle so axe sees the finished screen.
  await page.waitForLoadState("networkidle").catch(() => {});
  await screenshot(page, `a11y-${name}`);
  const found = await seriousViolations(page);
  if (found.length) throw new Error(`${name}: serious or critical axe violations\n${describe(found)}`);
}

/** A broker with one customer who uploaded one document (awaiting review) and has an account. */
async function seed(request: APIRequestContext) {
  await brokerSignUp(portal, request, { email: "ally@example.com", firstName: "Ally", lastName: "Access" });
  const created = await request.post(`${portal.url}/api/customers`, {
    data: {
      email: "rory@example.com",
      name: "Rory Reader",
      loanType: "fha",
      dueDate: new Date(Date.now() + 5 * 86_400_000).toISOString(),
      requiredDocuments: [{ name: "Paystub" }, { name: "Photo ID" }, { name: "Bank Statement" }],
    },
    headers: sameOrigin,
  });
  const customer = await created.json();
  const paystub = customer.documents.find((d: { name: string }) => d.name === "Paystub");
  const form = new FormData();
  form.append("file", new Blob([realPdf(1, { comment: "a11y" })], { type: "application/pdf" }), "paystub.pdf");
  form.append("isGuest", "true");
  expect((await fetch(`${portal.url}/api/upload/${customer.uploadLink}/documents/${paystub.id}`, { method: "POST", body: form })).status).toBe(200);
  return customer as { id: string; uploadLink: string; email: string };
}

/** Signs the customer up on their link in this browser context (the code is read from the outbox). */
async function customerAccount(request: APIRequestContext, uploadLink: string, email: string) {
  const body = { email, password: "rory password", uploadLink };
  expect((await request.post(`${portal.url}/api/customer/signup`, { data: body, headers: sameOrigin })).status()).toBe(202);
  const code = emailedCode(portal, email, "account_code");
  expect((await request.post(`${portal.url}/api/customer/signup`, { data: { ...body, code }, headers: sameOrigin })).status()).toBe(201);
}

const overlaps = async (a: Locator, b: Locator) => {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  if (!x || !y) return false;
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
};

test("the check can fail: axe, its experimental rules included, finds a nameless button put into the page", async () => {
  const { page, context } = await openPage(viewports.desktop);
  await page.goto(`${portal.url}/`);
  await page.getByRole("heading", { level: 1 }).first().waitFor();
  const experimental = ["css-orientation-lock", "focus-order-semantics", "hidden-content", "p-as-heading", "table-fake-caption", "td-has-header"];
  expect((await runAxe(page)).ran).toEqual(expect.arrayContaining(experimental));
  await page.evaluate(() => {
    const button = document.createElement("button");
    button.innerHTML = "<svg></svg>";
    document.body.append(button);
  });
  expect((await seriousViolations(page)).map((v) => v.id)).toContain("button-name");
  await context.close();
});

test("every screen passes axe (experimental rules on) with no serious or critical violation, at 390 and 1280 px", async () => {
  const broker = await openPage(viewports.desktop);
  const customer = await seed(broker.page.request);
  const guest = await openPage(viewports.desktop);
  const signedIn = await openPage(viewports.desktop);
  await customerAccount(signedIn.page.request, customer.uploadLink, customer.email);
  const visitor = await openPage(viewports.desktop);
  // A reset link that works, so its page shows the form (a used one says so at once instead).
  expect((await visitor.page.request.post(`${portal.url}/api/auth/forgot-password`, { data: { email: "ally@example.com" }, headers: sameOrigin })).status()).toBe(200);
  const resetToken = emailedResetToken(portal, "ally@example.com");
  // An invitation that works, so its page shows the form.
  expect((await broker.page.request.post(`${portal.url}/api/workspace/invitations`, { data: { email: "newcomer@example.com", role: "assistant" }, headers: sameOrigin })).status()).toBe(201);
  const joinToken = emailedJoinToken(portal, "newcomer@example.com");
  // A member who joined: their profile shows the workspace's branding read-only (issue 40, item 3).
  expect((await broker.page.request.post(`${portal.url}/api/workspace/invitations`, { data: { email: "colleague@example.com", role: "broker" }, headers: sameOrigin })).status()).toBe(201);
  const member = await openPage(viewports.desktop);
  const joined = await member.page.request.post(`${portal.url}/api/workspace/join`, {
    data: { token: emailedJoinToken(portal, "colleague@example.com"), password: "colleague password", firstName: "Cole", lastName: "League" },
    headers: sameOrigin,
  });
  expect(joined.status()).toBe(201);

  for (const [size, viewport] of Object.entries(viewports)) {
    for (const { page } of [broker, member, guest, signedIn, visitor]) await page.setViewportSize(viewport);

    await visitor.page.goto(`${portal.url}/`);
    await visitor.page.getByRole("heading", { level: 1 }).first().waitFor();
    await expectAccessible(visitor.page, `landing-${size}`);
    await visitor.page.getByRole("button", { name: "Request a Demo" }).first().click();
    await visitor.page.getByRole("dialog", { name: "Product demo" }).waitFor();
    await expectAccessible(visitor.page, `demo-dialog-${size}`);
    await visitor.page.keyboard.press("Escape");

    await visitor.page.goto(`${portal.url}/reset-password?token=${encodeURIComponent(resetToken)}`);
    await visitor.page.getByRole("button", { name: "Set new password" }).waitFor();
    await expectAccessible(visitor.page, `reset-password-${size}`);

    await visitor.page.goto(`${portal.url}/join/${encodeURIComponent(joinToken)}`);
    await visitor.page.getByRole("button", { name: "Create account and join" }).waitFor();
    await expectAccessible(visitor.page, `join-${size}`);

    await broker.page.goto(`${portal.url}/dashboard`);
    await broker.page.getByText("rory@example.com").first().waitFor();
    await expectAccessible(broker.page, `dashboard-${size}`);

    await broker.page.goto(`${portal.url}/customers`);
    await broker.page.getByRole("link", { name: "Rory Reader" }).first().waitFor();
    await expectAccessible(broker.page, `customers-${size}`);

    await broker.page.getByRole("button", { name: "Add New Customer" }).first().click();
    await broker.page.getByRole("dialog", { name: "Add New Customer" }).waitFor();
    await expectAccessible(broker.page, `add-customer-dialog-${size}`);
    await broker.page.keyboard.press("Escape");
    await broker.page.getByRole("dialog", { name: "Add New Customer" }).waitFor({ state: "detached" });

    await broker.page.getByRole("button", { name: "Edit Customer Rory Reader" }).first().click();
    await broker.page.getByRole("dialog", { name: "Edit Customer" }).getByText("Current Documents (3)").waitFor();
    await expectAccessible(broker.page, `edit-customer-dialog-${size}`);
    await broker.page.keyboard.press("Escape");

    await broker.page.goto(`${portal.url}/customer/${customer.id}`);
    await broker.page.getByRole("button", { name: "Approve Paystub" }).waitFor();
    await expectAccessible(broker.page, `customer-detail-${size}`);
    await broker.page.getByRole("button", { name: "Approve Paystub" }).click();
    await broker.page.getByRole("dialog", { name: "Approve Document" }).waitFor();
    await expectAccessible(broker.page, `approve-dialog-${size}`);
    await broker.page.keyboard.press("Escape");

    await broker.page.goto(`${portal.url}/profile`);
    await broker.page.getByRole("heading", { level: 1 }).first().waitFor();
    await expectAccessible(broker.page, `profile-${size}`);
    await member.page.goto(`${portal.url}/profile`);
    // Scrolled to, so the screenshot shows the read-only branding.
    await member.page.getByText("Only the workspace's owner, Ally Access, can change the branding.").scrollIntoViewIfNeeded();
    await expectAccessible(member.page, `profile-member-${size}`);

    await broker.page.goto(`${portal.url}/notifications`);
    await broker.page.getByRole("heading", { name: "Notifications", level: 1 }).waitFor();
    await broker.page.getByText(/Paystub/).first().waitFor();
    await expectAccessible(broker.page, `notifications-${size}`);

    await broker.page.goto(`${portal.url}/dashboard`);
    await broker.page.getByRole("button", { name: "Send Document" }).first().click();
    await broker.page.getByRole("dialog", { name: "Send Documents" }).waitFor();
    await expectAccessible(broker.page, `send-documents-dialog-${size}`);
    await broker.page.keyboard.press("Escape");

    await guest.page.goto(`${portal.url}/upload/${customer.uploadLink}`);
    await guest.page.getByRole("heading", { name: "Welcome, Rory" }).waitFor();
    // The page frame shows the welcome before the scripts run (issue 39, item 4): wait for React's page.
    await guest.page.getByRole("button", { name: "Sign in to track status" }).waitFor();
    await expectAccessible(guest.page, `portal-guest-${size}`);
    await guest.page.getByRole("button", { name: "Sign In", exact: true }).first().click();
    await guest.page.getByRole("dialog", { name: "Sign In" }).getByLabel(/^Email/).waitFor();
    await expectAccessible(guest.page, `portal-sign-in-dialog-${size}`);
    await guest.page.keyboard.press("Escape");

    await signedIn.page.goto(`${portal.url}/upload/${customer.uploadLink}`);
    await signedIn.page.getByText("Under Review").first().waitFor();
    await expectAccessible(signedIn.page, `portal-signed-in-${size}`);
  }

  for (const context of [broker, member, guest, signedIn, visitor]) {
    expect(context.errors).toEqual([]);
    await context.context.close();
  }
});

test("a toast covers neither the header's controls nor a dialog's Close button, on a phone or a laptop, nor a laptop list's bottom row buttons", async () => {
  const { page, context, errors } = await openPage(viewports.desktop);
  await brokerSignUp(portal, page.request, { email: "toby@example.com", firstName: "Toby", lastName: "Toast" });
  for (const [size, viewport] of Object.entries(viewports)) {
    await page.setViewportSize(viewport);
    await page.goto(`${portal.url}/customers`);
    await page.getByRole("button", { name: "Add New Customer" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Add New Customer" });
    // A blank custom document name: an error toast while the dialog is open.
    await dialog.getByLabel("Custom document").fill("   ");
    await dialog.getByLabel("Custom document").press("Enter");
    const toast = page.getByText("Please enter a document name.");
    await toast.waitFor();
    await screenshot(page, `toast-over-dialog-${size}`);
    const card = page.locator('[role="alertdialog"], [role="alert"], [role="status"]').filter({ has: toast }).first();
    const box = (await card.count()) ? card : toast;
    const controls = [dialog.getByRole("button", { name: "Close" }), dialog.getByRole("button", { name: "Create Customer" }), dialog.getByRole("button", { name: "Cancel" })];
    for (const control of controls) expect(await overlaps(box, control)).toBe(false);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    // And the header, with no dialog open.
    for (const control of [page.getByRole("button", { name: /^Notifications/ }), page.getByRole("button", { name: /Account menu for/ })]) {
      expect(await overlaps(box.first(), control)).toBe(false);
    }
  }

  // On a laptop a toast covers no button of the list row at the bottom of the window (the page
  // not scrolled to its end): the lists' buttons are on the right, the toast sits bottom left.
  await page.setViewportSize(viewports.desktop);
  for (let i = 0; i < 8; i++) {
    const made = await page.request.post(`${portal.url}/api/customers`, { data: { email: `row${i}@example.com`, requiredDocuments: [] }, headers: sameOrigin });
    expect(made.status()).toBe(201);
  }
  await page.goto(`${portal.url}/customers`);
  const resend = page.getByRole("button", { name: /^Resend Invitation to / });
  await resend.first().waitFor();
  const row = resend.first();
  const at = (await row.boundingBox())!;
  await page.evaluate((dy) => scrollBy(0, dy), at.y - (viewports.desktop.height - 90));
  await row.click();
  const resent = page.getByText("Invitation resent successfully");
  await resent.waitFor();
  await screenshot(page, "toast-over-list-desktop");
  const resentCard = page.locator('[role="alertdialog"], [role="alert"], [role="status"]').filter({ has: resent }).first();
  for (const button of await page.locator("main button").all()) expect(await overlaps(resentCard, button)).toBe(false);

  // The customer's phone: the header's Sign In stays clear too.
  const created = await page.request.post(`${portal.url}/api/customers`, {
    data: { email: "tess@example.com", requiredDocuments: [{ name: "Paystub" }] },
    headers: sameOrigin,
  });
  const { uploadLink } = await created.json();
  const guest = await openPage(viewports.phone);
  await guest.page.goto(`${portal.url}/upload/${uploadLink}`);
  const signIn = guest.page.getByRole("banner").getByRole("button", { name: "Sign In" });
  await signIn.click();
  await guest.page.getByRole("button", { name: "Continue as Guest" }).click();
  const guestToast = guest.page.getByText("Continuing as guest");
  await guestToast.waitFor();
  await screenshot(guest.page, "toast-portal-phone");
  expect(await overlaps(guestToast, signIn)).toBe(false);
  expect(await overlaps(guestToast, guest.page.getByRole("button", { name: /^Notifications/ }))).toBe(false);

  expect(errors).toEqual([]);
  expect(guest.errors).toEqual([]);
  await guest.context.close();
  await context.close();
});
