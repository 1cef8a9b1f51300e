// The invitation link in the browser, at phone and desktop widths: the owner invites, the link
// from the email opens /join/{token} showing the workspace and the email, the invited person
// fills in a name and a password with the keyboard only and lands on the dashboard, signed in as
// a member. A used link says so at once. Real executable, real Chromium.
import { expect, test } from "bun:test";
import { brokerSignUp, emailedJoinToken, screenshot, usePortalInBrowser, viewports } from "./support.ts";

const { portal, openPage } = usePortalInBrowser();

for (const [width, viewport] of Object.entries(viewports)) {
  test(`an invited broker joins from the emailed link (${width})`, async () => {
    const owner = await openPage(viewport);
    await brokerSignUp(portal, owner.context.request, { email: `owner-${width}@acme.example`, firstName: "Olive", lastName: `Owner ${width}` });
    const invited = `bea-${width}@acme.example`;
    const res = await owner.context.request.post(`${portal.url}/api/workspace/invitations`, { data: { email: invited, role: "broker" }, headers: { "sec-fetch-site": "same-origin" } });
    expect(res.status(), await res.text()).toBe(201);
    await owner.context.close();

    const { context, page, errors } = await openPage(viewport);
    const link = `${portal.url}/join/${encodeURIComponent(emailedJoinToken(portal, invited))}`;
    await page.goto(link);
    await page.getByRole("heading", { name: "Join your team" }).waitFor();
    await page.getByText(invited).waitFor();
    await page.getByText(`Olive Owner ${width}`).waitFor();
    // Keyboard only: the first field has focus; Tab moves through the labelled fields; Enter submits.
    await page.keyboard.type("Bea");
    await page.keyboard.press("Tab");
    await page.keyboard.type("Broker");
    await page.keyboard.press("Tab");
    await page.keyboard.type("a long enough password");
    await screenshot(page, `join-${width}`);
    await page.keyboard.press("Enter");
    await page.waitForURL(`${portal.url}/dashboard`);
    const me = await (await context.request.get(`${portal.url}/api/auth/user`)).json();
    expect(me).toMatchObject({ email: invited, firstName: "Bea", role: "broker" });
    await context.close();
    expect(errors).toEqual([]);

    // The same link again: said at once, no form.
    const again = await openPage(viewport);
    await again.page.goto(link);
    await again.page.getByText(/This invitation link is invalid, expired or already used/).waitFor();
    expect(await again.page.locator("input[type=password]").count()).toBe(0);
    await again.context.close();
  });
}
