// How often the scheduled jobs look a customer up (reviewer's finding 7): the expiry job reads
// whose customer each due document is with its batch, in the one query that finds them, not once
// per document (twice, before: its event and the renewal's); the seal job reads the customer it
// completes once, for its event and its emails. Counted as the statements Drizzle runs
// (tests/support/statements.ts), on SQLite and PostgreSQL alike.
import { expect, test } from "bun:test";
import { requestExpiringRenewals } from "../../src/features/expiry/service.ts";
import { attachFile, createCustomer } from "../support/fixtures.ts";
import { useServerWithBroker } from "../support/server.ts";
import { corpusPdf, field, requestSignature, typed } from "../support/signatures.ts";
import { readsOf, statementsDuring } from "../support/statements.ts";

const { srv, broker } = useServerWithBroker();
const DAY = 86_400_000;

/** `aboutCustomerById` (customers/lookups.ts): whose customer one id is, a read of its own. */
const ownershipLookups = (statements: string[]) => readsOf("customers", statements).filter((text) => /^select "id", "workspace_id", "assignee_id" from "customers" where/.test(text));

test("the expiry job reads the due documents' customers with its batch: no lookup per document", async () => {
  const expiresOn = new Date(srv.clock.now().getTime() + 10 * DAY).toISOString().slice(0, 10);
  const customers = [];
  for (let n = 0; n < 3; n++) {
    const customer = await createCustomer(srv, broker.token, { requiredDocuments: [{ name: "Photo ID" }] });
    const doc = customer.documents[0]!;
    await attachFile(srv, doc.id);
    expect((await srv.call(`/api/documents/${doc.id}/verify`, { method: "POST", token: broker.token, body: { status: "approved" } })).status).toBe(200);
    expect((await srv.call(`/api/documents/${doc.id}/expiry`, { method: "PUT", token: broker.token, body: { expiresOn } })).status).toBe(200);
    customers.push(customer);
  }
  const statements = await statementsDuring(() => requestExpiringRenewals(srv.server.ctx));
  expect(ownershipLookups(statements)).toEqual([]);
  // Each was asked for again all the same.
  for (const customer of customers) {
    const [doc] = (await srv.call(`/api/customer/${customer.id}/documents`, { token: broker.token })).body;
    expect(doc).toMatchObject({ status: "need_to_resubmit" });
  }
});

test("the seal job reads the customer it completes once, for its event and its emails", async () => {
  const customer = await createCustomer(srv, broker.token, { name: "Sid Sealed", email: "sid.sealed@example.com" });
  const asked = await requestSignature(srv, broker.token, customer.id, {
    pdf: corpusPdf("pdfjs--sizes.pdf"),
    request: { name: "Engagement letter", signers: [{ email: customer.email, name: "Sid Sealed" }], fields: [field({ type: "signature", page: 1 })] },
  });
  expect(asked.status).toBe(201);
  await srv.runJobs();
  const signed = await srv.call(`/api/upload/${customer.uploadLink}/signature-requests/${asked.body.id}/sign`, { method: "POST", body: { consent: true, signature: typed("Sid Sealed"), values: {} } });
  expect(signed.status).toBe(200);
  const statements = await statementsDuring(() => srv.runJobs()); // the seal job
  // One: the document's own transition (markSealed) publishing its status; the seal job's event
  // takes whose customer it is from the contact it reads for the emails.
  expect(ownershipLookups(statements)).toHaveLength(1);
  const request = await srv.call(`/api/signature-requests/${asked.body.id}`, { token: broker.token });
  expect(request.body.status).toBe("completed");
});
