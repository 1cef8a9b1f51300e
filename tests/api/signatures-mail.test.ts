// The signature emails over real SMTP (issue 41 item 6): the request email carries the broker's
// Reply-To and the signer's link; the completed email reaches every signer with the sealed PDF
// attached, and that attachment is the sealed file pdfsig validates. Past MAX_UPLOAD_MB the PDF is
// not attached and the email links to it instead.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { realPdf } from "../files/samples.ts";
import { createCustomer } from "../support/fixtures.ts";
import { startTestServer, tempDir, type TestServer } from "../support/server.ts";
import { field, pdfsig, requestSignature, tokenOf, typed } from "../support/signatures.ts";
import { startSmtp, waitFor, type TestSmtp } from "../support/smtp.ts";

let dir: string;
beforeAll(() => (dir = tempDir("portal-sign-mail-")));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The attachment named `name` in a raw MIME message, decoded, or null. */
function attachment(raw: string, name: string): Uint8Array | null {
  const at = raw.indexOf(`filename="${name}"`);
  if (at < 0) return null;
  const start = raw.indexOf("\r\n\r\n", at) + 4;
  const end = raw.indexOf("\r\n--", start);
  return new Uint8Array(Buffer.from(raw.slice(start, end).replace(/\s+/g, ""), "base64"));
}

async function signedByBoth(srv: TestServer, smtp: TestSmtp) {
  const broker = await srv.signUpBroker();
  const customer = await createCustomer(srv, broker.token, { name: "Grace Hopper" });
  const created = await requestSignature(srv, broker.token, customer.id, {
    pdf: realPdf(1),
    request: {
      name: "Engagement letter",
      signers: [
        { email: customer.email, name: "Grace Hopper" },
        { email: "co.borrower@example.com", name: "Alan Turing" },
      ],
      fields: [field({ type: "signature" }), field({ type: "signature", signer: 1, y: 0.4 })],
    },
  });
  expect(created.status).toBe(201);
  const request = created.body;
  await srv.runJobs();
  await waitFor(() => smtp.received.filter((m) => m.subject.includes("asks you to sign")).length === 2, 20_000, "both request emails");
  const token = tokenOf(srv, request.signers[1].id);
  const theirs = smtp.received.find((m) => m.to.includes("co.borrower@example.com"))!;
  expect(theirs.body).toContain(`/sign/${token}`);
  expect(theirs.raw).toMatch(new RegExp(`^Reply-To:.*${broker.user.email.replace(".", "\\.")}`, "im"));

  expect((await srv.call(`/api/upload/${customer.uploadLink}/signature-requests/${request.id}/sign`, { method: "POST", body: { consent: true, signature: typed("Grace Hopper") } })).status).toBe(200);
  expect((await srv.call(`/api/sign/${token}/sign`, { method: "POST", body: { consent: true, signature: typed("Alan Turing") } })).status).toBe(200);
  await srv.runJobs(); // the seal
  await srv.runJobs(); // the completed emails
  await waitFor(() => smtp.received.filter((m) => m.subject === "Signed: Engagement letter").length === 2, 20_000, "both completed emails");
  return { broker, customer, request, completed: smtp.received.filter((m) => m.subject === "Signed: Engagement letter") };
}

describe("completed emails", () => {
  test("every signer gets the sealed PDF attached; it is the sealed file and pdfsig validates it", async () => {
    const smtp = await startSmtp();
    const srv = await startTestServer({ SMTP_URL: smtp.url });
    try {
      const { broker, customer, request, completed } = await signedByBoth(srv, smtp);
      expect(completed.map((m) => m.to[0]).sort()).toEqual([customer.email, "co.borrower@example.com"].sort());
      const download = new Uint8Array(await (await fetch(`${srv.url}/api/signature-requests/${request.id}/download`, { headers: { authorization: `Bearer ${broker.token}` } })).arrayBuffer());
      for (const mail of completed) {
        const pdf = attachment(mail.raw, "Engagement letter (signed).pdf");
        expect(pdf).not.toBeNull();
        expect(Buffer.from(pdf!).equals(Buffer.from(download))).toBe(true);
        expect(mail.body).toContain("The signed PDF is attached");
      }
      expect((await pdfsig(dir, download)).out).toContain("Signature is Valid.");
    } finally {
      await srv.stop();
      await smtp.stop();
    }
  });

  test("a sealed PDF over MAX_UPLOAD_MB is linked, not attached", async () => {
    const smtp = await startSmtp();
    // 10 KB: the one-page original fits, the sealed copy (with its certificate page and signature) does not.
    const srv = await startTestServer({ SMTP_URL: smtp.url, MAX_UPLOAD_MB: "0.01" });
    try {
      const { customer, completed } = await signedByBoth(srv, smtp);
      for (const mail of completed) {
        expect(mail.raw).not.toContain("filename=");
        expect(mail.body).toContain("too large to attach");
      }
      expect(completed.find((m) => m.to[0] === customer.email)!.body).toContain(`/upload/${customer.uploadLink}`);
    } finally {
      await srv.stop();
      await smtp.stop();
    }
  });
});
