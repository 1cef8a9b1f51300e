// Assignment in the browser, at phone and desktop widths: an owner and an invited broker share a
// workspace. The owner filters All Customers by "Mine" (kept in the address across a reload and
// Back), hands a customer to the broker from the customer page, sees it leave "Mine" and carry the
// broker's name under "All", and switches the dashboard between Mine and Team; the broker finds the
// customer under their own "Mine". axe (experimental rules on) on each screen. Real executable,
// real Chromium.
import { expect, test } from "bun:test";
import type { APIRequestContext, Page } from "playwright-core";
import { expectAccessible } from "./axe.ts";
import { brokerSignUp, emailedJoinToken, screenshot, usePortalInBrowser, viewports } from "./support.ts";

const { portal, openPage } = usePortalInBrowser();
const sameOrigin = { "sec-fetch-site": "same-origin" };

async function addCustomer(request: APIRequestContext, name: string, email: string) {
  const res = await request.post(`${portal.url}/api/customers`, { data: { name, email, requiredDocuments: [{ name: "Paystub" }] }, headers: sameOrigin });
  expect(res.status(), await res.text()).toBe(201);
}

/** The customer names the list or the overview shows now. */
const namesOn = async (page: Page, names: string[]) => {
  const shown: string[] = [];
  for (const name of names) if (await page.getByRole("link", { name, exact: false }).count()) shown.push(name);
  return shown;
};

for (const [width, viewport] of Object.entries(viewports)) {
  test(`two members: Mine / All, reassignment from the customer page, Mine / Team (${width})`, async () => {
    const { context, page, errors } = await openPage(viewport);
    await brokerSignUp(portal, context.request, { email: `olive-${width}@team.example`, firstName: "Olive", lastName: "Owner" });
    // Bea joins by her invitation link (the join page has its own journey: workspace-join.test.ts).
    const invited = `bea-${width}@team.example`;
    expect((await context.request.post(`${portal.url}/api/workspace/invitations`, { data: { email: invited, role: "broker" }, headers: sameOrigin })).status()).toBe(201);
    const bea = await openPage(viewport);
    const joined = await bea.context.request.post(`${portal.url}/api/workspace/join`, {
      data: { token: emailedJoinToken(portal, invited), password: "a long enough password", firstName: "Bea", lastName: "Broker" },
      headers: sameOrigin,
    });
    expect(joined.status(), await joined.text()).toBe(201);
    await addCustomer(context.request, `Amy ${width}`, `amy-${width}@example.com`);
    await addCustomer(context.request, `Ben ${width}`, `ben-${width}@example.com`);
    const names = [`Amy ${width}`, `Ben ${width}`];

    // All Customers: both are Olive's; "Mine" goes into the address and survives a reload.
    await page.goto(`${portal.url}/customers`);
    await page.getByRole("link", { name: `Ben ${width}` }).waitFor();
    await page.getByRole("button", { name: /Filter by assignee/ }).click();
    await page.getByRole("option", { name: "Mine" }).click();
    await page.waitForURL(/\/customers\?assignee=me$/);
    await page.reload();
    await page.getByRole("link", { name: `Ben ${width}` }).waitFor();
    expect(await page.getByRole("button", { name: /Filter by assignee/ }).textContent()).toContain("Mine");
    expect(await namesOn(page, names)).toEqual(names);
    await expectAccessible(page, `assignment-customers-mine-${width}`);

    // Ben's page: hand him to Bea.
    await page.getByRole("link", { name: `Ben ${width}` }).click();
    const assignee = page.getByRole("button", { name: /Assigned To/ });
    await assignee.waitFor();
    expect(await assignee.textContent()).toContain("Olive Owner (you)");
    await expectAccessible(page, `assignment-customer-page-${width}`);
    await assignee.click();
    await page.getByRole("option", { name: "Bea Broker" }).click();
    await page.getByText(`Ben ${width} is now assigned to Bea Broker`).waitFor();
    await screenshot(page, `assignment-reassigned-${width}`);
    expect(await assignee.textContent()).toContain("Bea Broker");

    // Olive keeps an eye on Ben as a watcher, by keyboard: the dialog offers whoever may see him.
    await page.getByText("Nobody else").waitFor();
    const change = page.getByRole("button", { name: "Change watchers" });
    await change.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Who watches this customer" });
    await dialog.waitFor();
    await expectAccessible(page, `assignment-watchers-dialog-${width}`);
    await dialog.getByRole("checkbox", { name: "Olive Owner (you)" }).focus();
    await page.keyboard.press("Space");
    await dialog.getByRole("button", { name: "Save watchers" }).focus();
    await page.keyboard.press("Enter");
    await page.getByText(`Watchers of Ben ${width} saved`).waitFor();
    await dialog.waitFor({ state: "detached" });
    // The Watching field's value (the activity list below names Olive too, as who acted).
    await page.getByRole("definition").filter({ hasText: /^Olive Owner$/ }).waitFor();
    await screenshot(page, `assignment-watching-${width}`);

    // Back to the list, still "Mine": Ben has left it. "All" shows him with Bea's name.
    await page.goBack();
    await page.waitForURL(/\/customers\?assignee=me$/);
    await page.getByRole("link", { name: `Amy ${width}` }).waitFor();
    await page.getByRole("link", { name: `Ben ${width}` }).waitFor({ state: "detached" });
    await page.getByRole("button", { name: /Filter by assignee/ }).click();
    await page.getByRole("option", { name: "All assignees" }).click();
    await page.waitForURL(/\/customers$/);
    const benRow = page.getByRole("row").filter({ has: page.getByRole("link", { name: `Ben ${width}` }) });
    await benRow.getByText("Bea Broker").waitFor();
    await screenshot(page, `assignment-customers-all-${width}`);

    // Dashboard: Team (every customer) and Mine (Olive's own), the metrics following.
    await page.goto(`${portal.url}/dashboard`);
    const views = page.getByRole("radiogroup", { name: "Show customers of" });
    await page.getByRole("link", { name: `Ben ${width}` }).waitFor();
    const total = page.getByRole("button", { name: /Total Customers/ });
    await total.getByText("2", { exact: true }).waitFor();
    await views.getByRole("radio", { name: "Mine" }).click();
    await page.waitForURL(/\/dashboard\?assignee=me$/);
    await page.getByRole("link", { name: `Ben ${width}` }).waitFor({ state: "detached" });
    await total.getByText("1", { exact: true }).waitFor();
    expect(await namesOn(page, names)).toEqual([`Amy ${width}`]);
    await expectAccessible(page, `assignment-dashboard-mine-${width}`);
    await context.close();

    // Bea's own "Mine" holds Ben.
    await bea.page.goto(`${portal.url}/customers?assignee=me`);
    await bea.page.getByRole("link", { name: `Ben ${width}` }).waitFor();
    expect(await namesOn(bea.page, names)).toEqual([`Ben ${width}`]);
    await bea.context.close();
    expect(errors).toEqual([]);
    expect(bea.errors).toEqual([]);
  });
}
