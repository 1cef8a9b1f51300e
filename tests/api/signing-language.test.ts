// Signing in the customer's language (issue 44), against the real server and a real SMTP server:
// another signer (a co-borrower) of a customer the broker set to Spanish is written to in Spanish
// (the request, sending it again, the signed notice) and gets /sign/{token} in Spanish; the
// customer's own switch in the portal decides for the customer only. A signer's refusals carry a
// code beside the English message, for the signing screen to say in its language.
import { describe, expect, test } from "bun:test";
import { realPdf } from "../files/samples.ts";
import { createCustomer } from "../support/fixtures.ts";
import type { Broker, TestServer } from "../support/server.ts";
import { field, requestSignature, tokenOf, typed } from "../support/signatures.ts";
import { waitFor, type ReceivedMail, type TestSmtp } from "../support/smtp.ts";
import { useSmtpPortalPerTest } from "../support/smtp-portal.ts";

const setup = useSmtpPortalPerTest();
const CO_SIGNER = "co.borrower@example.com";

/** The email's text as written (the SMTP body is UTF-8 bytes read one by one). */
const utf8 = (mail: ReceivedMail) => Buffer.from(mail.body, "latin1").toString("utf8");
const subject = (mail: ReceivedMail) => Buffer.from(mail.subject, "latin1").toString("utf8");

/** The emails to `email` the jobs send now (and only those). */
async function mailTo(srv: TestServer, smtp: TestSmtp, email: string, count = 1): Promise<ReceivedMail[]> {
  await srv.runJobs();
  await waitFor(() => smtp.received.filter((m) => m.to.includes(email)).length >= count, 20_000, `${count} email(s) to ${email}`);
  const mail = smtp.received.filter((m) => m.to.includes(email));
  smtp.received.length = 0;
  return mail;
}

async function twoSigners(srv: TestServer, broker: Broker, customer: { id: string; email: string }) {
  const created = await requestSignature(srv, broker.token, customer.id, {
    pdf: realPdf(1),
    request: {
      name: "Carta de compromiso",
      signers: [
        { email: customer.email, name: "Lucía Gómez" },
        { email: CO_SIGNER, name: "Mateo Gómez" },
      ],
      fields: [field({ type: "signature" }), field({ type: "signature", signer: 1, y: 0.4 })],
    },
  });
  expect(created.status).toBe(201);
  const request = created.body as { id: string; signers: { id: string }[] };
  return { request, token: tokenOf(srv, request.signers[1]!.id) };
}

const signPage = async (srv: TestServer, token: string, acceptLanguage: string) => (await fetch(`${srv.url}/sign/${token}`, { headers: { "accept-language": acceptLanguage } })).text();

describe("another signer of a customer the broker set to Spanish", () => {
  test("gets the request, the request sent again and the signed notice in Spanish, and the signing page in Spanish; the customer's switch to English is theirs only", async () => {
    const { srv, smtp, broker } = await setup();
    const customer = await createCustomer(srv, broker.token, { name: "Lucía Gómez", language: "es" });
    smtp.received.length = 0;
    const { request, token } = await twoSigners(srv, broker, customer);

    const [asked] = await mailTo(srv, smtp, CO_SIGNER);
    expect(subject(asked!)).toBe("Rita Reviewer le pide que firme Carta de compromiso");
    expect(utf8(asked!)).toContain('<html lang="es">');
    expect(utf8(asked!)).toContain("Revisar y firmar");
    expect(utf8(asked!)).toContain(`/sign/${token}`);

    // The page: the customer's language, whatever the co-signer's browser says.
    const page = await signPage(srv, token, "en-US");
    expect(page).toContain('<html lang="es"');
    const chunks = (await (await fetch(`${srv.url}/catalog-chunks.json`)).json()) as Record<string, string>;
    if (chunks.es) expect(page).toContain(chunks.es);

    // The customer switches their portal to English: their own choice, not the co-signer's.
    expect((await srv.call(`/api/upload/${(customer as { uploadLink: string }).uploadLink}/language`, { method: "PUT", body: { language: "en" } })).status).toBe(200);
    expect(await signPage(srv, token, "en-US")).toContain('<html lang="es"');
    expect((await srv.call(`/api/signature-requests/${request.id}/resend`, { method: "POST", token: broker.token })).status).toBe(200);
    const again = await mailTo(srv, smtp, CO_SIGNER);
    expect(again.map(subject)).toEqual(["Rita Reviewer le pide que firme Carta de compromiso"]);

    // Both sign; the signed notice: English to the customer (their choice), Spanish to the co-signer.
    const link = (customer as { uploadLink: string }).uploadLink;
    expect((await srv.call(`/api/upload/${link}/signature-requests/${request.id}/sign`, { method: "POST", body: { consent: true, signature: typed("Lucía Gómez") } })).status).toBe(200);
    expect((await srv.call(`/api/sign/${token}/sign`, { method: "POST", body: { consent: true, signature: typed("Mateo Gomez") } })).status).toBe(200);
    await srv.runJobs(); // the seal
    await srv.runJobs();
    await waitFor(() => smtp.received.filter((m) => m.subject.includes("Carta de compromiso") && (m.to.includes(CO_SIGNER) || m.to.includes(customer.email))).length >= 2, 20_000, "both signed notices");
    const notices = smtp.received.filter((m) => m.subject.includes("Carta de compromiso"));
    expect(notices.filter((m) => m.to.includes(CO_SIGNER)).map(subject)).toEqual(["Firmado: Carta de compromiso"]);
    expect(notices.filter((m) => m.to.includes(customer.email)).map(subject)).toEqual(["Signed: Carta de compromiso"]);
  });

  test("with nothing set for the customer, the signing page follows the co-signer's browser and the email is English", async () => {
    const { srv, smtp, broker } = await setup();
    const customer = await createCustomer(srv, broker.token, { name: "Lucía Gómez" });
    smtp.received.length = 0;
    const { token } = await twoSigners(srv, broker, customer);
    const [asked] = await mailTo(srv, smtp, CO_SIGNER);
    expect(subject(asked!)).toBe("Rita Reviewer asks you to sign Carta de compromiso");
    expect(await signPage(srv, token, "es-MX,es;q=0.9")).toContain('<html lang="es"');
    expect(await signPage(srv, token, "en-US")).toContain('<html lang="en"');
  });
});

describe("a signer's refusals", () => {
  test("carry a code (and values) beside the English message, and change nothing", async () => {
    const { srv, broker } = await setup();
    const customer = await createCustomer(srv, broker.token, { name: "Lucía Gómez", language: "es" });
    const { request, token } = await twoSigners(srv, broker, customer);
    type Refusal = { message: string; code?: string; values?: Record<string, unknown> };

    const noConsent = await srv.call<Refusal>(`/api/sign/${token}/sign`, { method: "POST", body: { consent: false, signature: typed("Mateo Gómez") } });
    expect({ status: noConsent.status, body: noConsent.body }).toEqual({ status: 400, body: { message: "Agree to sign electronically to continue.", code: "consentRequired" } });
    const unprintable = await srv.call<Refusal>(`/api/sign/${token}/sign`, { method: "POST", body: { consent: true, signature: typed("Mateo 東京") } });
    expect({ status: unprintable.status, body: unprintable.body }).toEqual({
      status: 400,
      body: { message: "Your typed signature has characters the signed PDF cannot show: 東 京", code: "typedUnprintable", values: { chars: "東 京" } },
    });
    const noField = await srv.call<Refusal>(`/api/sign/${token}/sign`, { method: "POST", body: { consent: true, signature: typed("Mateo"), values: { "0": "x" } } });
    expect(noField.body).toEqual({ message: "Field 1 (Signature) is for another signer.", code: "otherSigner", values: { field: 1, fieldType: "signature" } });
    const noReason = await srv.call<Refusal>(`/api/sign/${token}/decline`, { method: "POST", body: { reason: "  " } });
    expect({ status: noReason.status, code: noReason.body.code }).toEqual({ status: 400, code: "declineReasonRequired" });
    const unknown = await srv.call<Refusal>(`/api/sign/q9T2vXc8LmN4pR7sK1wZ3yB6hJ5dF0gA`);
    expect({ status: unknown.status, code: unknown.body.code }).toEqual({ status: 404, code: "linkNotValid" });
    // Nothing changed: the co-signer may still sign.
    const view = await srv.call<{ you: { status: string; canSign: boolean } }>(`/api/sign/${token}`);
    expect(view.body.you).toMatchObject({ status: "viewed", canSign: true });

    expect((await srv.call(`/api/signature-requests/${request.id}/void`, { method: "POST", token: broker.token })).status).toBe(200);
    const voided = await srv.call<Refusal>(`/api/sign/${token}`);
    expect({ status: voided.status, body: voided.body }).toEqual({ status: 409, body: { message: "This signature request was withdrawn by your broker.", code: "withdrawn" } });
    // A voided link's page tells nothing of its file, its customer's language included: the browser's.
    expect(await signPage(srv, token, "en-US")).toContain('<html lang="en"');
  });
});
