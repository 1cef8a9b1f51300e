// Customers in their own language (issue 44), against the real server and a real SMTP server: the
// broker sets it, the customer switches it, the workspace's default fills in, Accept-Language
// decides only when nothing is set; a language we do not have is a 400 that changes nothing.
import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { customers } from "../../db/tables.ts";
import { write } from "../../src/lib/unit-of-work.ts";
import { createCustomer } from "../support/fixtures.ts";
import type { Broker, TestServer } from "../support/server.ts";
import type { ReceivedMail, TestSmtp } from "../support/smtp.ts";
import { attachFile, countRows, customerCookie, latestEmailTo } from "../support/fixtures.ts";

import { useSmtpPortalPerTest } from "../support/smtp-portal.ts";
import { readsOf, statementsDuring } from "../support/statements.ts";

const setup = useSmtpPortalPerTest();

/** The email's text as written (the SMTP body is UTF-8 bytes read one by one). */
const utf8 = (mail: ReceivedMail) => Buffer.from(mail.body, "latin1").toString("utf8");

async function delivered(srv: TestServer, smtp: TestSmtp, email: string): Promise<ReceivedMail[]> {
  await srv.runJobs();
  const mail = smtp.received.filter((m) => m.to.includes(email));
  smtp.received.length = 0;
  return mail;
}

const resend = (srv: TestServer, broker: Broker, id: string) =>
  srv.call(`/api/customers/${id}/resend-invitation`, { method: "POST", token: broker.token }).then((res) => expect(res.status).toBe(200));

const portalLanguage = async (srv: TestServer, link: string, headers: Record<string, string> = {}) =>
  (await srv.call<{ language: string }>(`/api/upload/${link}`, { headers })).body.language;

describe("a customer invited in Spanish", () => {
  test("gets a Spanish invitation (subject, body, lang), and the broker sees the language on the customer", async () => {
    const { srv, smtp, broker } = await setup();
    const customer = await createCustomer(srv, broker.token, { name: "Lucía Gómez", language: "es", requiredDocuments: [{ name: "Paystub" }] });
    expect(customer.language).toBe("es");
    expect(customer.chosenLanguage).toBeNull();

    const [invitation, ...more] = await delivered(srv, smtp, customer.email);
    expect(more).toHaveLength(0);
    expect(invitation!.subject).toBe("Rita Reviewer le pide que envíe sus documentos");
    const body = utf8(invitation!);
    expect(body).toContain("Hola, Lucía Gómez:");
    expect(body).toContain("Rita Reviewer usa este portal seguro para reunir los documentos de su expediente.");
    expect(body).toContain("Por favor, envíe los siguientes documentos:");
    expect(body).toContain('<html lang="es">');
    expect(body).not.toContain("Please upload");

    const detail = await srv.call<{ language: string | null }>(`/api/customer/${customer.id}`, { token: broker.token });
    expect(detail.body.language).toBe("es");
    expect(await portalLanguage(srv, customer.uploadLink, { "accept-language": "en-US" })).toBe("es");
  });

  test("an English customer's invitation reads as it always has", async () => {
    const { srv, smtp, broker } = await setup();
    const customer = await createCustomer(srv, broker.token, { name: "Casey Client", requiredDocuments: [{ name: "Paystub" }] });
    expect(customer.language).toBeNull();
    const [invitation] = await delivered(srv, smtp, customer.email);
    expect(invitation!.subject).toBe("Rita Reviewer invited you to upload your documents");
    expect(utf8(invitation!)).toContain('<html lang="en">');
    expect(utf8(invitation!)).toContain("Please upload the following documents:");
  });
});

describe("a Spanish customer's other emails", () => {
  test("a re-submit request explains the broker's reason in Spanish; a due date reads as Spanish writes it", async () => {
    const { srv, smtp, broker } = await setup();
    const dueDate = new Date(Date.UTC(2026, 11, 1, 22, 0)).toISOString();
    const customer = await createCustomer(srv, broker.token, { name: "Lucía Gómez", language: "es", dueDate, requiredDocuments: [{ name: "Paystub" }] });
    const [invitation] = await delivered(srv, smtp, customer.email);
    // (Intl may put a no-break space before "p. m.")
    expect(utf8(invitation!)).toMatch(/Paystub \(fecha límite: 1 de diciembre de 2026 a las 10:00\sp\.\s?m\. UTC\)/);

    await attachFile(srv, customer.documents[0]!.id);
    const verified = await srv.call(`/api/documents/${customer.documents[0]!.id}/verify`, { method: "POST", token: broker.token, body: { status: "rejected", rejectionReason: "Falta la página 2" } });
    expect(verified.status).toBe(200);
    srv.clock.advance(61_000); // the review email's window
    const [resubmit] = await delivered(srv, smtp, customer.email);
    expect(resubmit!.subject).toBe("Por favor, vuelva a enviar: Paystub");
    const body = utf8(resubmit!);
    expect(body).toContain("Rita Reviewer revisó el documento Paystub y le pide que lo vuelva a enviar.");
    expect(body).toContain("Motivo: Falta la página 2");
    expect(body).toContain("Volver a enviarlo");
    expect(body).toContain('<html lang="es">');
  });
});

describe("the customer's own choice", () => {
  test("a guest's switch on their link changes the next email, and wins over the broker's", async () => {
    const { srv, smtp, broker } = await setup();
    const customer = await createCustomer(srv, broker.token, { language: "es", requiredDocuments: [{ name: "Paystub" }] });
    await delivered(srv, smtp, customer.email);

    const switched = await srv.call(`/api/upload/${customer.uploadLink}/language`, { method: "PUT", body: { language: "en" } });
    expect(switched.status).toBe(200);
    expect(switched.body).toEqual({ language: "en" });
    expect(await portalLanguage(srv, customer.uploadLink)).toBe("en");

    await resend(srv, broker, customer.id);
    const [reminder] = await delivered(srv, smtp, customer.email);
    expect(reminder!.subject).toBe("Reminder: Rita Reviewer invited you to upload your documents");

    // The broker sees both: what they set, and what the customer chose.
    const detail = await srv.call<{ language: string | null; chosenLanguage: string | null }>(`/api/customer/${customer.id}`, { token: broker.token });
    expect({ language: detail.body.language, chosenLanguage: detail.body.chosenLanguage }).toEqual({ language: "es", chosenLanguage: "en" });

    // And back.
    await srv.call(`/api/upload/${customer.uploadLink}/language`, { method: "PUT", body: { language: "es" } });
    srv.clock.advance(1_000); // a resend in the same millisecond is the same email
    await resend(srv, broker, customer.id);
    expect((await delivered(srv, smtp, customer.email))[0]!.subject).toBe("Recordatorio: Rita Reviewer le pide que envíe sus documentos");
  });

  test("a language we do not have: 400 with a message, nothing changed", async () => {
    const { srv, broker } = await setup();
    const customer = await createCustomer(srv, broker.token, { language: "es" });
    for (const language of ["fr", "", "ES", "es-MX"]) {
      const res = await srv.call<{ message: string }>(`/api/upload/${customer.uploadLink}/language`, { method: "PUT", body: { language } });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('language must be one of "en", "es"');
    }
    const missing = await srv.call(`/api/upload/${customer.uploadLink}/language`, { method: "PUT", body: {} });
    expect(missing.status).toBe(400);
    const detail = await srv.call<{ chosenLanguage: string | null }>(`/api/customer/${customer.id}`, { token: broker.token });
    expect(detail.body.chosenLanguage).toBeNull();
  });
});

describe("the broker sets it", () => {
  test("bad languages on create, edit and workspace settings: 400 with a message, nothing changed", async () => {
    const { srv, broker } = await setup();
    const before = await countRows(srv, "customers");
    const created = await srv.call<{ message: string }>("/api/customers", { method: "POST", token: broker.token, body: { email: "nope@example.com", language: "fr" } });
    expect(created.status).toBe(400);
    expect(created.body.message).toBe('language must be one of "en", "es", or null');
    expect(await countRows(srv, "customers")).toBe(before);

    const customer = await createCustomer(srv, broker.token, { name: "Kept Name", language: "en", loanType: "fha" });
    const edited = await srv.call<{ message: string }>(`/api/customers/${customer.id}`, {
      method: "PUT",
      token: broker.token,
      body: { name: "Changed Name", email: customer.email, loanType: "fha", language: "de" },
    });
    expect(edited.status).toBe(400);
    expect(edited.body.message).toBe('language must be one of "en", "es", or null');
    const detail = await srv.call<{ name: string; language: string | null }>(`/api/customer/${customer.id}`, { token: broker.token });
    expect({ name: detail.body.name, language: detail.body.language }).toEqual({ name: "Kept Name", language: "en" });

    const settings = await srv.call<{ message: string }>("/api/workspace", { method: "PUT", token: broker.token, body: { defaultLanguage: "pt" } });
    expect(settings.status).toBe(400);
    expect((await srv.call<{ defaultLanguage: string | null }>("/api/workspace", { token: broker.token })).body.defaultLanguage).toBeNull();
  });

  test("an edit sets, keeps (left out) or unsets (null) the language", async () => {
    const { srv, broker } = await setup();
    const customer = await createCustomer(srv, broker.token, { loanType: "fha" });
    const put = (language?: string | null) =>
      srv.call<{ language: string | null }>(`/api/customers/${customer.id}`, {
        method: "PUT",
        token: broker.token,
        body: { name: customer.name, email: customer.email, loanType: "fha", ...(language === undefined ? {} : { language }) },
      });
    expect((await put("es")).body.language).toBe("es");
    expect((await put()).body.language).toBe("es");
    expect((await put(null)).body.language).toBeNull();
  });

  test("the workspace's default applies to a customer with nothing set, and Accept-Language no longer decides", async () => {
    const { srv, smtp, broker } = await setup();
    const customer = await createCustomer(srv, broker.token, { requiredDocuments: [{ name: "Paystub" }] });
    await delivered(srv, smtp, customer.email);
    const set = await srv.call<{ defaultLanguage: string | null }>("/api/workspace", { method: "PUT", token: broker.token, body: { defaultLanguage: "es" } });
    expect(set.status).toBe(200);
    expect(set.body.defaultLanguage).toBe("es");

    await resend(srv, broker, customer.id);
    expect((await delivered(srv, smtp, customer.email))[0]!.subject).toBe("Recordatorio: Rita Reviewer le pide que envíe sus documentos");
    expect(await portalLanguage(srv, customer.uploadLink, { "accept-language": "en-US,en;q=0.9" })).toBe("es");
  });

  test("a stored language no longer in the list counts as not set: the workspace's default still applies", async () => {
    const { srv, broker } = await setup();
    const customer = await createCustomer(srv, broker.token);
    expect((await srv.call("/api/workspace", { method: "PUT", token: broker.token, body: { defaultLanguage: "es" } })).status).toBe(200);
    // A language the portal had once (the API refuses it now, so it is written as a row kept from then).
    await write(srv.server.ctx, (tx) => tx.update(customers).set({ language: "xx", chosenLanguage: "xx" }).where(eq(customers.id, customer.id)));
    expect(await portalLanguage(srv, customer.uploadLink, { "accept-language": "en-US,en;q=0.9" })).toBe("es");
  });
});

describe("with nothing set", () => {
  test("the request's Accept-Language decides the portal's language (by quality), else English", async () => {
    const { srv, broker } = await setup();
    const customer = await createCustomer(srv, broker.token);
    expect(await portalLanguage(srv, customer.uploadLink, { "accept-language": "es-MX,es;q=0.9,en;q=0.8" })).toBe("es");
    expect(await portalLanguage(srv, customer.uploadLink, { "accept-language": "fr-FR,en;q=0.5,es;q=0.7" })).toBe("es");
    expect(await portalLanguage(srv, customer.uploadLink, { "accept-language": "en-US" })).toBe("en");
    expect(await portalLanguage(srv, customer.uploadLink, { "accept-language": "fr, de;q=0.5" })).toBe("en");
    expect(await portalLanguage(srv, customer.uploadLink)).toBe("en");
  });

  test("the polled portal read keeps its language with its answer: read again, it asks the database nothing, not even the workspace's default", async () => {
    const { srv, broker } = await setup();
    const customer = await createCustomer(srv, broker.token);
    const spanish = { "accept-language": "es-MX,es;q=0.9" };
    await srv.runJobs(); // the invitation's email sent: nothing writes between the reads below
    // The first visit records the link opened (a write); the read after it is computed and kept.
    for (let n = 0; n < 2; n++) expect(await portalLanguage(srv, customer.uploadLink, spanish)).toBe("es");
    let language = "";
    const statements = await statementsDuring(async () => {
      language = await portalLanguage(srv, customer.uploadLink, spanish);
    });
    expect(language).toBe("es");
    expect(readsOf("workspaces", statements)).toEqual([]);
    // Nothing read from any table (PostgreSQL's change counter, the cache's version, aside).
    expect(statements.filter((text) => /\bfrom "/.test(text))).toEqual([]);
    // Another browser's language is another answer; the workspace's default, once set, wins over both.
    expect(await portalLanguage(srv, customer.uploadLink, { "accept-language": "en-US" })).toBe("en");
    expect((await srv.call("/api/workspace", { method: "PUT", token: broker.token, body: { defaultLanguage: "es" } })).status).toBe(200);
    expect(await portalLanguage(srv, customer.uploadLink, { "accept-language": "en-US" })).toBe("es");
  });
});

describe("a signed-in customer's choice", () => {
  test("is kept on their account: it follows them to their other broker's link when they sign in there", async () => {
    const { srv, smtp, broker } = await setup();
    const other = await srv.signUpBroker({ firstName: "Otto", lastName: "Other" });
    const email = "two-brokers@example.com";
    const first = await createCustomer(srv, broker.token, { email });
    const cookie = await customerCookie(srv, first.uploadLink, email);
    const chosen = await srv.call(`/api/upload/${first.uploadLink}/language`, { method: "PUT", body: { language: "es" }, headers: { cookie } });
    expect(chosen.status).toBe(200);

    // A relationship that did not exist when they chose: signing in through its link carries the account's choice to it.
    const second = await createCustomer(srv, other.token, { email, requiredDocuments: [{ name: "Paystub" }] });
    await delivered(srv, smtp, email);
    const signIn = await srv.call("/api/customer/signin", { method: "POST", body: { email, password: "customer password", uploadLink: second.uploadLink } });
    expect(signIn.status).toBe(200);
    const seen = await srv.call<{ chosenLanguage: string | null }>(`/api/customer/${second.id}`, { token: other.token });
    expect(seen.body.chosenLanguage).toBe("es");
    // Signed in, the invitation counts as accepted: a reminder is the next email.
    const reminded = await srv.call(`/api/customer/${second.id}/send-reminder`, { method: "POST", token: other.token });
    expect(reminded.status).toBe(200);
    const reminder = await latestEmailTo(srv, email);
    expect(reminder).toMatchObject({ kind: "reminder", subject: "Recordatorio: Otto Other todavía necesita sus documentos" });
    expect(reminder!.text).toContain("Otto Other todavía está esperando estos documentos:");
  });
});

describe("the portal's page", () => {
  test("/upload/{link} is written in the customer's language: <html lang>, that catalog's chunk preloaded, the welcome in it", async () => {
    const { srv, broker } = await setup();
    const spanish = await createCustomer(srv, broker.token, { language: "es" });
    const unset = await createCustomer(srv, broker.token);
    const page = async (link: string, headers: Record<string, string> = {}) => (await fetch(`${srv.url}/upload/${link}`, { headers })).text();
    expect(await page(spanish.uploadLink, { "accept-language": "en" })).toContain('<html lang="es"');
    expect(await page(unset.uploadLink, { "accept-language": "es-US" })).toContain('<html lang="es"');
    expect(await page(unset.uploadLink)).toContain('<html lang="en"');
    expect(await page("q9T2vXc8LmN4pR7sK1wZ3yB6hJ5dF0gA", { "accept-language": "es" })).toContain('<html lang="es"');

    // Only the page's own language's catalog is preloaded (the build lists each one's chunk).
    const chunks = (await (await fetch(`${srv.url}/catalog-chunks.json`)).json()) as Record<string, string>;
    expect(Object.keys(chunks).sort()).toEqual(["en", "es"]);
    const inSpanish = await page(spanish.uploadLink);
    expect(inSpanish).toContain(`<link rel="modulepreload" href="${chunks.es}">`);
    expect(inSpanish).not.toContain(chunks.en!);
    expect(inSpanish).toMatch(/<h2 id="portal-welcome"[^>]*>Hola, /); // the guest's welcome, written into the frame
    const inEnglish = await page(unset.uploadLink);
    expect(inEnglish).toContain(`<link rel="modulepreload" href="${chunks.en}">`);
    expect(inEnglish).not.toContain(chunks.es!);

    // A signing page whose token opens nothing: their browser's language (a real token's: tests/api/signing-language.test.ts).
    expect(await page("../sign/some-token", { "accept-language": "es-MX" })).toContain('<html lang="es"');
  });
});

describe("the rule, written once (src/shared/i18n/which-language.ts)", () => {
  test("the customer's choice, else the broker's, else the workspace's; only with none of them the browser's, else English", async () => {
    const { languageThatApplies } = await import("../../src/shared/i18n/which-language.ts");
    const none = { chosen: null, broker: null, workspace: null };
    expect(languageThatApplies({ chosen: "en", broker: "es", workspace: "es" }, "es")).toBe("en");
    expect(languageThatApplies({ ...none, broker: "es", workspace: "en" }, "en")).toBe("es");
    expect(languageThatApplies({ ...none, workspace: "es" }, "en-US")).toBe("es");
    expect(languageThatApplies(none, "es-MX,en;q=0.5")).toBe("es");
    expect(languageThatApplies(none, "de")).toBe("en");
    expect(languageThatApplies(none)).toBe("en");
    // A stored value we no longer have counts as not set.
    expect(languageThatApplies({ ...none, chosen: "xx", broker: "es" })).toBe("es");
  });
});
