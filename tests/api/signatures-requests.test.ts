// Signing through the API (issue 41, DESIGN.md 3b): a broker asks two signers to sign a real PDF in
// order, the customer signs on their upload link (typed), the co-borrower on their own link
// (drawn), the seal job seals, and the broker downloads a PDF that poppler's pdfsig validates over
// the whole file (and refuses once one byte changes). Every signer gets the completed email with
// the sealed PDF attached. Void, decline and the due date each end the request for every signer.
import { afterAll, beforeAll, describe, expect, spyOn, test } from "bun:test";
import { eq } from "drizzle-orm";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { emails, signatureSigners } from "../../db/tables.ts";
import { certificateTime } from "../../src/features/signatures/certificate-page.ts";
import { SELF_SIGNED_FILE } from "../../src/features/signatures/certificate-file.ts";
import { workThreads } from "../../src/lib/work-threads.ts";
import { signatureMessages } from "../../src/shared/signatures.ts";
import { realPdf, realPng } from "../files/samples.ts";
import { createCustomer, daysAhead, latestEmailTo, uploadFile } from "../support/fixtures.ts";
import { tempDir, useServerWithBroker } from "../support/server.ts";
import { corpusPdf, field, pdfsig, requestSignature, tokenOf, typed } from "../support/signatures.ts";

const { srv, broker } = useServerWithBroker();
let dir: string;
beforeAll(() => (dir = tempDir("portal-sign-api-")));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const bytesOf = async (path: string, headers: Record<string, string> = {}) => {
  const res = await fetch(srv.url + path, { headers });
  return { status: res.status, bytes: new Uint8Array(await res.arrayBuffer()), headers: res.headers };
};
const png = () => Buffer.from(realPng(240, 80)).toString("base64");
/** The sealed file's text as poppler's pdftotext reads it (the certificate page). */
async function pdftotext(bytes: Uint8Array): Promise<string> {
  const file = join(dir, `${crypto.randomUUID()}.pdf`);
  writeFileSync(file, bytes);
  const proc = Bun.spawn(["pdftotext", "-layout", file, "-"], { stdout: "pipe" });
  const text = await new Response(proc.stdout).text();
  await proc.exited;
  rmSync(file, { force: true });
  return text;
}

async function twoSignerRequest(options: { ordered?: boolean; dueDate?: string; pdf?: Uint8Array } = {}) {
  const customer = await createCustomer(srv, broker.token, { name: "Grace Hopper" });
  const res = await requestSignature(srv, broker.token, customer.id, {
    pdf: options.pdf ?? corpusPdf("pdfjs--sizes.pdf"),
    request: {
      name: "Engagement letter",
      message: "Please sign by Friday.",
      ...(options.dueDate ? { dueDate: options.dueDate } : {}),
      ordered: options.ordered ?? true,
      signers: [
        { email: customer.email, name: "Grace Hopper" },
        { email: "co.borrower@example.com", name: "Alan Turing" },
      ],
      fields: [
        field({ type: "signature", page: 3, x: 0.1, y: 0.7 }),
        field({ type: "text", page: 1, x: 0.2, y: 0.3, width: 0.5 }),
        field({ type: "signature", page: 3, x: 0.55, y: 0.7, signer: 1 }),
        field({ type: "checkbox", page: 2, x: 0.8, y: 0.1, width: 0.05, height: 0.05, signer: 1 }),
      ],
    },
  });
  expect(res.status).toBe(201);
  return { customer, request: res.body, link: customer.uploadLink as string };
}

describe("a signature request from two signers, in order", () => {
  test("sent, signed by both, sealed; pdfsig validates the download and a flipped byte invalidates it", async () => {
    const { customer, request, link } = await twoSignerRequest();
    expect(request.status).toBe("sent");
    expect(request.signers.map((s: any) => [s.email, s.status])).toEqual([
      [customer.email, "pending"],
      ["co.borrower@example.com", "pending"],
    ]);
    expect(request.pageCount).toBe(3);

    // The customer's list holds it as a document to sign, which takes no upload.
    const portal = await srv.call(`/api/upload/${link}`);
    const doc = portal.body.documents.find((d: any) => d.id === request.documentId);
    expect(doc).toMatchObject({ kind: "signature", canUpload: false, name: "Engagement letter" });
    const broker_docs = await srv.call(`/api/customer/${customer.id}/documents`, { token: broker.token });
    expect(broker_docs.body.find((d: any) => d.id === request.documentId)).toMatchObject({ kind: "signature", status: "requested" });
    expect((await uploadFile(srv, link, request.documentId, { bytes: realPdf() })).status).toBe(409);

    // The broker lists the customer's requests; the customer lists what they are asked to sign.
    const listed = await srv.call(`/api/customers/${customer.id}/signature-requests`, { token: broker.token });
    expect(listed.body.map((r: any) => r.id)).toEqual([request.id]);
    const mine = await srv.call(`/api/upload/${link}/signature-requests`);
    // documentId: the portal's row for it, where "Sign" is shown.
    expect(mine.body).toMatchObject([{ id: request.id, documentId: request.documentId, status: "sent", you: { index: 0, canSign: true }, signers: [{ name: "Grace Hopper" }, { name: "Alan Turing" }] }]);

    // The customer is emailed their upload link; the co-borrower waits for their turn.
    const asked = await latestEmailTo(srv, customer.email);
    expect(asked?.subject).toContain("asks you to sign Engagement letter");
    expect(asked?.text).toContain(`/upload/${link}`);
    expect(await latestEmailTo(srv, "co.borrower@example.com")).toBeNull();

    // A reminder names it as a document to sign.
    expect((await srv.call(`/api/customer/${customer.id}/send-reminder`, { method: "POST", token: broker.token })).status).toBe(200);
    const reminder = await srv.server.ctx.db.select().from(emails).where(eq(emails.kind, "reminder"));
    expect(reminder.find((e) => e.to === customer.email)?.text).toContain("  - Engagement letter (to sign)");

    // Not their turn: the co-borrower's link refuses to sign before the customer has.
    const token = tokenOf(srv, request.signers[1].id);
    const early = await srv.call(`/api/sign/${token}/sign`, { method: "POST", body: { consent: true, signature: typed("Alan Turing"), values: { "3": true } } });
    expect(early.status).toBe(409);
    expect(early.body.message).toContain("not your turn");

    // The customer opens it (viewed), reads the original, signs by typing.
    const opened = await srv.call(`/api/upload/${link}/signature-requests/${request.id}`);
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ status: "viewed", you: { index: 0, status: "viewed", canSign: true }, pageCount: 3 });
    const original = await bytesOf(opened.body.documentUrl);
    expect(original.status).toBe(200);
    expect(original.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(original.bytes).equals(Buffer.from(corpusPdf("pdfjs--sizes.pdf")))).toBe(true);

    const noConsent = await srv.call(`/api/upload/${link}/signature-requests/${request.id}/sign`, { method: "POST", body: { consent: false, signature: typed("Grace Hopper"), values: { "1": "Policy 4471" } } });
    expect(noConsent.status).toBe(400);
    const signed = await srv.call(`/api/upload/${link}/signature-requests/${request.id}/sign`, {
      method: "POST",
      body: { consent: true, signature: typed("Grace Hopper"), values: { "1": "Policy 4471" } },
      headers: { "user-agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)" },
    });
    expect(signed.status).toBe(200);
    expect(signed.body).toMatchObject({ status: "partially_signed", you: { status: "signed", canSign: false } });

    // Now the co-borrower is asked, on their own link, with the broker's Reply-To.
    const theirs = await latestEmailTo(srv, "co.borrower@example.com");
    expect(theirs?.text).toContain(`/sign/${token}`);
    const row = (await srv.server.ctx.db.select().from(emails).where(eq(emails.to, "co.borrower@example.com")))[0]!;
    expect(row.replyTo).toContain(broker.user.email);

    const view = await srv.call(`/api/sign/${token}`);
    expect(view.body).toMatchObject({ status: "partially_signed", you: { index: 1, name: "Alan Turing", canSign: true } });
    const last = await srv.call(`/api/sign/${token}/sign`, { method: "POST", body: { consent: true, signature: { type: "drawn", png: png() }, values: { "3": true } } });
    expect(last.status).toBe(200);
    // Every signer signed; sealed by the job, so not downloadable yet.
    expect(last.body.status).toBe("partially_signed");
    expect((await srv.call(`/api/signature-requests/${request.id}/download`, { token: broker.token })).status).toBe(409);

    await srv.runJobs();
    const done = await srv.call(`/api/signature-requests/${request.id}`, { token: broker.token });
    expect(done.body.status).toBe("completed");
    expect(done.body.signers.map((s: any) => s.status)).toEqual(["signed", "signed"]);

    const download = await bytesOf(`/api/signature-requests/${request.id}/download`, { authorization: `Bearer ${broker.token}` });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toContain("attachment");
    expect(new Bun.CryptoHasher("sha256").update(download.bytes).digest("hex")).toBe(done.body.sealedSha256);
    const report = await pdfsig(dir, download.bytes);
    expect(report.out).toContain("Signature Validation: Signature is Valid.");
    expect(report.out).toContain("Total document signed");
    expect(report.code).toBe(0);
    const flipped = download.bytes.slice();
    const at = Math.floor(flipped.length / 3);
    flipped[at] = flipped[at]! ^ 0x01;
    expect((await pdfsig(dir, flipped)).out).not.toContain("Signature is Valid.");

    // Each signer's consent is recorded when they sign with it, and printed on the certificate page.
    const recorded = await srv.server.ctx.db.select().from(signatureSigners).where(eq(signatureSigners.requestId, request.id));
    const text = await pdftotext(download.bytes);
    expect(text).toContain("Consented to sign electronically");
    for (const s of recorded) {
      expect(s.consentedAt).toBeInstanceOf(Date);
      expect(s.consentedAt!.getTime()).toBe(s.signedAt!.getTime());
      expect(text).toContain(certificateTime(s.consentedAt));
    }

    // The document is done and holds the sealed PDF, which both signers now read on their links.
    const sealedDoc = (await srv.call(`/api/customer/${customer.id}/documents`, { token: broker.token })).body.find((d: any) => d.id === request.documentId);
    expect(sealedDoc).toMatchObject({ kind: "signature", status: "approved", mimeType: "application/pdf" });
    expect((await bytesOf(`/api/sign/${token}/document`)).bytes.length).toBe(download.bytes.length);

    // The completed email goes to every signer with the sealed PDF attached.
    for (const to of [customer.email, "co.borrower@example.com"]) {
      const completed = (await srv.server.ctx.db.select().from(emails).where(eq(emails.to, to))).find((e) => e.kind === "signature_completed");
      expect(completed?.subject).toBe("Signed: Engagement letter");
      expect(completed?.attachmentKey).toBeTruthy();
      expect(completed?.attachmentName).toBe("Engagement letter (signed).pdf");
    }

    // The audit trail names each step, the seal with the sealed file's hash.
    const trail = await srv.call(`/api/customer/${customer.id}/audit`, { token: broker.token });
    const actions = trail.body.entries.map((e: any) => e.action);
    for (const action of ["signature_requested", "signature_viewed", "signed", "signature_completed"]) expect(actions).toContain(action);
    expect(trail.body.entries.find((e: any) => e.action === "signature_completed").detail).toContain(done.body.sealedSha256);

    // Signing again, on either link, is refused and changes nothing.
    const again = await srv.call(`/api/sign/${token}/sign`, { method: "POST", body: { consent: true, signature: typed("Alan Turing"), values: { "3": true } } });
    expect(again.status).toBe(409);
  });
});

describe("the request ends for everyone", () => {
  test("void: no one signs afterwards, the customer is no longer asked, the download stays 409", async () => {
    const { request, link } = await twoSignerRequest({ ordered: false });
    // Out for signature, its document is voided, not deleted (which would leave the signers a request with nothing behind it).
    const deleted = await srv.call(`/api/documents/${request.documentId}`, { method: "DELETE", token: broker.token });
    expect(deleted.status).toBe(409);
    expect(deleted.body.message).toContain("Void the signature request");
    const voided = await srv.call(`/api/signature-requests/${request.id}/void`, { method: "POST", token: broker.token });
    expect(voided.status).toBe(200);
    expect(voided.body).toMatchObject({ status: "voided", documentId: null });
    expect((await srv.call(`/api/upload/${link}`)).body.documents.some((d: any) => d.id === request.documentId)).toBe(false);
    const sign = await srv.call(`/api/upload/${link}/signature-requests/${request.id}/sign`, { method: "POST", body: { consent: true, signature: typed("Grace Hopper"), values: { "1": "x" } } });
    expect(sign.status).toBe(409);
    expect((await srv.call(`/api/signature-requests/${request.id}/void`, { method: "POST", token: broker.token })).status).toBe(409);
    expect((await srv.call(`/api/signature-requests/${request.id}/download`, { token: broker.token })).status).toBe(409);
  });

  test("decline, with a reason: declined for the broker, no one else may sign", async () => {
    const { request, link } = await twoSignerRequest({ ordered: false });
    const token = tokenOf(srv, request.signers[1].id);
    expect((await srv.call(`/api/sign/${token}/decline`, { method: "POST", body: { reason: "  " } })).status).toBe(400);
    const declined = await srv.call(`/api/sign/${token}/decline`, { method: "POST", body: { reason: "The amount is wrong." } });
    expect(declined.status).toBe(200);
    const seen = await srv.call(`/api/signature-requests/${request.id}`, { token: broker.token });
    expect(seen.body.status).toBe("declined");
    expect(seen.body.signers[1]).toMatchObject({ status: "declined", declineReason: "The amount is wrong." });
    const sign = await srv.call(`/api/upload/${link}/signature-requests/${request.id}/sign`, { method: "POST", body: { consent: true, signature: typed("Grace Hopper"), values: { "1": "x" } } });
    expect(sign.status).toBe(409);
  });

  test("past the due date: signing is refused until the broker moves the date", async () => {
    const { request, link } = await twoSignerRequest({ ordered: false, dueDate: daysAhead(srv, 2) });
    srv.clock.advance(3 * 86_400_000);
    const late = await srv.call(`/api/upload/${link}/signature-requests/${request.id}/sign`, { method: "POST", body: { consent: true, signature: typed("Grace Hopper"), values: { "1": "x" } } });
    expect(late.status).toBe(409);
    expect(late.body.message).toContain("past its due date");
    const moved = await srv.call(`/api/documents/${request.documentId}/due-date`, { method: "PUT", token: broker.token, body: { dueDate: daysAhead(srv, 5) } });
    expect(moved.status).toBe(200);
    const signed = await srv.call(`/api/upload/${link}/signature-requests/${request.id}/sign`, { method: "POST", body: { consent: true, signature: typed("Grace Hopper"), values: { "1": "x" } } });
    expect(signed.status).toBe(200);
  });
});

describe("the seal", () => {
  /** Both signers sign by typing: the seal job is queued. */
  async function signedByBoth() {
    const { customer, request, link } = await twoSignerRequest({ ordered: false });
    const sign = (path: string, body: unknown) => srv.call(path, { method: "POST", body });
    expect((await sign(`/api/upload/${link}/signature-requests/${request.id}/sign`, { consent: true, signature: typed("Grace Hopper"), values: { "1": "x" } })).status).toBe(200);
    expect((await sign(`/api/sign/${tokenOf(srv, request.signers[1].id)}/sign`, { consent: true, signature: typed("Alan Turing"), values: { "3": true } })).status).toBe(200);
    return { customer, request };
  }
  const statusOf = async (id: string) => (await srv.call(`/api/signature-requests/${id}`, { token: broker.token })).body.status;

  test("runs on a work thread, not on the server's thread that answers requests", async () => {
    const { request } = await signedByBoth();
    const run = spyOn(workThreads, "run");
    try {
      await srv.runJobs();
      expect(run.mock.calls.map(([task]) => task.job)).toContain("seal");
    } finally {
      run.mockRestore();
    }
    expect(await statusOf(request.id)).toBe("completed");
  });

  test("failing for good (a broken certificate file) is not silent: Sealing failed for the broker, notified; Try again seals", async () => {
    const { customer, request } = await signedByBoth();
    const certificate = join(srv.dataDir, SELF_SIGNED_FILE);
    writeFileSync(certificate, "not a certificate");
    try {
      // Every attempt fails: the job is retried with back-off (at most an hour apart) until its last.
      for (let attempt = 1; attempt <= 8; attempt++) {
        await srv.runJobs();
        expect(await statusOf(request.id)).toBe(attempt < 8 ? "partially_signed" : "seal_failed");
        srv.clock.advance(2 * 60 * 60 * 1000);
      }
    } finally {
      rmSync(certificate, { force: true }); // a new one is made on the next seal
    }
    const failed = await srv.call(`/api/signature-requests/${request.id}`, { token: broker.token });
    expect(failed.body).toMatchObject({ status: "seal_failed", downloadUrl: null });
    expect((await srv.call(`/api/signature-requests/${request.id}/download`, { token: broker.token })).status).toBe(409);
    const notified = await srv.call("/api/notifications", { token: broker.token });
    const notice = JSON.stringify(notified.body);
    expect(notice).toContain("Sealing failed");
    expect(notice).toContain(`Engagement letter: ${signatureMessages.sealFailed}`);
    const trail = await srv.call(`/api/customer/${customer.id}/audit`, { token: broker.token });
    expect(trail.body.entries.map((e: any) => e.action)).toContain("signature_seal_failed");

    // Try again: partially signed while the seal job runs anew, then completed and valid; the
    // trail says which member asked, as for every other action on a request.
    const retried = await srv.call(`/api/signature-requests/${request.id}/seal`, { method: "POST", token: broker.token });
    expect(retried.status).toBe(200);
    expect(retried.body.status).toBe("partially_signed");
    const retrial = (await srv.call(`/api/customer/${customer.id}/audit`, { token: broker.token })).body.entries.filter((e: any) => e.action === "signature_seal_retried");
    expect(retrial).toEqual([expect.objectContaining({ actor: expect.objectContaining({ kind: "broker", id: broker.user.id }), documentId: request.documentId, detail: "Engagement letter" })]);
    await srv.runJobs();
    expect(await statusOf(request.id)).toBe("completed");
    const download = await bytesOf(`/api/signature-requests/${request.id}/download`, { authorization: `Bearer ${broker.token}` });
    expect((await pdfsig(dir, download.bytes)).out).toContain("Signature is Valid.");
    // Only a failed seal is tried again.
    const again = await srv.call(`/api/signature-requests/${request.id}/seal`, { method: "POST", token: broker.token });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(signatureMessages.notSealFailed);
  });
});
