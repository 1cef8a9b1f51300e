// What the signature reads ask of the database (statement counts, tests/support/statements.ts):
// the portal's withdrawn requests are filtered by status in the query, not after reading every
// request the customer signs; "send again" holds the member to the customer's visibility once.
import { expect, test } from "bun:test";
import { realPdf } from "../files/samples.ts";
import { createCustomer } from "../support/fixtures.ts";
import { useServerWithBroker } from "../support/server.ts";
import { readsOf, statementsDuring } from "../support/statements.ts";
import { field, requestSignature, tokenOf } from "../support/signatures.ts";

const { srv, broker } = useServerWithBroker();

async function ask(customer: { id: string; email: string }, name: string, coSigner = false) {
  const res = await requestSignature(srv, broker.token, customer.id, {
    pdf: realPdf(1),
    request: {
      name,
      signers: [{ email: customer.email, name: "Grace Hopper" }, ...(coSigner ? [{ email: "alan@example.com", name: "Alan Turing" }] : [])],
      fields: [field({ type: "signature" }), ...(coSigner ? [field({ type: "signature", signer: 1, y: 0.5 })] : [])],
    },
  });
  expect(res.status).toBe(201);
  return res.body;
}

test("the portal reads only the withdrawn requests (their status in the query) and only the decliners of the declined ones", async () => {
  const customer = await createCustomer(srv, broker.token, { name: "Grace Hopper" });
  const voided = await ask(customer, "Disclosure");
  const declined = await ask(customer, "Authorisation", true);
  await ask(customer, "Engagement letter"); // still open: not read for the withdrawn list
  await ask(customer, "Addendum");
  expect((await srv.call(`/api/signature-requests/${voided.id}/void`, { method: "POST", token: broker.token })).status).toBe(200);
  expect((await srv.call(`/api/sign/${tokenOf(srv, declined.signers[1].id)}/decline`, { method: "POST", body: { reason: "Wrong amount" } })).status).toBe(200);

  let answer: any;
  // The first read after those writes computes the view (the read cache keeps it until the next write).
  const statements = await statementsDuring(async () => {
    answer = (await srv.call(`/api/upload/${customer.uploadLink}`)).body;
  });
  expect(answer.withdrawnSignatures.map((w: any) => [w.name, w.status, w.declinedBy])).toEqual([
    ["Disclosure", "voided", null],
    ["Authorisation", "declined", "Alan Turing"],
  ]);
  const onSignatures = statements.filter((text) => /\b(from|join) "signature_(requests|signers)"/.test(text));
  expect(onSignatures).toHaveLength(2);
  const [requests, decliners] = onSignatures;
  expect(requests).toMatch(/^select .* from "signature_requests" where .*"signature_requests"\."status" in \(/);
  expect(decliners).toMatch(/^select .* from "signature_signers" where .*"signature_signers"\."status" = /);
  // Nothing else of theirs: no due dates of the requests' documents.
  expect(readsOf("documents", statements).filter((text) => /"documents"\."id" in/.test(text))).toEqual([]);
});

test("send again checks once that the member may see the request's customer", async () => {
  const customer = await createCustomer(srv, broker.token, { name: "Grace Hopper" });
  const request = await ask(customer, "Disclosure");
  let status = 0;
  const statements = await statementsDuring(async () => {
    status = (await srv.call(`/api/signature-requests/${request.id}/resend`, { method: "POST", token: broker.token })).status;
  });
  expect(status).toBe(200);
  // visibleCustomers (customers/lookups.ts): for a broker who sees the whole workspace, its workspace condition.
  const visibility = statements.filter((text) => /^\s*select\b/i.test(text) && /"customers"\."workspace_id" = /.test(text));
  expect(visibility).toHaveLength(1);
});
