// Signing in a real browser against the compiled portal (issue 41). The "done means" in one
// journey, every screen at 390 px: a broker asks two signers, in order, to sign a real PDF; the
// customer signs on their upload link on a touch screen, drawing the signature with a finger
// (touch events through CDP); the co-borrower opens the emailed /sign/{token} link and signs by
// keyboard alone with a typed signature, reading the full consent on the way; the broker's page
// turns Completed live, the broker downloads the sealed PDF there and poppler's pdfsig says its
// signature is valid over the whole file, and invalid once one byte is flipped. Then a decline, a
// void seen live, and a link that is not valid. axe on both signing screens; screenshots.
import { expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { APIRequestContext, BrowserContext, Page } from "playwright-core";
import { databaseFileName } from "../../db/client.ts";
import { tempDir } from "../support/server.ts";
import { corpusPdf, pdfsig } from "../support/signatures.ts";
import { expectAccessible } from "./axe.ts";
import { brokerSignUp, emailedSigningToken, screenshot, touchScreen, usePortalInBrowser, viewports, type Portal } from "./support.ts";

const { portal, openPage } = usePortalInBrowser();
const headers = { "sec-fetch-site": "same-origin" };

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

/**
 * Draws a signature with a finger: touch events sent as a phone's screen sends them (CDP
 * Input.dispatchTouchEvent), which Chromium turns into the pointer events signature_pad listens to.
 */
async function drawSignatureByTouch(page: Page, context: BrowserContext) {
  const pad = page.getByTestId("signature-pad");
  await pad.scrollIntoViewIfNeeded();
  const area = (await pad.boundingBox())!;
  const cdp = await context.newCDPSession(page);
  const at = (fx: number, fy: number) => [{ x: area.x + area.width * fx, y: area.y + area.height * fy, id: 1, radiusX: 4, radiusY: 4, force: 0.5 }];
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: at(0.1, 0.6) });
  for (let i = 1; i <= 24; i++) await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: at(0.1 + i * 0.03, 0.6 - 0.3 * Math.sin(i / 4)) });
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await cdp.detach();
}

/** Nothing on the page is wider than the screen (no sideways scrolling on a phone). */
const overflowing = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** How each signer signed, as the portal recorded it. */
function signatureTypes(running: Portal, requestId: string): Record<string, string | null> {
  const db = new Database(join(running.dataDir, databaseFileName), { readonly: true });
  try {
    const rows = db.query("select email, signature_type from signature_signers where request_id = ?").all(requestId) as { email: string; signature_type: string | null }[];
    return Object.fromEntries(rows.map((r) => [r.email, r.signature_type]));
  } finally {
    db.close();
  }
}

// Issue 41's "done means", in one journey on phones at 390 px.
test("done means: two signers on phones, one draws with touch, one types by keyboard alone; the broker's sealed PDF passes pdfsig and one flipped byte fails it", async () => {
  const broker = await openPage(viewports.phone);
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
  // The broker follows it on the customer's page, on a phone too.
  await broker.page.goto(`${portal.url}/customer/${grace.id}`);
  const section = broker.page.getByRole("region", { name: "Signatures" });
  const row = section.getByRole("listitem").filter({ has: broker.page.getByRole("heading", { name: "Engagement letter" }) });
  await row.getByText("Sent", { exact: true }).waitFor();

  // ── The customer, on a touch screen, on their upload link ──
  const phone = await openPage(viewports.phone, touchScreen);
  await phone.page.goto(`${portal.url}/upload/${grace.uploadLink}`);
  const sign = phone.page.getByRole("button", { name: "Sign Engagement letter" });
  await sign.waitFor();
  expect(await overflowing(phone.page)).toBeLessThanOrEqual(0);
  await sign.tap();
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
  await screen.getByRole("button", { name: "Next field" }).tap();
  expect(await text.evaluate((el) => el === document.activeElement)).toBe(true);
  await text.fill("Policy 4471");
  await screen.getByRole("radio", { name: "Draw" }).tap();
  const pad = (await screen.getByTestId("signature-pad").boundingBox())!;
  // The pad takes the column's full width on a phone.
  expect(pad.width).toBeGreaterThan(viewports.phone.width - 80);
  // A finger stroke on the pad does not scroll the page instead of drawing.
  const scrolled = await phone.page.evaluate(() => window.scrollY);
  await drawSignatureByTouch(phone.page, phone.context);
  expect(await phone.page.evaluate(() => window.scrollY)).toBe(scrolled);
  await screen.getByText("I agree to sign this document electronically.", { exact: false }).tap();
  await screen.getByRole("checkbox", { name: /^I agree to sign/, checked: true }).waitFor({ timeout: 10_000 });
  // The drawing counts: with the consent, nothing holds Finish back.
  expect(await finish.isDisabled()).toBe(false);
  expect(await overflowing(phone.page)).toBeLessThanOrEqual(0);
  await screenshot(phone.page, "signing-portal-phone-ready");
  await finish.tap();
  await screen.getByRole("heading", { name: "Signed" }).waitFor();
  await screen.getByText("Still to sign: Alan Turing", { exact: false }).waitFor();
  await screenshot(phone.page, "signing-portal-signed");
  expect(signatureTypes(portal, request.id)["grace@example.com"]).toBe("drawn");
  await screen.getByRole("button", { name: "Close" }).tap();
  await phone.page.getByText("Signed", { exact: true }).first().waitFor();
  // The broker's page follows without a reload.
  await row.getByText("Partially signed (1 of 2)").waitFor();

  // ── The co-borrower: the emailed link, on a phone, keyboard only ──
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
  let readConsent = false;
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
    } else if (now.tag === "BUTTON" && now.label.trim() === "Read the full consent") {
      // The full consent: a dialog that fits the phone, read and closed by keyboard.
      await alan.page.keyboard.press("Enter");
      const consent = alan.page.getByRole("dialog", { name: "Consent to sign electronically" });
      await consent.getByRole("heading", { name: "Signing on paper instead" }).waitFor();
      const frame = (await consent.boundingBox())!;
      expect(frame.x).toBeGreaterThanOrEqual(0);
      expect(frame.x + frame.width).toBeLessThanOrEqual(viewports.phone.width);
      expect(await overflowing(alan.page)).toBeLessThanOrEqual(0);
      await screenshot(alan.page, "signing-consent-phone-390");
      await alan.page.keyboard.press("Escape");
      await consent.waitFor({ state: "detached" });
      // Focus goes back to the button that opened it, so Tab carries on from there.
      await alan.page.waitForFunction(() => document.activeElement?.textContent?.trim() === "Read the full consent", undefined, { timeout: 5000 }).catch(() => undefined);
      expect((await focused()).label.trim()).toBe("Read the full consent");
      readConsent = true;
    } else if (now.tag === "BUTTON" && now.label.trim() === "Finish") {
      await alan.page.keyboard.press("Enter");
      done = true;
    }
  }
  expect(done, `Finish was never reached by Tab; focus went through: ${seen.join(" | ")}`).toBe(true);
  expect(readConsent).toBe(true);
  // Fields are met in reading order: page 1's initials before page 2's checkbox before page 3's signature.
  const order = ["Initials, page 1", "Checkbox, page 2", "Signature, page 3"].map((name) => seen.findIndex((label) => label.startsWith(name)));
  expect(order.every((at, i) => at >= 0 && (i === 0 || at > order[i - 1]!))).toBe(true);
  await alan.page.getByRole("heading", { name: /Signed/ }).waitFor();
  await screenshot(alan.page, "signing-link-signed");
  expect(signatureTypes(portal, request.id)["alan@example.com"]).toBe("typed");

  // ── Sealed: completed live on the broker's phone, downloaded there; pdfsig's verdicts ──
  await row.getByText("Completed", { exact: true }).waitFor({ timeout: 90_000 });
  await phone.page.getByText("Signed by everyone").first().waitFor();
  await screenshot(broker.page, "signing-broker-completed-390");
  const [file] = await Promise.all([broker.page.waitForEvent("download"), row.getByRole("link", { name: "Download signed PDF of Engagement letter" }).click()]);
  const sealed = new Uint8Array(readFileSync((await file.path())!));
  const dir = tempDir("portal-e2e-sign-");
  try {
    const report = await pdfsig(dir, sealed);
    expect(report.out).toContain("Signature Validation: Signature is Valid.");
    expect(report.out).toContain("Total document signed");
    const flipped = sealed.slice();
    const at = Math.floor(flipped.length / 2);
    flipped[at] = flipped[at]! ^ 0x01;
    const broken = await pdfsig(dir, flipped);
    expect(broken.out).not.toContain("Signature is Valid.");
    expect(broken.out).toContain("Signature Validation:");
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
