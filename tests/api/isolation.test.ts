// A broker never sees or changes another broker's data: every endpoint that takes an id answers
// 404 for the other broker's ids (exactly as for ids that do not exist) and changes nothing.
import { beforeAll, expect, test } from "bun:test";
import { attachFile, createCustomer, daysAhead } from "../support/fixtures.ts";
import { useTestServer, type Broker } from "../support/server.ts";
import { rows, statement } from "../support/sql.ts";

const srv = useTestServer();
let owner: Broker;
let intruder: Broker;
let customerId: string;
let documentId: string;
let uploadedId: string;

beforeAll(async () => {
  owner = await srv.signUpBroker();
  intruder = await srv.signUpBroker();
  await createCustomer(srv, intruder.token); // the intruder has data of their own
  const c = await createCustomer(srv, owner.token, { requiredDocuments: [{ name: "Paystub" }, { name: "Photo ID" }] });
  customerId = c.id;
  documentId = c.documents[0]!.id;
  uploadedId = c.documents[1]!.id;
  await attachFile(srv, uploadedId);
});

/** Everything of the owner's, as rows, to prove nothing changed. */
const snapshot = async () => {
  const q = (sql: string) => rows(srv.server.ctx.db, statement(sql));
  return JSON.stringify(await Promise.all([
    q("select * from customers order by id"),
    q("select * from customer_accounts order by id"),
    q("select * from documents order by id"),
    q("select kind, \"to\" from emails order by id"),
  ]));
};

const endpoints = (): [string, string, unknown?][] => [
  ["GET", `/api/customer/${customerId}`],
  ["GET", `/api/customer/${customerId}/documents`],
  ["GET", `/api/customers/${customerId}/document-limit`],
  ["PUT", `/api/customers/${customerId}`, { name: "Hijacked", email: "hijack@example.com", loanType: "va" }],
  ["DELETE", `/api/customers/${customerId}`],
  ["POST", `/api/customers/${customerId}/resend-invitation`],
  ["POST", `/api/customers/${customerId}/request-documents`, { documentTypes: ["Tax Returns"] }],
  ["POST", `/api/customer/${customerId}/send-reminder`],
  ["POST", `/api/documents/${uploadedId}/verify`, { status: "approved" }],
  ["POST", `/api/documents/${uploadedId}/verify`, { status: "rejected", rejectionReason: "no" }],
  ["PUT", `/api/documents/${documentId}/due-date`, { dueDate: "FUTURE" }],
  ["PUT", `/api/documents/bulk-due-date`, { documentIds: [documentId], dueDate: "FUTURE" }],
  ["DELETE", `/api/documents/${documentId}`],
  ["GET", `/api/documents/${uploadedId}/download`],
];

test("the other broker gets 404 on every id-taking endpoint, and nothing changes", async () => {
  const before = await snapshot();
  for (const [method, path, body] of endpoints()) {
    const payload = body && JSON.parse(JSON.stringify(body).replace('"FUTURE"', JSON.stringify(daysAhead(srv, 3))));
    const res = await srv.call(path, { method, token: intruder.token, body: payload });
    expect({ method, path, status: res.status }).toEqual({ method, path, status: 404 });
    expect(res.body.message).toBeString();
    expect(JSON.stringify(res.body)).not.toContain(owner.user.email);
  }
  expect(await snapshot()).toBe(before);

  // Lists and the dashboard show nothing of the owner's either.
  const lists = await Promise.all(["/api/customers", "/api/all-customers", "/api/pending-documents"].map((p) => srv.call(p, { token: intruder.token })));
  for (const list of lists) expect(JSON.stringify(list.body)).not.toContain(customerId);
  const bulk = await srv.call("/api/send-bulk-reminders", { method: "POST", token: intruder.token });
  expect(bulk.body.sentCount).toBe(1); // their own customer only
});

test("the owner can do all of it: the same calls are not refused for other reasons", async () => {
  for (const [method, path, body] of endpoints().filter(([m]) => m === "GET")) {
    const res = await srv.call(path, { method, token: owner.token, body });
    expect({ path, status: res.status }).toEqual({ path, status: 200 });
  }
});

test("without a session every one of them is a 401", async () => {
  for (const [method, path, body] of endpoints()) {
    const res = await srv.call(path, { method, body });
    expect({ path, status: res.status }).toEqual({ path, status: 401 });
  }
});
