// The certificate page's times in the broker's time zone (issue 41 item 5): every time written in
// the zone, named on the page with its offset from UTC, so a broker in Los Angeles reads the
// afternoon a customer signed, not the next morning in UTC. Without a zone (or an unknown one),
// UTC as before. Read back with poppler's pdftotext, as a person's PDF reader would show it.
import { afterAll, expect, test } from "bun:test";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PDFDocument } from "pdf-lib";
import { appendCertificate, certificateTime, type CertificateContent } from "../../src/features/signatures/certificate-page.ts";
import { createCustomer } from "../support/fixtures.ts";
import { signedDay } from "../../src/shared/signatures.ts";
import { corpusPdf, field, requestSignature, typed } from "../support/signatures.ts";
import { tempDir, useServerWithBroker } from "../support/server.ts";

const { srv, broker } = useServerWithBroker();
const dir = tempDir("portal-cert-zone-");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const signedAt = new Date("2026-11-29T01:30:00Z"); // 17:30 on the 28th in Los Angeles (PST, UTC-8)
const content = (timeZone?: string | null): CertificateContent => ({
  documentName: "Engagement letter",
  originalSha256: "a".repeat(64),
  contentSha256: "b".repeat(64),
  sealedAt: new Date("2026-11-29T01:31:05Z"),
  sealedBy: "portal.example.com document portal",
  signers: [{ name: "Grace Hopper", email: "grace@example.com", ip: "203.0.113.7", userAgent: null, consentedAt: new Date("2026-11-29T01:29:00Z"), viewedAt: null, signedAt }],
  auditEntryIds: [],
  timeZone,
});

async function pageText(timeZone?: string | null): Promise<string> {
  const doc = await PDFDocument.create();
  await appendCertificate(doc, content(timeZone));
  const file = join(dir, `${crypto.randomUUID()}.pdf`);
  writeFileSync(file, await doc.save());
  const proc = Bun.spawn(["pdftotext", "-layout", file, "-"], { stdout: "pipe" });
  const text = await new Response(proc.stdout).text();
  await proc.exited;
  return text.replace(/\s+/g, " ");
}

test("in the broker's zone: every time local, the zone named with its offset", async () => {
  const text = await pageText("America/Los_Angeles");
  expect(text).toContain("In America/Los_Angeles, the broker's time zone, with the offset from UTC");
  expect(text).toContain("Signed: 2026-11-28 17:30:00 America/Los_Angeles (UTC-08:00)");
  expect(text).toContain("Consented to sign electronically: 2026-11-28 17:29:00 America/Los_Angeles (UTC-08:00)");
  expect(text).toContain("2026-11-28 17:31:05 America/Los_Angeles (UTC-08:00) with the certificate of");
  expect(text).toContain("Viewed the document: not recorded");
  expect(text).not.toContain("2026-11-29");
});

test("summer time moves the offset; no zone, UTC itself or an unknown zone: UTC as before", async () => {
  expect(certificateTime(new Date("2026-07-01T12:00:00Z"), "Europe/Berlin")).toBe("2026-07-01 14:00:00 Europe/Berlin (UTC+02:00)");
  expect(certificateTime(new Date("2026-07-01T12:00:00Z"), "Asia/Kolkata")).toBe("2026-07-01 17:30:00 Asia/Kolkata (UTC+05:30)");
  expect(certificateTime(new Date("2026-07-01T12:00:00Z"), "Europe/London")).toBe("2026-07-01 13:00:00 Europe/London (UTC+01:00)");
  expect(certificateTime(new Date("2026-01-01T12:00:00Z"), "Europe/London")).toBe("2026-01-01 12:00:00 Europe/London (UTC+00:00)");
  for (const zone of [null, undefined, "UTC", "Mars/Olympus_Mons"]) expect(certificateTime(signedAt, zone)).toBe("2026-11-29 01:30:00 UTC");
  const text = await pageText(null);
  expect(text).toContain("Times on this page: In UTC");
  expect(text).toContain("Signed: 2026-11-29 01:30:00 UTC");
});

test("a sealed PDF's certificate is in the customer's assignee's zone, from their profile", async () => {
  const customer = await createCustomer(srv, broker.token, { name: "Grace Hopper", email: "grace.zone@example.com" });
  expect((await srv.call("/api/profile", { method: "PUT", token: broker.token, body: { timeZone: "America/Los_Angeles" } })).status).toBe(200);
  const asked = await requestSignature(srv, broker.token, customer.id, {
    pdf: corpusPdf("pdfjs--sizes.pdf"),
    request: { name: "Engagement letter", signers: [{ email: customer.email, name: "Grace Hopper" }], fields: [field({ type: "signature", page: 1 })] },
  });
  expect(asked.status).toBe(201);
  await srv.runJobs();
  const signed = await srv.call(`/api/upload/${customer.uploadLink}/signature-requests/${asked.body.id}/sign`, { method: "POST", body: { consent: true, signature: typed("Grace Hopper"), values: {} } });
  expect(signed.status).toBe(200);
  await srv.runJobs(); // the seal
  const sealed = await fetch(`${srv.url}/api/signature-requests/${asked.body.id}/download`, { headers: { authorization: `Bearer ${broker.token}` } });
  expect(sealed.status).toBe(200);
  const file = join(dir, `${crypto.randomUUID()}.pdf`);
  writeFileSync(file, new Uint8Array(await sealed.arrayBuffer()));
  const proc = Bun.spawn(["pdftotext", "-layout", file, "-"], { stdout: "pipe" });
  const text = (await new Response(proc.stdout).text()).replace(/\s+/g, " ");
  await proc.exited;
  expect(text).toContain("In America/Los_Angeles, the broker's time zone");
  expect(text).toMatch(/Signed: \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} America\/Los_Angeles \(UTC-0[78]:00\)/);
});

test("a date field shows the day on the signer's own calendar (the zone their browser sends), not the UTC day", async () => {
  // 03:00 UTC: still the evening before in Los Angeles.
  const now = srv.clock.now();
  const next3am = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 3));
  srv.clock.advance(next3am.getTime() - now.getTime());
  const utcDay = signedDay(srv.clock.now());
  const laDay = signedDay(srv.clock.now(), "America/Los_Angeles");
  expect(laDay).not.toBe(utcDay);
  const customer = await createCustomer(srv, broker.token, { name: "Ada Evening", email: "ada.evening@example.com" });
  const asked = await requestSignature(srv, broker.token, customer.id, {
    pdf: corpusPdf("pdfjs--sizes.pdf"),
    request: { name: "Disclosure", signers: [{ email: customer.email, name: "Ada Evening" }], fields: [field({ type: "signature", page: 1 }), field({ type: "date", page: 1, y: 0.5 })] },
  });
  expect(asked.status).toBe(201);
  await srv.runJobs();
  const path = `/api/upload/${customer.uploadLink}/signature-requests/${asked.body.id}/sign`;
  const badZone = await srv.call(path, { method: "POST", body: { consent: true, signature: typed("Ada Evening"), values: {}, timeZone: "x".repeat(65) } });
  expect(badZone.status).toBe(400);
  const signed = await srv.call(path, { method: "POST", body: { consent: true, signature: typed("Ada Evening"), values: {}, timeZone: "America/Los_Angeles" } });
  expect(signed.status).toBe(200);
  await srv.runJobs(); // the seal
  const sealed = await fetch(`${srv.url}/api/signature-requests/${asked.body.id}/download`, { headers: { authorization: `Bearer ${broker.token}` } });
  expect(sealed.status).toBe(200);
  const file = join(dir, `${crypto.randomUUID()}.pdf`);
  writeFileSync(file, new Uint8Array(await sealed.arrayBuffer()));
  const proc = Bun.spawn(["pdftotext", "-f", "1", "-l", "1", file, "-"], { stdout: "pipe" });
  const firstPage = await new Response(proc.stdout).text();
  await proc.exited;
  expect(firstPage).toContain(laDay);
  expect(firstPage).not.toContain(utcDay);
});
