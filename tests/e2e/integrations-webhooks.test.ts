// Webhooks in the browser against the compiled portal (WEBHOOKS_ALLOW_PRIVATE=true, so a receiver
// on 127.0.0.1 is allowed): the owner adds an endpoint on the Integrations page at phone width
// (390 px, the form filled by keyboard), sees the secret once; then a customer's whole journey
// (invite, request, upload, approve, re-submit, share) arrives at the receiver, every delivery
// verified with the README's recipe. axe finds nothing serious on the page or in the dialog.
import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { realPdf } from "../files/samples.ts";
import { brokerSignUp, usePortalInBrowser, viewports } from "./support.ts";
import { seriousAxeFindings } from "./axe.ts";

const { portal, openPage } = usePortalInBrowser({ WEBHOOKS_ALLOW_PRIVATE: "true" });
const headers = { "sec-fetch-site": "same-origin" };
const dir = mkdtempSync(join(tmpdir(), "portal-e2e-webhooks-"));
const received: { signature: string; body: string; type: string }[] = [];
const receiver = Bun.serve({
  hostname: "127.0.0.1",
  port: 0,
  async fetch(request) {
    const body = await request.text();
    received.push({ signature: request.headers.get("portal-signature") ?? "", body, type: JSON.parse(body).type });
    return new Response("ok");
  },
});
afterAll(() => {
  receiver.stop(true);
  rmSync(dir, { recursive: true, force: true });
});

async function readmeRecipe(): Promise<(header: string, rawBody: string, secret: string) => boolean> {
  const readme = readFileSync(join(import.meta.dir, "../../README.md"), "utf8");
  const code = readme.slice(readme.indexOf("## Integrations")).match(/```ts\n([\s\S]*?)```/)![1]!;
  writeFileSync(join(dir, "recipe.ts"), code);
  return (await import(join(dir, "recipe.ts"))).verifyPortalSignature;
}

test("the owner adds an endpoint by keyboard at 390 px; a customer's journey arrives signed", async () => {
  const { page, errors } = await openPage(viewports.phone);
  const api = page.context().request;
  await brokerSignUp(portal, api, { email: "olive@hooks.example", firstName: "Olive", lastName: "Owner" });

  await page.goto(`${portal.url}/dashboard`);
  await page.getByRole("button", { name: /menu/i }).first().click();
  await page.getByRole("link", { name: "Integrations" }).click();
  await page.getByRole("heading", { name: "Integrations", level: 1 }).waitFor();
  await page.getByText("No webhook endpoints yet").waitFor();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await seriousAxeFindings(page)).toEqual([]);

  await page.getByRole("button", { name: "Add endpoint" }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Add webhook endpoint" });
  await dialog.waitFor();
  await dialog.getByRole("textbox", { name: /Endpoint URL/ }).focus();
  await page.keyboard.type(`http://127.0.0.1:${receiver.port}/hooks`);
  // Every event, by keyboard: Tab to each checkbox and Space.
  const boxes = dialog.getByRole("checkbox");
  for (let i = 0; i < (await boxes.count()); i++) {
    await page.keyboard.press("Tab");
    await page.keyboard.press("Space");
  }
  expect(await dialog.getByRole("checkbox", { checked: true }).count()).toBe(await boxes.count());
  expect(await seriousAxeFindings(page)).toEqual([]);
  await page.keyboard.press("Tab"); // Cancel
  await page.keyboard.press("Tab"); // Add endpoint
  await page.keyboard.press("Enter");
  const shown = page.getByRole("dialog", { name: "Webhook endpoint added" });
  await shown.waitFor();
  const secret = (await shown.locator("code").textContent())!.trim();
  expect(secret).toStartWith("whsec_");
  await shown.getByRole("button", { name: "Done" }).click();
  await page.getByRole("listitem", { name: `http://127.0.0.1:${receiver.port}/hooks` }).getByText("Enabled").waitFor();

  // The customer's journey, through the API as the screens call it.
  const customer = await (
    await api.post(`${portal.url}/api/customers`, { data: { email: "carla@hooks.example", name: "Carla Customer", requiredDocuments: [{ name: "Paystub" }, { name: "Bank Statement" }] }, headers })
  ).json();
  const [paystub, statement] = customer.documents;
  for (const doc of [paystub, statement]) {
    const upload = await api.post(`${portal.url}/api/upload/${customer.uploadLink}/documents/${doc.id}`, {
      multipart: { isGuest: "true", file: { name: "file.pdf", mimeType: "application/pdf", buffer: Buffer.from(realPdf()) } },
      headers,
    });
    expect(upload.status(), await upload.text()).toBe(200);
  }
  expect((await api.post(`${portal.url}/api/documents/${paystub.id}/verify`, { data: { status: "approved" }, headers })).status()).toBe(200);
  expect((await api.post(`${portal.url}/api/documents/${statement.id}/verify`, { data: { status: "rejected", rejectionReason: "Page 2 is missing" }, headers })).status()).toBe(200);
  const share = await api.post(`${portal.url}/api/documents/share`, {
    multipart: { customerIds: JSON.stringify([customer.id]), documents: { name: "disclosure.pdf", mimeType: "application/pdf", buffer: Buffer.from(realPdf()) } },
    headers,
  });
  expect(share.status(), await share.text()).toBe(201);

  // The portal's scheduler sends them (every 5 s), never the request.
  const expected = ["customer.created", "document.requested", "document.requested", "document.uploaded", "document.uploaded", "document.approved", "document.resubmit_requested", "share.sent"];
  for (let i = 0; i < 120 && received.length < expected.length; i++) await Bun.sleep(500);
  expect(received.map((d) => d.type).sort()).toEqual(expected.sort());
  const recipe = await readmeRecipe();
  for (const d of received) expect(recipe(d.signature, d.body, secret)).toBe(true);

  // The delivery log shows them.
  await page.getByRole("button", { name: "Delivery log" }).click();
  const log = page.getByRole("region", { name: "Delivery log" });
  await log.getByText("share.sent").waitFor();
  expect(await log.getByText("Delivered").count()).toBe(expected.length);
  expect(errors).toEqual([]);
}, 240_000);
