// A broker's day with the keyboard alone, in Chromium against the compiled portal: invite a
// customer, approve one upload, ask for another again, sign out. Only Tab, Shift+Tab, Enter,
// Space, arrows, Escape and typing; after each review focus must be somewhere stable (the
// document's heading), never <body>.
import { expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { brokerSignUp, screenshot, usePortalInBrowser, viewports } from "./support.ts";
import { realPdf } from "../files/samples.ts";

const { portal, openPage } = usePortalInBrowser();

/** What a screen reader would roughly call the focused element: its label, else its text. */
function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return "<body>";
    const labelledBy = el.getAttribute("aria-labelledby");
    const byId = labelledBy ? labelledBy.split(" ").map((id) => document.getElementById(id)?.textContent ?? "").join(" ") : "";
    const label = (el as HTMLInputElement).labels?.[0]?.textContent ?? "";
    return (el.getAttribute("aria-label") || byId || label || el.textContent || "").replace(/\s+/g, " ").trim();
  });
}

/**
 * The focused element's name once focus has moved to one matching `name`, or after 2 s whatever
 * has focus. For focus moved a task after a render (focus-invalid-field.ts), which a check made
 * the moment the render shows can beat.
 */
async function focusSettledOn(page: Page, name: RegExp): Promise<string> {
  const deadline = Date.now() + 2_000;
  let focused = await focusedName(page);
  while (!name.test(focused) && Date.now() < deadline) {
    await page.waitForTimeout(20);
    focused = await focusedName(page);
  }
  return focused;
}

/** Presses Tab until the focused element's name matches (Shift+Tab with `backwards`). */
async function tabTo(page: Page, name: RegExp, { backwards = false, max = 80 } = {}) {
  const seen: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
    const focused = await focusedName(page);
    if (name.test(focused)) return;
    seen.push(focused);
  }
  throw new Error(`never reached ${name} with ${backwards ? "Shift+" : ""}Tab; focus went through: ${seen.join(" | ")}`);
}

async function uploadAsCustomer(uploadLink: string, documentId: string, fileName: string) {
  const form = new FormData();
  form.append("file", new Blob([realPdf(1, { comment: "keys" })], { type: "application/pdf" }), fileName);
  form.append("isGuest", "true");
  expect((await fetch(`${portal.url}/api/upload/${uploadLink}/documents/${documentId}`, { method: "POST", body: form })).status).toBe(200);
}

for (const [size, viewport] of Object.entries(viewports)) {
  test(`keyboard only (${size}): invite, approve, ask again, sign out`, async () => {
    const { page, context, errors } = await openPage(viewport);
    const email = `kay.${size}@example.com`;
    await brokerSignUp(portal, page.request, { email, firstName: "Kay", lastName: "Keys" });

    // Invite.
    await page.goto(`${portal.url}/customers`);
    await page.getByRole("heading", { name: "All Customers", level: 1 }).waitFor();
    await tabTo(page, /^Add New Customer$/);
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Add New Customer" });
    await dialog.waitFor();
    expect(await focusedName(page)).toMatch(/^Customer Email/);
    await page.keyboard.type(`nora.${size}@example.com`);
    await tabTo(page, /^Name \(optional\)/);
    await page.keyboard.type("Nora Keys");
    await tabTo(page, /^Paystub/);
    await page.keyboard.press("Space");
    await tabTo(page, /^Bank Statement/);
    await page.keyboard.press("Space");
    await tabTo(page, /^Create Customer$/);
    await page.keyboard.press("Enter");
    await page.getByText("Customer invited successfully").first().waitFor();
    await dialog.waitFor({ state: "detached" });

    const customers = await (await page.request.get(`${portal.url}/api/customers`)).json();
    const nora = await (await page.request.get(`${portal.url}/api/customer/${customers[0].id}`)).json();
    const docId = (name: string) => nora.documents.find((d: { name: string }) => d.name === name).id;
    await uploadAsCustomer(nora.uploadLink, docId("Paystub"), "paystub.pdf");
    await uploadAsCustomer(nora.uploadLink, docId("Bank Statement"), "bank.pdf");

    // To the customer, by keyboard.
    await tabTo(page, /^Nora Keys$/);
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "Nora Keys", level: 1 }).waitFor();
    await page.getByRole("button", { name: "Approve Paystub" }).waitFor();

    // Approve: focus ends on the document's heading, not <body>.
    await tabTo(page, /^Approve Paystub$/);
    await page.keyboard.press("Enter");
    const approve = page.getByRole("dialog", { name: "Approve Document" });
    await approve.waitFor();
    await tabTo(page, /^Approve Document$/);
    await page.keyboard.press("Enter");
    await approve.waitFor({ state: "detached" });
    await page.getByText("1 of 2 Approved").waitFor();
    await page.getByRole("button", { name: "Approve Paystub" }).waitFor({ state: "detached" });
    expect(await focusedName(page)).toBe("Paystub");
    await screenshot(page, `keyboard-after-approve-${size}`);

    // Ask for the bank statement again.
    await tabTo(page, /^Re-Submit Bank Statement$/);
    await page.keyboard.press("Enter");
    const resubmit = page.getByRole("dialog", { name: "Re-Submit Document" });
    await resubmit.waitFor();
    // Sent without a reason: refused, and focus goes to the reason, which reads its error.
    await tabTo(page, /^Request Re-Submission$/);
    await page.keyboard.press("Enter");
    await resubmit.getByText("Please enter a reason for re-submission.").waitFor();
    expect(await focusSettledOn(page, /^Reason for re-submission/)).toMatch(/^Reason for re-submission/);
    await page.keyboard.type("The statement is cut off at the bottom");
    await tabTo(page, /^Request Re-Submission$/);
    await page.keyboard.press("Enter");
    await resubmit.waitFor({ state: "detached" });
    await page.getByText("Re-submit reason:").waitFor();
    expect(await focusedName(page)).toBe("Bank Statement");

    // Escape works in the custom-document field of Request New Document.
    await tabTo(page, /^Request New Document$/);
    await page.keyboard.press("Enter");
    const add = page.getByRole("dialog", { name: "Add Document" });
    await add.waitFor();
    await tabTo(page, /^Custom document/);
    await page.keyboard.type("Gift letter");
    await page.keyboard.press("Escape");
    await add.waitFor({ state: "detached" });

    // Sign out from the avatar menu.
    await tabTo(page, /^KK, Account menu for Kay Keys$/, { backwards: true });
    await page.keyboard.press("Enter");
    await page.getByRole("menu", { name: "Account" }).waitFor();
    await page.keyboard.press("ArrowDown");
    expect(await focusedName(page)).toBe("Log out");
    await page.keyboard.press("Enter");
    await page.getByText("Logged out successfully").first().waitFor();
    await page.waitForURL(`${portal.url}/`);
    await screenshot(page, `keyboard-signed-out-${size}`);

    expect(errors).toEqual([]);
    await context.close();
  });
}
