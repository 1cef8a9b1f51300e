// Recognition in real browsers against the compiled portal (issue 42): a customer on a phone,
// asked for a paystub, picks a real bank statement (tests/files/recognition) and is told so before
// anything is sent; they send it anyway with a note, and the broker's open page shows the verdict
// when the stored file has been read, without a reload.
import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { screenshot, usePortalInBrowser, viewports } from "./support.ts";

const { portal, openPage } = usePortalInBrowser();

const statement = {
  name: "statement-june.pdf",
  mimeType: "application/pdf",
  buffer: readFileSync(join(import.meta.dir, "../files/recognition/rokasauras-FinCheck--statement_sample_unaltered.pdf")),
};

test("asked for a paystub, a customer who picks a bank statement is told before sending; the broker sees the verdict", async () => {
  const broker = await openPage(viewports.desktop);
  const signup = await broker.page.request.post(`${portal.url}/api/auth/signup`, {
    data: { email: "rita@example.com", password: "a good password", firstName: "Rita", lastName: "Reader" },
    headers: { "sec-fetch-site": "same-origin" },
  });
  expect(signup.status()).toBe(201);
  const created = await broker.page.request.post(`${portal.url}/api/customers`, {
    data: { email: "carla@example.com", name: "Carla Customer", requiredDocuments: [{ name: "Paystub" }] },
    headers: { "sec-fetch-site": "same-origin" },
  });
  const customer = await created.json();
  // The broker's page is open while the customer works: the verdict must arrive on its own.
  await broker.page.goto(`${portal.url}/customer/${customer.id}`);
  await broker.page.getByRole("heading", { name: "Paystub" }).waitFor();

  const phone = await openPage(viewports.phone);
  await phone.page.goto(`${portal.url}/upload/${customer.uploadLink}`);
  await phone.page.getByRole("button", { name: "Sign in to track status" }).waitFor();
  const [chooser] = await Promise.all([phone.page.waitForEvent("filechooser"), phone.page.getByRole("button", { name: "Choose file for Paystub" }).first().click()]);
  await chooser.setFiles(statement);

  // Told in plain words, before anything is stored.
  await phone.page.getByText("Is this the right document?").first().waitFor({ timeout: 20_000 });
  await phone.page.getByText("This looks like a bank statement; your broker asked for a paystub.").first().waitFor();
  await screenshot(phone.page, "recognition-warned-phone");
  const before = await broker.page.request.get(`${portal.url}/api/customer/${customer.id}`);
  expect((await before.json()).documents[0]).toMatchObject({ status: "requested", fileUrl: null });
  // The panel fits the phone's width: nothing to scroll sideways.
  expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewports.phone.width);

  await phone.page.getByLabel(/Note for your broker/).first().fill("My salary is paid into this account; the statement shows it.");
  await phone.page.getByRole("button", { name: "Send anyway" }).first().click();
  await phone.page.getByText("Upload Successful").first().waitFor();
  await screenshot(phone.page, "recognition-sent-phone");

  // The stored file is read after the upload's answer; the broker's page shows it live.
  await broker.page.getByText("Looks like: Bank statement, ends 5 Jun 2003", { exact: false }).waitFor({ timeout: 30_000 });
  await broker.page.getByText("Needs a look:").waitFor();
  await broker.page.getByText("My salary is paid into this account; the statement shows it.").waitFor();
  // React Aria's checkbox is its label; the input inside is visually hidden.
  await broker.page.getByText("Needs a look (1)").click();
  expect(await broker.page.getByRole("checkbox", { name: "Needs a look (1)" }).isChecked()).toBe(true);
  await broker.page.getByRole("heading", { name: "Paystub" }).waitFor();
  await screenshot(broker.page, "recognition-broker-verdict");

  // The broker on a phone reads the same.
  await broker.page.setViewportSize(viewports.phone);
  await broker.page.getByText("Looks like: Bank statement", { exact: false }).scrollIntoViewIfNeeded();
  await screenshot(broker.page, "recognition-broker-verdict-phone");
  await broker.context.close();
  await phone.context.close();
}, 120_000);
