// Hostile: signing (issue 41 item 5). Another customer's link and another workspace's member (and
// a colleague who may not see the customer) against every signing route; a signer signing twice,
// a replayed sign (one after the other, and two at once), signing after a void (the old link then
// opens nothing) or past the due date, filling someone else's fields; fields outside the page;
// 10 MB of text; a drawn signature that is not a PNG; sealing again what did not fail. Each
// gets a clear 4xx and changes nothing: the rows are read with SQL both databases speak and the
// file store is listed, so this runs on PostgreSQL and S3 too.
import { beforeAll, describe, expect, test } from "bun:test";
import { realJpeg, realPdf, realPng } from "../files/samples.ts";
import { createCustomer } from "../support/fixtures.ts";
import { useTestServer, type Broker } from "../support/server.ts";
import { field, requestSignature, tokenOf, typed } from "../support/signatures.ts";
import { rows, statement } from "../support/sql.ts";

const srv = useTestServer();
let owner: Broker;
let outsider: Broker;
let colleague: { token: string };

/** Everything a signing call could touch, as one comparable value. */
async function state(): Promise<string> {
  const db = srv.server.ctx.db;
  const parts = await Promise.all([
    rows(db, statement("select id, status, document_id, voided_at, completed_at from signature_requests order by id")),
    rows(db, statement("select id, status, signed_at, declined_at, signature_key, field_values from signature_signers order by id")),
    rows(db, statement("select id, status, kind, storage_key from documents order by id")),
    rows(db, statement("select id from emails order by id")),
    rows(db, statement("select id, kind from jobs order by id")),
    rows(db, statement("select id from audit_events order by id")),
    rows(db, statement("select id from notifications order by id")),
    rows(db, statement("select id, workspace_id, name, fields, storage_key, updated_at from signature_templates order by id")),
  ]);
  return JSON.stringify(parts) + JSON.stringify((await srv.server.ctx.files.storedKeys()).sort());
}

async function refusedUnchanged(call: () => Promise<{ status: number; body: any }>, statuses: number[]) {
  const before = await state();
  const res = await call();
  expect(statuses, `${res.status} ${JSON.stringify(res.body).slice(0, 300)}`).toContain(res.status);
  expect(typeof res.body.message).toBe("string");
  expect(await state()).toBe(before);
  return res;
}

const pdf = () => realPdf(1);
const twoSigners = (email: string, extra: Record<string, unknown> = {}) => ({
  name: "Disclosure",
  signers: [
    { email, name: "Grace Hopper" },
    { email: "second.signer@example.com", name: "Alan Turing" },
  ],
  fields: [field({ type: "signature" }), field({ type: "text", y: 0.3 }), field({ type: "signature", signer: 1, y: 0.5 }), field({ type: "text", signer: 1, y: 0.7, required: false })],
  ...extra,
});

async function newRequest(extra: Record<string, unknown> = {}) {
  const customer = await createCustomer(srv, owner.token, { name: "Grace Hopper" });
  const res = await requestSignature(srv, owner.token, customer.id, { pdf: pdf(), request: twoSigners(customer.email, extra) });
  expect(res.status).toBe(201);
  return { customer, request: res.body, link: customer.uploadLink as string, token: tokenOf(srv, res.body.signers[1].id) };
}

const signBody = (values: Record<string, unknown> = { "1": "ok" }, signature: unknown = typed("Grace Hopper")) => ({ consent: true, signature, values });

beforeAll(async () => {
  owner = await srv.signUpBroker();
  outsider = await srv.signUpBroker();
  // A colleague in owner's workspace who sees only their own customers.
  expect((await srv.call("/api/workspace", { method: "PUT", token: owner.token, body: { visibility: "assigned" } })).status).toBe(200);
  const email = "colleague@example.com";
  expect((await srv.call("/api/workspace/invitations", { method: "POST", token: owner.token, body: { email, role: "broker" } })).status).toBe(201);
  const [mail] = await rows<{ text: string }>(srv.server.ctx.db, statement(`select text from emails where "to" = ? and kind = 'workspace_invitation'`, email));
  const joined = await srv.call("/api/workspace/join", { method: "POST", body: { token: decodeURIComponent(mail!.text.match(/\/join\/([\w%-]+)/)![1]!), password: "a long enough password" } });
  expect(joined.status).toBe(201);
  colleague = { token: joined.body.token };
});

describe("someone else's request", () => {
  test("another customer's link: 404 on every customer-side route", async () => {
    const { request } = await newRequest();
    const other = await createCustomer(srv, owner.token, { name: "Oscar Other" });
    const base = `/api/upload/${other.uploadLink}/signature-requests/${request.id}`;
    await refusedUnchanged(() => srv.call(base), [404]);
    await refusedUnchanged(() => srv.call(`${base}/document`), [404]);
    await refusedUnchanged(() => srv.call(`${base}/sign`, { method: "POST", body: signBody() }), [404]);
    await refusedUnchanged(() => srv.call(`${base}/decline`, { method: "POST", body: { reason: "no" } }), [404]);
    const list = await srv.call(`/api/upload/${other.uploadLink}/signature-requests`);
    expect(list.body).toEqual([]);
  });

  test("another workspace's member, and a colleague who does not see the customer: 404 on every broker route", async () => {
    const { customer, request } = await newRequest();
    for (const token of [outsider.token, colleague.token]) {
      await refusedUnchanged(() => srv.call(`/api/signature-requests/${request.id}`, { token }), [404]);
      await refusedUnchanged(() => srv.call(`/api/signature-requests/${request.id}/void`, { method: "POST", token }), [404]);
      await refusedUnchanged(() => srv.call(`/api/signature-requests/${request.id}/seal`, { method: "POST", token }), [404]);
      await refusedUnchanged(() => srv.call(`/api/signature-requests/${request.id}/resend`, { method: "POST", token }), [404]);
      await refusedUnchanged(() => srv.call(`/api/signature-requests/${request.id}/download`, { token }), [404]);
      await refusedUnchanged(() => srv.call(`/api/customers/${customer.id}/signature-requests`, { token }), [404]);
      await refusedUnchanged(() => requestSignature(srv, token, customer.id, { pdf: pdf(), request: twoSigners(customer.email) }), [404]);
    }
  });

  test("sealing again a request whose seal did not fail: 409", async () => {
    const { request } = await newRequest();
    await refusedUnchanged(() => srv.call(`/api/signature-requests/${request.id}/seal`, { method: "POST", token: owner.token }), [409]);
  });

  test("another workspace's shared file, or another customer's, named as the PDF to sign: 404, nothing changed", async () => {
    const customer = await createCustomer(srv, owner.token, { name: "Grace Hopper" });
    const form = new FormData();
    form.append("documents", new Blob([pdf()], { type: "application/pdf" }), "Closing Disclosure.pdf");
    form.append("customerIds", JSON.stringify([customer.id]));
    expect((await srv.call("/api/documents/share", { method: "POST", body: form, token: owner.token })).status).toBe(201);
    const [shared] = await rows<{ id: string }>(srv.server.ctx.db, statement("select id from documents where customer_id = ? and status = 'shared'", customer.id));
    const fromShared = (token: string, customerId: string, email: string) => {
      const body = new FormData();
      body.append("request", JSON.stringify({ ...twoSigners(email), sharedDocumentId: shared!.id }));
      return srv.call(`/api/customers/${customerId}/signature-requests`, { method: "POST", token, body });
    };
    const theirs = await createCustomer(srv, outsider.token, { name: "Oscar Outside" });
    await refusedUnchanged(() => fromShared(outsider.token, theirs.id, theirs.email), [404]);
    const another = await createCustomer(srv, owner.token, { name: "Ada Another" });
    await refusedUnchanged(() => fromShared(owner.token, another.id, another.email), [404]);
    expect((await fromShared(owner.token, customer.id, customer.email)).status).toBe(201);
  });

  test("a guessed signing link: 404", async () => {
    await refusedUnchanged(() => srv.call(`/api/sign/${"s".repeat(43)}/sign`, { method: "POST", body: signBody() }), [404]);
  });
});

describe("signing what may not be signed", () => {
  test("a signer signing twice, and the same request replayed: 409, nothing changed", async () => {
    const { link, request, token } = await newRequest();
    const path = `/api/upload/${link}/signature-requests/${request.id}/sign`;
    expect((await srv.call(path, { method: "POST", body: signBody() })).status).toBe(200);
    await refusedUnchanged(() => srv.call(path, { method: "POST", body: signBody() }), [409]);
    await refusedUnchanged(() => srv.call(path, { method: "POST", body: signBody({ "1": "changed my mind" }) }), [409]);
    // The co-signer's sign, sent twice at once (a double tap, a replay): one signs, the other is refused.
    const body = signBody({ "3": "x" }, typed("Alan Turing"));
    const answers = await Promise.all([1, 2].map(() => srv.call(`/api/sign/${token}/sign`, { method: "POST", body })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const signers = await rows<{ status: string }>(srv.server.ctx.db, statement("select status from signature_signers where request_id = ?", request.id));
    expect(signers.map((s) => s.status)).toEqual(["signed", "signed"]);
    const seals = await rows(srv.server.ctx.db, statement("select id from jobs where kind = 'seal-signature-request' and dedupe_key = ?", `seal:${request.id}`));
    expect(seals.length).toBe(1);
    await refusedUnchanged(() => srv.call(`/api/sign/${token}/sign`, { method: "POST", body }), [409]);
    await refusedUnchanged(() => srv.call(`/api/sign/${token}/decline`, { method: "POST", body: { reason: "too late" } }), [409]);
  });

  test("after a void: 409 for every signer; the old signing link opens nothing, not even the request", async () => {
    const { link, request, token } = await newRequest();
    // The link worked before the void.
    expect((await srv.call(`/api/sign/${token}`)).status).toBe(200);
    expect((await srv.call(`/api/signature-requests/${request.id}/void`, { method: "POST", token: owner.token })).status).toBe(200);
    await refusedUnchanged(() => srv.call(`/api/upload/${link}/signature-requests/${request.id}/sign`, { method: "POST", body: signBody() }), [409]);
    await refusedUnchanged(() => srv.call(`/api/upload/${link}/signature-requests/${request.id}/document`), [409]);
    for (const [path, init] of [
      [`/api/sign/${token}`, {}],
      [`/api/sign/${token}/document`, {}],
      [`/api/sign/${token}/sign`, { method: "POST", body: signBody({ "3": "x" }) }],
      [`/api/sign/${token}/decline`, { method: "POST", body: { reason: "x" } }],
    ] as const) {
      const old = await refusedUnchanged(() => srv.call(path, init), [409]);
      expect(old.body.message).toBe("This signature request was withdrawn by your broker.");
      expect(JSON.stringify(old.body)).not.toContain("Disclosure");
    }
  });

  test("after the due date: 409 for every signer, on either link", async () => {
    const customer = await createCustomer(srv, owner.token, { name: "Grace Hopper" });
    const due = new Date(srv.clock.now().getTime() + 2 * 86_400_000).toISOString();
    const res = await requestSignature(srv, owner.token, customer.id, { pdf: pdf(), request: twoSigners(customer.email, { dueDate: due }) });
    expect(res.status).toBe(201);
    const token = tokenOf(srv, res.body.signers[1].id);
    srv.clock.advance(3 * 86_400_000);
    const base = `/api/upload/${customer.uploadLink}/signature-requests/${res.body.id}`;
    const late = await refusedUnchanged(() => srv.call(`${base}/sign`, { method: "POST", body: signBody() }), [409]);
    expect(late.body.message).toContain("past its due date");
    await refusedUnchanged(() => srv.call(`${base}/decline`, { method: "POST", body: { reason: "late" } }), [409]);
    await refusedUnchanged(() => srv.call(`/api/sign/${token}/sign`, { method: "POST", body: signBody({ "3": "x" }, typed("Alan Turing")) }), [409]);
    await refusedUnchanged(() => srv.call(`/api/sign/${token}/decline`, { method: "POST", body: { reason: "late" } }), [409]);
  });

  test("someone else's fields, a field that does not exist, a field filled for you: 400", async () => {
    const { link, request, token } = await newRequest();
    const path = `/api/upload/${link}/signature-requests/${request.id}/sign`;
    const theirs = await refusedUnchanged(() => srv.call(path, { method: "POST", body: signBody({ "1": "ok", "3": "forged" }) }), [400]);
    expect(theirs.body.message).toContain("is for another signer");
    await refusedUnchanged(() => srv.call(path, { method: "POST", body: signBody({ "1": "ok", "99": "x" }) }), [400]);
    await refusedUnchanged(() => srv.call(path, { method: "POST", body: signBody({ "1": "ok", "0": "my own signature" }) }), [400]);
    await refusedUnchanged(() => srv.call(`/api/sign/${token}/sign`, { method: "POST", body: signBody({ "1": "the customer's field" }) }), [400]);
    // Without consent nothing is signed either.
    await refusedUnchanged(() => srv.call(path, { method: "POST", body: { ...signBody(), consent: false } }), [400]);
  });

  test("a drawn signature that is not a PNG (a JPEG, text, a PNG header on junk, too large): 400", async () => {
    const { link, request } = await newRequest();
    const path = `/api/upload/${link}/signature-requests/${request.id}/sign`;
    const drawn = (bytes: Uint8Array | string) => signBody({ "1": "ok" }, { type: "drawn", png: typeof bytes === "string" ? bytes : Buffer.from(bytes).toString("base64") });
    const junkPng = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new TextEncoder().encode("not really a png at all")]);
    for (const body of [drawn(realJpeg(200, 80)), drawn(new TextEncoder().encode("<svg onload=alert(1)>")), drawn(junkPng), drawn("%%% not base64 %%%")]) {
      const res = await refusedUnchanged(() => srv.call(path, { method: "POST", body }), [400]);
      expect(res.body.message).toContain("PNG");
    }
    // A small file that would unpack to 20 million pixels, and a file over the size limit.
    const bomb = await refusedUnchanged(() => srv.call(path, { method: "POST", body: drawn(realPng(20_000, 1000)) }), [400]);
    expect(bomb.body.message).toContain("too large");
    const noise = crypto.getRandomValues(new Uint8Array(300 * 1024));
    await refusedUnchanged(() => srv.call(path, { method: "POST", body: drawn(new Uint8Array([...junkPng, ...noise])) }), [400, 413]);
  });

  test("10 MB of text, in a field value, a reason or a typed signature: refused whole", async () => {
    const { link, request } = await newRequest();
    const base = `/api/upload/${link}/signature-requests/${request.id}`;
    const ten = "A".repeat(10 * 1024 * 1024);
    await refusedUnchanged(() => srv.call(`${base}/sign`, { method: "POST", body: signBody({ "1": ten }) }), [400, 413]);
    await refusedUnchanged(() => srv.call(`${base}/sign`, { method: "POST", body: signBody({ "1": "ok" }, typed(ten)) }), [400, 413]);
    await refusedUnchanged(() => srv.call(`${base}/decline`, { method: "POST", body: { reason: ten } }), [400, 413]);
    // Short of the body limit, still longer than a field holds.
    const long = await refusedUnchanged(() => srv.call(`${base}/sign`, { method: "POST", body: signBody({ "1": "A".repeat(900) }) }), [400]);
    expect(long.body.message).toContain("at most");
  });
});

describe("requests a broker may not make", () => {
  test("fields outside the page, on a page the PDF lacks, for a signer who does not exist: 400, nothing stored", async () => {
    const customer = await createCustomer(srv, owner.token, { name: "Grace Hopper" });
    const ask = (fields: unknown[]) => () => requestSignature(srv, owner.token, customer.id, { pdf: pdf(), request: { ...twoSigners(customer.email), fields } });
    const sig1 = field({ type: "signature", signer: 1, y: 0.5 });
    const outside = await refusedUnchanged(ask([field({ type: "signature", x: 0.9, width: 0.3 }), sig1]), [400]);
    expect(outside.body.message).toContain("outside its page");
    const page = await refusedUnchanged(ask([field({ type: "signature", page: 5 }), sig1]), [400]);
    expect(page.body.message).toContain("the document has 1 page");
    await refusedUnchanged(ask([field({ type: "signature", x: -0.2 }), sig1]), [400]);
    await refusedUnchanged(ask([field({ type: "signature" }), field({ type: "signature", signer: 7 })]), [400]);
    await refusedUnchanged(ask([field({ type: "signature" })]), [400]); // the second signer has no signature field
    await refusedUnchanged(ask([null, sig1]), [400]);
  });

  test("10 MB of text as the request, JSON that is not, a first signer who is not the customer, a file that is not a PDF: 4xx, nothing stored", async () => {
    const customer = await createCustomer(srv, owner.token, { name: "Grace Hopper" });
    const ask = (request: unknown, file = pdf()) => () => requestSignature(srv, owner.token, customer.id, { pdf: file, request: request as string });
    await refusedUnchanged(ask(JSON.stringify({ ...twoSigners(customer.email), message: "A".repeat(10 * 1024 * 1024) })), [400, 413]);
    await refusedUnchanged(ask("{not json"), [400]);
    await refusedUnchanged(ask(JSON.stringify(twoSigners("someone.else@example.com"))), [400]);
    await refusedUnchanged(ask(JSON.stringify(twoSigners(customer.email)), realPng(100, 100)), [415]);
  });
});

describe("signature templates: the workspace's own", () => {
  const templateBody = (name = "Engagement letter") => {
    const form = new FormData();
    form.append("name", name);
    form.append("fields", JSON.stringify([field({ type: "signature" }), field({ type: "signature", signer: 1, y: 0.5 })]));
    form.append("file", new Blob([pdf()], { type: "application/pdf" }), "letter.pdf");
    return form;
  };
  const newTemplate = async () => {
    const res = await srv.call("/api/signature-templates", { method: "POST", token: owner.token, body: templateBody() });
    expect(res.status).toBe(201);
    return res.body as { id: string; pdfUrl: string };
  };

  test("another workspace's member: 404 on every template route, its id refused as a request's template; the list shows none of it", async () => {
    const template = await newTemplate();
    const token = outsider.token;
    await refusedUnchanged(() => srv.call(`/api/signature-templates/${template.id}`, { token }), [404]);
    await refusedUnchanged(() => srv.call(`/api/signature-templates/${template.id}/pdf`, { token }), [404]);
    await refusedUnchanged(() => srv.call(`/api/signature-templates/${template.id}`, { method: "PATCH", token, body: { name: "Hijacked" } }), [404]);
    await refusedUnchanged(() => srv.call(`/api/signature-templates/${template.id}`, { method: "DELETE", token }), [404]);
    const list = await srv.call("/api/signature-templates", { token });
    expect(list.body.map((t: { id: string }) => t.id)).not.toContain(template.id);
    const theirs = await createCustomer(srv, outsider.token, { name: "Oscar Outside" });
    const body = new FormData();
    body.append("request", JSON.stringify({ ...twoSigners(theirs.email), fields: undefined, templateId: template.id }));
    const used = await refusedUnchanged(() => srv.call(`/api/customers/${theirs.id}/signature-requests`, { method: "POST", token, body }), [404]);
    expect(used.body.message).toBe("Signature template not found. Pick one of this workspace's templates.");
  });

  test("a colleague in the workspace uses it (templates are the workspace's, not a member's)", async () => {
    const template = await newTemplate();
    expect((await srv.call(`/api/signature-templates/${template.id}`, { token: colleague.token })).status).toBe(200);
  });

  test("API keys: a read key reads, but may not create, change or delete; a write key may", async () => {
    const template = await newTemplate();
    const keyWith = async (scopes: string[]) => (await srv.call("/api/api-keys", { method: "POST", token: owner.token, body: { name: `CRM ${scopes.join(" ")} ${crypto.randomUUID().slice(0, 6)}`, scopes } })).body.key as string;
    const read = await keyWith(["read"]);
    expect((await srv.call("/api/signature-templates", { token: read })).status).toBe(200);
    expect((await fetch(srv.url + template.pdfUrl, { headers: { authorization: `Bearer ${read}` } })).status).toBe(200);
    await refusedUnchanged(() => srv.call("/api/signature-templates", { method: "POST", token: read, body: templateBody() }), [403]);
    await refusedUnchanged(() => srv.call(`/api/signature-templates/${template.id}`, { method: "PATCH", token: read, body: { name: "Renamed" } }), [403]);
    await refusedUnchanged(() => srv.call(`/api/signature-templates/${template.id}`, { method: "DELETE", token: read }), [403]);
    const write = await keyWith(["read", "write"]);
    expect((await srv.call(`/api/signature-templates/${template.id}`, { method: "PATCH", token: write, body: { name: "Renamed" } })).status).toBe(200);
  });
});
