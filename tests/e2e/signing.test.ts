// Signing in a real browser against the compiled portal (issue 41): a broker asks two signers, in
// order, to sign a real PDF; the customer signs on their upload link on a phone by drawing with the
// mouse; the second signer opens the emailed /sign/{token} link on a phone and signs by keyboard
// alone with a typed signature; the customer's page shows the end live; the broker downloads the
// sealed PDF and poppler's pdfsig says its signature is valid. Then a decline, a void seen live,
// and a link that is not valid. axe on both signing screens; screenshots at 390 and 1280 px.
import { expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { rmSync } from "node:fs";
import { join } from "node:path";
import type { APIRequestContext, Page } from "playwright-core";
import { databaseFileName } from "../../db/client.ts";
import { latestEmail } from "../support/outbox.ts";
import { tempDir } from "../support/server.ts";
import { corpusPdf, pdfsig } from "../support/signatures.ts";
import { expectAccessible } from "./axe.ts";
import { brokerSignUp, screenshot, usePortalInBrowser, viewports, type Portal } from "./support.ts";

const { portal, openPage } = usePortalInBrowser();
const headers = { "sec-fetch-site": "same-origin" };

/** The token of the newest signing link (/sign/{token}) emailed to `to`, read from the outbox. */
function emailedSigningToken(running: Portal, to: string): string {
  const db = new Database(join(running.dataDir, databaseFileName), { readonly: true });
  try {
    const token = latestEmail(db, to, "signature_request")?.text.match(/\/sign\/([\w%-]+)/)?.[1];
    if (!token) throw new Error(`no signing link was emailed to ${to}`);
    return decodeURIComponent(token);
  } finally {
    db.close();
  }
}

const box = (type: string, page: number, x: number, y: number, signer: number, extra: Record<string, unknown> = {}) => ({ type, page, x, y, width: 0.3, height: 0.05, signer, required: true, ...extra });

async function requestSignature(api: APIRequestContext, customerId: string, request: Record<string, unknown>) {
  const res = await api.post(`${portal.url}/api/customers/${customerId}/signature-requests`, {
    headers,
    multipart: {
      request: JSON.stringify(request),
      // OpenOffice's three pages of three sizes (tests/files/corpus), as the API tests use it.
      file: { name: "engagement-letter.pdf", mimeType: "application/pdf", buffer: Buffer.from(corpusPdf("pdfjs--sizes.pdf")) },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

async function createCustomer(api: APIRequestContext, email: string, name: string) {
  const res = await api.post(`${portal.url}/api/customers`, { data: { email, name, requiredDocuments: [{ name: "Paystub" }] }, headers });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

/** Draws a stroke across the signature pad with the mouse. */
async function drawSignature(page: Page) {
  const pad = page.getByTestId("signature-pad");
  await pad.scrollIntoViewIfNeeded();
  const area = (await pad.boundingBox())!;
  await page.mouse.move(area.x + area.width * 0.1, area.y + area.height * 0.6);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) await page.mouse.move(area.x + area.width * (0.1 + i * 0.06), area.y + area.height * (0.6 - 0.3 * Math.sin(i / 2)), { steps: 3 });
  await page.mouse.up();
}

/** Nothing on the page is wider than the screen (no sideways scrolling on a phone). */
const overflowing = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test("two signers in order: the customer draws on a phone, the second types by keyboard alone; the sealed PDF passes pdfsig", async () => {
  const broker = await openPage(viewports.desktop);
  const api = broker.page.request;
  await brokerSignUp(portal, api, { email: "bea@example.com", firstName: "Bea", lastName: "Broker" });
  const grace = await createCustomer(api, "grace@example.com", "Grace Hopper");
  const request = await requestSignature(api, grace.id, {
    name: "Engagement letter",
    message: "Please sign by Friday.",
    ordered: true,
    signers: [
      { email: "grace@example.com", name: "Grace Hopper" },
      { email: "alan@example.com", name: "Alan Turing" },
    ],
    fields: [
      box("text", 1, 0.2, 0.3, 0),
      box("signature", 3, 0.1, 0.7, 0),
      box("date", 3, 0.1, 0.8, 0),
      box("initials", 1, 0.6, 0.9, 1, { width: 0.1 }),
      box("checkbox", 2, 0.8, 0.1, 1, { width: 0.05, height: 0.05 }),
      box("signature", 3, 0.55, 0.7, 1),
    ],
  });

  // ── The customer, on a phone, on their upload link ──
  const phone = await openPage(viewports.phone);
  await phone.page.goto(`${portal.url}/upload/${grace.uploadLink}`);
  const sign = phone.page.getByRole("button", { name: "Sign Engagement letter" });
  await sign.waitFor();
  expect(await overflowing(phone.page)).toBeLessThanOrEqual(0);
  await sign.click();
  const screen = phone.page.getByRole("dialog");
  await screen.getByRole("heading", { name: "Engagement letter" }).waitFor();
  await screen.getByRole("group", { name: "Page 1 of 3" }).waitFor();
  const text = screen.getByRole("textbox", { name: "Text, page 1, required" });
  await text.waitFor();
  // A field is big enough to tap; the other signer's fields are not controls here.
  const textBox = (await text.boundingBox())!;
  expect(textBox.height).toBeGreaterThanOrEqual(36);
  expect(await screen.getByRole("checkbox", { name: /Checkbox, page 2/ }).count()).toBe(0);
  const finish = screen.getByRole("button", { name: "Finish" });
  expect(await finish.isDisabled()).toBe(true);
  await expectAccessible(phone.page, "signing-portal-phone");
  await screenshot(phone.page, "signing-portal-phone-390");

  // "Next field" leads to the field still empty.
  await screen.getByRole("button", { name: "Next field" }).click();
  expect(await text.evaluate((el) => el === document.activeElement)).toBe(true);
  await text.fill("Policy 4471");
  await screen.getByRole("radio", { name: "Draw" }).click();
  const pad = (await screen.getByTestId("signature-pad").boundingBox())!;
  // The pad takes the column's full width on a phone.
  expect(pad.width).toBeGreaterThan(viewports.phone.width - 80);
  await drawSignature(phone.page);
  await screen.getByText("I agree to sign this document electronically.", { exact: false }).click();
  expect(await finish.isDisabled()).toBe(false);
  expect(await overflowing(phone.page)).toBeLessThanOrEqual(0);
  await screenshot(phone.page, "signing-portal-phone-ready");
  await phone.page.setViewportSize(viewports.desktop);
  await phone.page.waitForTimeout(300);
  await screenshot(phone.page, "signing-portal-desktop-1280");
  await phone.page.setViewportSize(viewports.phone);
  await finish.click();
  await screen.getByRole("heading", { name: "Signed" }).waitFor();
  await screen.getByText("Still to sign: Alan Turing", { exact: false }).waitFor();
  await screenshot(phone.page, "signing-portal-signed");
  await screen.getByRole("button", { name: "Close" }).click();
  // The row says where it stands.
  await phone.page.getByText("Signed", { exact: true }).first().waitFor();

  // ── The second signer: the emailed link, on a phone, keyboard only ──
  const token = emailedSigningToken(portal, "alan@example.com");
  const alan = await openPage(viewports.phone);
  await alan.page.goto(`${portal.url}/sign/${token}`);
  await alan.page.getByRole("heading", { name: "Engagement letter" }).waitFor();
  await alan.page.getByRole("textbox", { name: /Initials, page 1/ }).waitFor();
  await expectAccessible(alan.page, "signing-link-phone");
  await screenshot(alan.page, "signing-link-phone-390");

  const focused = () => alan.page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return { label: el?.getAttribute("aria-label") ?? el?.closest("label")?.textContent ?? el?.textContent ?? "", tag: el?.tagName ?? "",
      // The focus ring: on the control, or on the frame a checkbox sits in.
      ring: [el, el?.parentElement].map((e) => (e ? getComputedStyle(e).boxShadow : "none")).find((v) => v !== "none") ?? "none" };
  });
  const seen: string[] = [];
  let done = false;
  for (let i = 0; i < 80 && !done; i++) {
    await alan.page.keyboard.press("Tab");
    const now = await focused();
    seen.push(now.label);
    if (now.label.startsWith("Checkbox, page 2")) {
      // Visible focus on a field of the document.
      expect(now.ring).not.toBe("none");
      await alan.page.keyboard.press("Space");
    } else if (now.label === "Type your name" || now.label.startsWith("Type your name")) {
      await alan.page.keyboard.press("ControlOrMeta+a");
      await alan.page.keyboard.type("Alan M. Turing");
    } else if (now.label.startsWith("I agree to sign")) {
      await alan.page.keyboard.press("Space");
    } else if (now.tag === "BUTTON" && now.label.trim() === "Finish") {
      await alan.page.keyboard.press("Enter");
      done = true;
    }
  }
  expect(done, `Finish was never reached by Tab; focus went through: ${seen.join(" | ")}`).toBe(true);
  // Fields are met in reading order: page 1's initials before page 2's checkbox before page 3's signature.
  const order = ["Initials, page 1", "Checkbox, page 2", "Signature, page 3"].map((name) => seen.findIndex((label) => label.startsWith(name)));
  expect(order.every((at, i) => at >= 0 && (i === 0 || at > order[i - 1]!))).toBe(true);
  await alan.page.getByRole("heading", { name: /Signed/ }).waitFor();
  await screenshot(alan.page, "signing-link-signed");

  // ── Sealed: the broker's download passes pdfsig; the customer's page shows it live ──
  let status = "";
  for (let i = 0; i < 100 && status !== "completed"; i++) {
    status = (await (await api.get(`${portal.url}/api/signature-requests/${request.id}`)).json()).status;
    if (status !== "completed") await broker.page.waitForTimeout(300);
  }
  expect(status).toBe("completed");
  await phone.page.getByText("Signed by everyone").first().waitFor();
  const download = await api.get(`${portal.url}/api/signature-requests/${request.id}/download`);
  expect(download.status()).toBe(200);
  const dir = tempDir("portal-e2e-sign-");
  try {
    const report = await pdfsig(dir, new Uint8Array(await download.body()));
    expect(report.out).toContain("Signature Validation: Signature is Valid.");
    expect(report.out).toContain("Total document signed");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  expect([...broker.errors, ...phone.errors, ...alan.errors]).toEqual([]);
});

test("declining with a reason; a void seen live; a link that is not valid", async () => {
  const broker = await openPage(viewports.desktop);
  const api = broker.page.request;
  await brokerSignUp(portal, api, { email: "dee@example.com", firstName: "Dee", lastName: "Broker" });
  const carla = await createCustomer(api, "carla@example.com", "Carla Customer");
  const one = (name: string) => ({ name, signers: [{ email: "carla@example.com", name: "Carla Customer" }], fields: [box("signature", 1, 0.1, 0.5, 0)] });
  const toDecline = await requestSignature(api, carla.id, one("Disclosure"));
  const toVoid = await requestSignature(api, carla.id, one("Authorisation"));

  const phone = await openPage(viewports.phone);
  await phone.page.goto(`${portal.url}/upload/${carla.uploadLink}`);
  await phone.page.getByRole("button", { name: "Sign Disclosure" }).click();
  const screen = phone.page.getByRole("dialog").first();
  await screen.getByRole("button", { name: "Decline" }).click();
  const decline = phone.page.getByRole("dialog", { name: "Decline to sign Disclosure?" });
  await decline.getByRole("button", { name: "Decline to sign" }).click();
  await decline.getByText("Say why you decline, so your broker knows what to change.").waitFor();
  await decline.getByRole("textbox", { name: /Why do you decline/ }).fill("The address on page 1 is wrong.");
  await decline.getByRole("button", { name: "Decline to sign" }).click();
  await phone.page.getByRole("heading", { name: "Declined" }).waitFor();
  await screenshot(phone.page, "signing-declined-phone");
  const declined = await (await api.get(`${portal.url}/api/signature-requests/${toDecline.id}`)).json();
  expect(declined.status).toBe("declined");
  expect(declined.signers[0].declineReason).toBe("The address on page 1 is wrong.");
  await phone.page.getByRole("button", { name: "Close" }).click();
  await phone.page.getByRole("button", { name: "Sign Disclosure" }).waitFor({ state: "detached" });

  // The broker voids the other one: it leaves the customer's page without a reload.
  await phone.page.getByRole("button", { name: "Sign Authorisation" }).waitFor();
  expect((await api.post(`${portal.url}/api/signature-requests/${toVoid.id}/void`, { headers })).status()).toBe(200);
  await phone.page.getByRole("button", { name: "Sign Authorisation" }).waitFor({ state: "detached" });

  // A signing link that is not valid says so.
  await phone.page.goto(`${portal.url}/sign/not-a-real-token`);
  await phone.page.getByText("This signing link is not valid. Ask the sender for a new one.").waitFor();
  await screenshot(phone.page, "signing-link-invalid");
  expect([...broker.errors, ...phone.errors.filter((e) => !/status of 404/.test(e))]).toEqual([]);
});
