// Export in Chromium against the compiled portal: a broker exports a customer from the customer
// page, and the downloaded ZIP, opened with Debian's `unzip`, holds exactly the uploaded PDF and
// a manifest with its SHA-256; then the same customer from All Customers, as a folder.
import { expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { realPdf } from "../files/samples.ts";
import { tempDir } from "../support/server.ts";
import { screenshot, usePortalInBrowser, viewports } from "./support.ts";
import { seriousAxeFindings } from "./axe.ts";

const { portal, openPage } = usePortalInBrowser();
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** Clicks the dialog's Download ZIP, saves the download, and unzips it; returns the folder and the listed names. */
async function downloadZip(page: Page): Promise<{ dir: string; names: string[] }> {
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("dialog").getByRole("button", { name: /^Download ZIP/ }).click()]);
  const zip = await download.path();
  const checked = Bun.spawnSync(["unzip", "-t", zip]);
  expect(checked.exitCode, `unzip -t: ${checked.stdout.toString()}${checked.stderr.toString()}`).toBe(0);
  const dir = join(tempDir("export-e2e-"), "out");
  mkdirSync(dir);
  expect(Bun.spawnSync(["unzip", "-q", zip, "-d", dir]).exitCode).toBe(0);
  const names = Bun.spawnSync(["unzip", "-Z1", zip]).stdout.toString().split("\n").filter(Boolean).sort();
  return { dir, names };
}

test("a broker exports a customer's approved documents from the customer page and from All Customers", async () => {
  const broker = await openPage(viewports.desktop);
  const api = broker.page.request;
  const headers = { "sec-fetch-site": "same-origin" };
  const signup = await api.post(`${portal.url}/api/auth/signup`, { data: { email: "erin@example.com", password: "a good password", firstName: "Erin", lastName: "Broker" }, headers });
  expect(signup.status(), await signup.text()).toBe(201);
  const carla = await (
    await api.post(`${portal.url}/api/customers`, { data: { email: "carla@example.com", name: "Carla Customer", requiredDocuments: [{ name: "Paystub" }, { name: "Bank Statement" }] }, headers })
  ).json();
  const paystub = carla.documents.find((d: { name: string }) => d.name === "Paystub");
  const bank = carla.documents.find((d: { name: string }) => d.name === "Bank Statement");

  // Carla uploads two real PDFs through her link; the broker approves the paystub.
  const pdfs = { paystub: realPdf(2, { comment: "carla paystub" }), bank: realPdf(1, { comment: "carla bank" }) };
  for (const [doc, bytes] of [[paystub, pdfs.paystub], [bank, pdfs.bank]] as const) {
    const res = await api.post(`${portal.url}/api/upload/${carla.uploadLink}/documents/${doc.id}`, {
      multipart: { isGuest: "true", file: { name: "scan.pdf", mimeType: "application/pdf", buffer: Buffer.from(bytes) } },
      headers,
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  const verified = await api.post(`${portal.url}/api/documents/${paystub.id}/verify`, { data: { status: "approved" }, headers });
  expect(verified.status(), await verified.text()).toBe(200);

  // The customer page: Quick Actions → Export Documents → Download ZIP (approved documents).
  await broker.page.goto(`${portal.url}/customer/${carla.id}`);
  await broker.page.getByRole("button", { name: "Export Documents" }).click();
  const dialog = broker.page.getByRole("dialog", { name: "Export Carla Customer" });
  await dialog.getByRole("textbox", { name: "File names" }).waitFor();
  expect(await dialog.getByRole("textbox", { name: "File names" }).inputValue()).toBe("{customer} - {document}.{ext}");
  await screenshot(broker.page, "export-dialog-desktop");
  expect(await seriousAxeFindings(broker.page)).toEqual([]);
  const one = await downloadZip(broker.page);
  expect(one.names).toEqual(["Carla Customer - Paystub.pdf", "manifest.csv"]);
  const exported = readFileSync(join(one.dir, "Carla Customer - Paystub.pdf"));
  expect(exported.equals(Buffer.from(pdfs.paystub)), `exported ${exported.length} bytes, uploaded ${pdfs.paystub.length}`).toBe(true);
  const manifest = readFileSync(join(one.dir, "manifest.csv"), "utf8");
  expect(manifest).toContain(sha256(pdfs.paystub));
  expect(manifest).toContain("Erin Broker");
  await broker.page.getByText("Export started").waitFor();
  await dialog.waitFor({ state: "detached" });

  // All Customers → Export → tick Carla, include everything, a pattern of the broker's own (saved).
  await broker.page.goto(`${portal.url}/customers`);
  await broker.page.getByRole("button", { name: "Export", exact: true }).click();
  const many = broker.page.getByRole("dialog", { name: "Export Customers" });
  await many.locator("label").filter({ hasText: "Carla Customer" }).click();
  await many.getByRole("button", { name: /Include/ }).click();
  await broker.page.getByRole("option", { name: "All uploaded documents" }).click();
  await many.getByRole("textbox", { name: "File names" }).fill("{document}.{ext}");
  await broker.page.setViewportSize(viewports.phone);
  await screenshot(broker.page, "export-customers-dialog-phone");
  expect(await seriousAxeFindings(broker.page)).toEqual([]);
  await broker.page.setViewportSize(viewports.desktop);
  const both = await downloadZip(broker.page);
  expect(both.names).toEqual(["Carla Customer/Bank Statement.pdf", "Carla Customer/Paystub.pdf", "Carla Customer/manifest.csv"]);
  expect(readFileSync(join(both.dir, "Carla Customer/Bank Statement.pdf")).equals(Buffer.from(pdfs.bank))).toBe(true);
  expect((await (await api.get(`${portal.url}/api/export/settings`)).json()).fileNamePattern).toBe("{document}.{ext}");
  expect(broker.errors).toEqual([]);
});
