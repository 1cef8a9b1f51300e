// Checklist templates: the ready-made ones, a broker's own (create, list, change, delete), names
// unique per broker, size limits with a clear {message}, another broker's template as missing,
// and the rules of a template's documents carried onto the documents a request creates.
import { describe, expect, test } from "bun:test";
import { READY_MADE_TEMPLATES, MAX_TEMPLATE_DOCUMENTS, requestEntry, suggestTemplateId, templateMessages } from "../../src/shared/checklist-templates.ts";
import { STANDARD_ACCEPTANCE_RULES } from "../../src/shared/acceptance-rules.ts";
import { countRows, createCustomer } from "../support/fixtures.ts";
import { useServerWithBroker, useTestServer } from "../support/server.ts";
import { STAND_IN_KEYS, STAND_IN_PRICES } from "../support/stripe-stand-in.ts";

const { srv, broker } = useServerWithBroker();
// Billing on (nothing reaches Stripe): a new broker is on the free plan, 3 documents a request.
const billed = useTestServer({
  STRIPE_SECRET_KEY: STAND_IN_KEYS.secret,
  STRIPE_PUBLISHABLE_KEY: STAND_IN_KEYS.publishable,
  STRIPE_WEBHOOK_SECRET: STAND_IN_KEYS.webhook,
  STRIPE_PRICE_BASIC: STAND_IN_PRICES.basic,
  STRIPE_PRICE_PRO: STAND_IN_PRICES.pro,
  STRIPE_PRICE_UNLIMITED: STAND_IN_PRICES.unlimited,
  STRIPE_API_BASE: "http://127.0.0.1:9",
});

const pdfRules = { ...STANDARD_ACCEPTANCE_RULES, kinds: ["pdf" as const], minPages: 2, maxPages: null };
const sample = (name: string) => ({
  name,
  trade: "Mortgage",
  description: "Our own purchase list",
  documents: [
    { name: "Paystub", description: "Two latest pay stubs", rules: pdfRules },
    { name: "Gift Letter", description: "Signed gift letter from the donor", rules: null },
  ],
});

const list = (token = broker.token) => srv.call("/api/templates", { token });
const create = (body: unknown, token = broker.token) => srv.call("/api/templates", { method: "POST", token, body });

describe("ready-made templates", () => {
  test("every trade's case is offered, each document described, the mortgage purchase asks for the whole file", async () => {
    const res = await list();
    expect(res.status).toBe(200);
    const names = res.body.readyMade.map((t: { name: string }) => t.name);
    expect(names).toEqual(["Mortgage purchase", "Mortgage refinance", "FHA / VA loan", "Insurance claim", "Legal intake", "Rental application"]);
    for (const t of res.body.readyMade) {
      expect(t.readyMade).toBe(true);
      for (const d of t.documents) expect(d.description.length).toBeGreaterThan(10);
    }
    const purchase = res.body.readyMade.find((t: { id: string }) => t.id === "ready-mortgage-purchase");
    const bank = purchase.documents.find((d: { name: string }) => d.name === "Bank Statement");
    expect(bank.description).toContain("all pages");
    expect(bank.rules).toMatchObject({ kinds: ["pdf"], minPages: 2 });
    expect(purchase.documents.map((d: { name: string }) => d.name)).toEqual(expect.arrayContaining(["Paystub", "W-2 Forms", "Photo ID", "Purchase Agreement"]));
  });

  test("ready-made templates pass the same checks as a broker's own", () => {
    // A ready-made list that broke its own rules could not be duplicated and saved.
    for (const t of READY_MADE_TEMPLATES) {
      expect(t.documents.length).toBeLessThanOrEqual(MAX_TEMPLATE_DOCUMENTS);
      expect(new Set(t.documents.map((d) => d.name.toLowerCase())).size).toBe(t.documents.length);
      for (const d of t.documents) expect(d.name).not.toContain(":");
    }
  });

  test("a loan type suggests a template", () => {
    expect(suggestTemplateId("fha")).toBe("ready-fha-va");
    expect(suggestTemplateId("VA")).toBe("ready-fha-va");
    expect(suggestTemplateId("cash-out-refinance")).toBe("ready-mortgage-refinance");
    expect(suggestTemplateId("conventional")).toBe("ready-mortgage-purchase");
    expect(suggestTemplateId(null)).toBeNull();
    expect(suggestTemplateId("not-specified")).toBeNull();
  });
});

describe("a broker's own templates", () => {
  test("create, list, change and delete", async () => {
    const made = await create(sample("Purchase, our way"));
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ name: "Purchase, our way", readyMade: false, documents: [{ name: "Paystub", rules: pdfRules }, { name: "Gift Letter", rules: null }] });

    expect((await list()).body.own.map((t: { id: string }) => t.id)).toContain(made.body.id);

    const changed = await srv.call(`/api/templates/${made.body.id}`, { method: "PUT", token: broker.token, body: { ...sample("Purchase, revised"), documents: [{ name: "Photo ID" }] } });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ id: made.body.id, name: "Purchase, revised", documents: [{ name: "Photo ID", description: "", rules: null }] });

    const gone = await srv.call(`/api/templates/${made.body.id}`, { method: "DELETE", token: broker.token });
    expect(gone.status).toBe(200);
    expect((await list()).body.own.map((t: { id: string }) => t.id)).not.toContain(made.body.id);
    expect((await srv.call(`/api/templates/${made.body.id}`, { method: "DELETE", token: broker.token })).status).toBe(404);
  });

  test("names are unique per broker, ignoring case, and another broker may use the same name", async () => {
    expect((await create(sample("Refi Standard"))).status).toBe(201);
    const again = await create(sample("  refi standard "));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(templateMessages.nameTaken);

    const other = await srv.signUpBroker({});
    expect((await create(sample("Refi Standard"), other.token)).status).toBe(201);

    // Renaming onto another of one's own names is refused too; keeping one's own name is fine.
    const second = await create(sample("Refi Second"));
    const clash = await srv.call(`/api/templates/${second.body.id}`, { method: "PUT", token: broker.token, body: sample("REFI STANDARD") });
    expect(clash.status).toBe(409);
    expect((await srv.call(`/api/templates/${second.body.id}`, { method: "PUT", token: broker.token, body: sample("Refi Second") })).status).toBe(200);
  });

  test("another broker's template is not found, and unchanged after their attempts", async () => {
    const mine = await create(sample("Private checklist"));
    const other = await srv.signUpBroker({});
    expect((await list(other.token)).body.own.map((t: { name: string }) => t.name)).not.toContain("Private checklist");
    const put = await srv.call(`/api/templates/${mine.body.id}`, { method: "PUT", token: other.token, body: sample("Stolen") });
    expect(put.status).toBe(404);
    expect(put.body.message).toBe(templateMessages.notFound);
    expect((await srv.call(`/api/templates/${mine.body.id}`, { method: "DELETE", token: other.token })).status).toBe(404);
    expect((await list()).body.own.find((t: { id: string }) => t.id === mine.body.id)?.name).toBe("Private checklist");
    expect((await srv.call("/api/templates")).status).toBe(401);
  });

  test("bad input is refused with a message and changes nothing", async () => {
    const before = await countRows(srv, "checklist_templates");
    const cases: [unknown, string][] = [
      [{ ...sample("   "), name: "   " }, templateMessages.nameRequired],
      [sample("x".repeat(81)), templateMessages.nameTooLong],
      [{ ...sample("No documents"), documents: [] }, templateMessages.noDocuments],
      [{ ...sample("Colon"), documents: [{ name: "W-2: 2019" }] }, templateMessages.documentNameColon],
      [{ ...sample("Blank"), documents: [{ name: "  " }] }, templateMessages.documentNameBlank],
      [{ ...sample("Twice"), documents: [{ name: "Paystub" }, { name: "paystub" }] }, templateMessages.documentRepeated("paystub")],
      [{ ...sample("Pages"), documents: [{ name: "Paystub", rules: { ...pdfRules, minPages: 5, maxPages: 2 } }] }, "The minimum number of pages cannot be more than the maximum."],
    ];
    for (const [body, message] of cases) {
      const res = await create(body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const tooMany = await create({ ...sample("Huge"), documents: Array.from({ length: MAX_TEMPLATE_DOCUMENTS + 1 }, (_, i) => ({ name: `Doc ${i}` })) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toEqual(expect.any(String));
    const notJson = await create({ name: 42, documents: "all" });
    expect(notJson.status).toBe(400);
    expect(notJson.body.message).toEqual(expect.any(String));
    expect(await countRows(srv, "checklist_templates")).toBe(before);
  });

  test("a broker keeps at most 50 templates", async () => {
    const own = await srv.signUpBroker({});
    for (let i = 0; i < 50; i++) expect((await create(sample(`Case ${i}`), own.token)).status).toBe(201);
    const over = await create(sample("Case 50"), own.token);
    expect(over.status).toBe(409);
    expect(over.body.message).toBe(templateMessages.tooManyTemplates);
  });
});

describe("a template's rules travel with the request", () => {
  test("Add New Customer: each document gets its rules, one without gets the standard ones", async () => {
    const customer = await createCustomer(srv, broker.token, {
      requiredDocuments: [
        { name: "Paystub", description: "Two latest pay stubs", acceptanceRules: pdfRules },
        { name: requestEntry({ name: "Gift Letter", description: "Signed gift letter" }) },
      ],
    });
    const byName = Object.fromEntries(customer.documents.map((d) => [d.name, d]));
    expect(byName["Paystub"]!.acceptanceRules).toEqual(pdfRules);
    expect(byName["Gift Letter"]!.acceptanceRules ?? null).toBeNull();
    expect(byName["Gift Letter"]!.description).toBe("Signed gift letter");
  });

  test("Request New Document: rules in documentTypes' order; the portal lists them", async () => {
    const customer = await createCustomer(srv, broker.token, { requiredDocuments: [] });
    const res = await srv.call(`/api/customers/${customer.id}/request-documents`, {
      method: "POST",
      token: broker.token,
      body: { documentTypes: ["Photo ID", requestEntry({ name: "Lease Agreement", description: "Current lease, all pages" })], acceptanceRules: [null, pdfRules] },
    });
    expect(res.status).toBe(201);
    const byName = Object.fromEntries(res.body.documents.map((d: { name: string }) => [d.name, d]));
    expect(byName["Lease Agreement"].acceptanceRules).toEqual(pdfRules);
    expect(byName["Photo ID"].acceptanceRules ?? null).toBeNull();

    const portal = await srv.call(`/api/upload/${customer.uploadLink}`);
    expect(JSON.stringify(portal.body)).toContain("at least 2 pages");
  });

  test("bad rules, or not one rule entry per document, are refused and nothing is requested", async () => {
    const customer = await createCustomer(srv, broker.token, { requiredDocuments: [] });
    const before = await countRows(srv, "documents");
    const tooMany = await srv.call(`/api/customers/${customer.id}/request-documents`, {
      method: "POST",
      token: broker.token,
      body: { documentTypes: ["Photo ID"], acceptanceRules: [null, pdfRules] },
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe("acceptanceRules must have one entry (rules or null) per document in documentTypes.");
    const tooFew = await srv.call(`/api/customers/${customer.id}/request-documents`, {
      method: "POST",
      token: broker.token,
      body: { documentTypes: ["Photo ID"], acceptanceRules: [] },
    });
    expect(tooFew.status).toBe(400);
    const senseless = await srv.call(`/api/customers/${customer.id}/request-documents`, {
      method: "POST",
      token: broker.token,
      body: { documentTypes: ["Photo ID"], acceptanceRules: [{ ...pdfRules, minPages: 9, maxPages: 1 }] },
    });
    expect(senseless.status).toBe(400);
    const created = await srv.call("/api/customers", {
      method: "POST",
      token: broker.token,
      body: { email: "rules-bad@example.com", requiredDocuments: [{ name: "Paystub", acceptanceRules: { ...pdfRules, kinds: [] } }] },
    });
    expect(created.status).toBe(400);
    expect(await countRows(srv, "documents")).toBe(before);
  });
});

test("a template's documents still obey the plan's caps", async () => {
  const free = await billed.signUpBroker({});
  const purchase = READY_MADE_TEMPLATES.find((t) => t.id === "ready-mortgage-purchase")!;
  expect(purchase.documents.length).toBeGreaterThan(3);
  const before = await countRows(billed, "documents");
  const res = await billed.call("/api/customers", {
    method: "POST",
    token: free.token,
    body: { email: "capped@example.com", requiredDocuments: purchase.documents.map((d) => ({ name: requestEntry(d), description: d.description, acceptanceRules: d.rules })) },
  });
  expect(res.status).toBe(403);
  expect(res.body.message).toBe("Document Limit Reached: You can only select up to 3 documents per request based on your subscription plan.");
  expect(await countRows(billed, "documents")).toBe(before);
  // The first three fit, with their rules.
  const fits = await billed.call("/api/customers", {
    method: "POST",
    token: free.token,
    body: { email: "fits@example.com", requiredDocuments: purchase.documents.slice(0, 3).map((d) => ({ name: requestEntry(d), description: d.description, acceptanceRules: d.rules })) },
  });
  expect(fits.status).toBe(201);
  expect(fits.body.documents.map((d: { acceptanceRules: unknown }) => d.acceptanceRules)).toEqual(purchase.documents.slice(0, 3).map((d) => d.rules));
});
