// The customer-takeover attack, step by step: a second broker (or anyone who signs up as one)
// who knows a customer's email must get nothing of the first broker's relationship with them.
import { beforeAll, describe, expect, test } from "bun:test";
import { attachFile, countRows, createCustomer, customerCookie, emailedCode, latestEmailTo, sampleFiles, uploadFile } from "../support/fixtures.ts";
import { connectLive } from "../support/live.ts";
import { useServerWithBroker, type Broker } from "../support/server.ts";
import type { CustomerDetailDto } from "../../src/shared/api-types.ts";
import { rows, statement } from "../support/sql.ts";

const { srv, broker: first } = useServerWithBroker({}, { firstName: "Fiona", lastName: "First" });
const email = "victim@example.com";
let attacker: Broker;
let victim: CustomerDetailDto; // the first broker's customer
let planted: CustomerDetailDto; // the attacker's record made with the victim's email

/** Everything that must not change, as rows. */
const state = async () => {
  const q = (sql: string) => rows(srv.server.ctx.db, statement(sql));
  return JSON.stringify(await Promise.all([q("select * from customers order by id"), q("select * from documents order by id"), q("select * from customer_accounts order by id")]));
};

beforeAll(async () => {
  victim = await createCustomer(srv, first.token, {
    name: "Victoria Secretname",
    email,
    loanType: "jumbo",
    requiredDocuments: [{ name: "Paystub" }, { name: "custom:Divorce decree:Court order" }],
  });
  await attachFile(srv, victim.documents[0]!.id, { bytes: sampleFiles.pdf(), name: "victoria-paystub.pdf" });
  attacker = await srv.signUpBroker({ firstName: "Mallory", lastName: "Second" });
  planted = await createCustomer(srv, attacker.token, { email, requiredDocuments: [] });
});

/** Strings of the first broker's relationship that must never reach the attacker. */
const secrets = () => [victim.id, victim.uploadLink, "Victoria Secretname", "Secretname", "jumbo", "Divorce decree", "Paystub", "victoria-paystub", first.user.id, "Fiona"];
const leaks = (body: unknown) => secrets().filter((s) => JSON.stringify(body).includes(s));

describe("a second broker who knows the customer's email", () => {
  test("gets a separate customer with their own link; nothing of the first broker's comes back", () => {
    expect(planted.id).not.toBe(victim.id);
    expect(planted.uploadLink).not.toBe(victim.uploadLink);
    expect(leaks(planted)).toEqual([]);
  });

  test("their link opens only their own (empty) requests, as a guest", async () => {
    const res = await srv.call(`/api/upload/${planted.uploadLink}`);
    expect(res.status).toBe(200);
    expect(res.body.documents).toEqual([]);
    expect(res.body.brokers.map((b: { id: string; name: string }) => ({ id: b.id, name: b.name }))).toEqual([{ id: attacker.user.id, name: "Mallory Second" }]);
    expect(res.body.brokers[0].email).toBe(attacker.user.email); // the attacker's own contact, nothing of the victim's
    expect(leaks(res.body)).toEqual([]);
  });

  test("cannot upload into the first broker's documents through their link", async () => {
    const before = await state();
    for (const doc of victim.documents) {
      const res = await uploadFile(srv, planted.uploadLink, doc.id, { bytes: sampleFiles.pdf(), name: "forged.pdf" });
      expect(res).toMatchObject({ status: 404, body: { message: "Document not found" } });
    }
    expect(await state()).toBe(before);
  });

  test("cannot set the customer's password: the code goes to the customer's mailbox, and guesses die after five", async () => {
    const before = await state();
    const asked = await srv.call("/api/customer/signup", { method: "POST", body: { email, password: "mallory's password", uploadLink: planted.uploadLink } });
    expect(asked.status).toBe(202);
    expect(asked.headers.get("set-cookie")).toBeNull();
    expect(JSON.stringify(asked.body)).not.toMatch(/\d{6}/);
    // The attacker guesses; the emailed code (which only the customer reads) is never among them.
    const code = await emailedCode(srv, email);
    const guesses = ["000000", "123456", "111111", "999999", "654321", "000001"].filter((g) => g !== code);
    for (const guess of guesses) {
      const res = await srv.call("/api/customer/signup", { method: "POST", body: { email, password: "mallory's password", uploadLink: planted.uploadLink, code: guess } });
      expect(res.status).toBe(400);
      expect(res.headers.get("set-cookie")).toBeNull();
    }
    expect(await state()).toBe(before);
    expect(await countRows(srv, "customer_accounts")).toBe(0);
  });

  test("learns nothing from check-email once the customer made an account through the first broker's link", async () => {
    await customerCookie(srv, victim.uploadLink, email, "the customer's own password");
    expect((await srv.call("/api/customer/check-email", { method: "POST", body: { email, uploadLink: victim.uploadLink } })).body).toEqual({ exists: true, hasPassword: true });
    expect((await srv.call("/api/customer/check-email", { method: "POST", body: { email, uploadLink: planted.uploadLink } })).body).toEqual({ exists: true, hasPassword: false });
  });

  test("cannot sign in, read the customer's notifications or download the first broker's files", async () => {
    const signIn = await srv.call("/api/customer/signin", { method: "POST", body: { email, password: "mallory's password", uploadLink: planted.uploadLink } });
    expect(signIn.status).toBe(401);
    expect((await srv.call(`/api/upload/${planted.uploadLink}/notifications`)).status).toBe(401);
    const doc = victim.documents[0]!;
    for (const path of [`/api/documents/${doc.id}/download`, `/api/documents/${doc.id}/view`]) {
      expect((await srv.call(path)).status).toBe(401);
      expect((await srv.call(path, { token: attacker.token })).status).toBe(404);
    }
    const proxied = await srv.call(`/api/download-proxy?url=${encodeURIComponent(`/api/documents/${doc.id}/download`)}`, { token: attacker.token });
    expect(proxied.status).toBe(404);
  });

  test("their guest socket on their link hears nothing of the first broker's changes", async () => {
    const live = await connectLive(srv);
    live.send({ type: "customer_auth", uploadLink: planted.uploadLink });
    await live.next((m) => m.type === "auth_success");
    await srv.call(`/api/customers/${victim.id}/request-documents`, { method: "POST", token: first.token, body: { documentTypes: ["Tax Returns"] } });
    expect(await live.receivedWithin((m) => m.type === "data_update", 300)).toBe(false);
    live.close();
  });

  test("the first broker's emails to the customer carry only the first broker's link", async () => {
    const mail = (await latestEmailTo(srv, email))!;
    expect(mail.text).toContain(victim.uploadLink);
    expect(mail.text).not.toContain(planted.uploadLink);
  });
});

describe("the real customer, who proved the address", () => {
  test("signs in on either link and sees both brokers' requests; each broker still sees only their own", async () => {
    const cookie = await srv
      .call("/api/customer/signin", { method: "POST", body: { email, password: "the customer's own password", uploadLink: planted.uploadLink } })
      .then((res) => {
        expect(res.status).toBe(200);
        return res.headers.get("set-cookie")!.split(";")[0]!;
      });
    const view = await srv.call(`/api/upload/${planted.uploadLink}`, { headers: { cookie } });
    expect(view.body.brokers.map((b: any) => b.name)).toEqual(["Fiona First", "Mallory Second"]);
    expect(view.body.documents.map((d: any) => d.name)).toContain("Paystub");
    const download = await srv.call(`/api/documents/${victim.documents[0]!.id}/download`, { headers: { cookie } });
    expect(download.status).toBe(200);

    // Signing in through the second broker's link tells that broker only about their own record.
    const seen = await srv.call(`/api/customer/${planted.id}`, { token: attacker.token });
    expect(seen.body.invitationStatus).toBe("accepted");
    expect(leaks(seen.body)).toEqual([]);
    expect(leaks((await srv.call("/api/customers", { token: attacker.token })).body)).toEqual([]);
    expect(leaks((await srv.call("/api/notifications", { token: attacker.token })).body)).toEqual([]);
  });

  test("a record re-addressed to the customer's email is theirs to see, and still a guest view for its broker", async () => {
    const third = await srv.signUpBroker();
    const other = await createCustomer(srv, third.token, { email: "someone@example.com", requiredDocuments: [{ name: "Photo ID" }] });
    const cookie = await customerCookie(srv, victim.uploadLink, email, "the customer's own password");
    // The broker holds only the link, and the link alone is a guest.
    const moved = await srv.call(`/api/customers/${other.id}`, { method: "PUT", token: third.token, body: { name: "X", email, loanType: "va" } });
    expect(moved.status).toBe(200);
    const guest = await srv.call(`/api/upload/${other.uploadLink}`);
    expect(guest.body.authenticated).toBe(false);
    expect(leaks(guest.body)).toEqual([]);
    // The real customer, signed in, does see it: it is addressed to them.
    const mine = await srv.call(`/api/upload/${other.uploadLink}`, { headers: { cookie } });
    expect(mine.body.authenticated).toBe(true);
  });
});

describe("a broker who keeps asking for codes to guess them", () => {
  const signUp = (email: string, uploadLink: string, code?: string) =>
    srv.call("/api/customer/signup", { method: "POST", body: { email, password: "mallory's password", uploadLink, ...(code ? { code } : {}) } });
  const wrongFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");
  /** A fresh record for the address: what a broker makes by deleting and re-creating the customer. */
  async function remake(email: string, previous?: CustomerDetailDto) {
    if (previous) await srv.call(`/api/customers/${previous.id}`, { method: "DELETE", token: attacker.token });
    return createCustomer(srv, attacker.token, { email, requiredDocuments: [] });
  }

  test("three codes an hour per email, whichever link asks and however often the customer is re-made", async () => {
    const target = "often@example.com";
    let made: CustomerDetailDto | undefined;
    for (let i = 0; i < 3; i++) {
      made = await remake(target, made);
      expect((await signUp(target, made.uploadLink)).status).toBe(202);
    }
    made = await remake(target, made);
    const refused = await signUp(target, made.uploadLink);
    expect(refused).toMatchObject({ status: 429, body: { message: "We already sent several codes. Check your email, or try again later." } });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    srv.clock.advance(60 * 60 * 1000 + 1000);
    expect((await signUp(target, made.uploadLink)).status).toBe(202);
  });

  test("ten tries a day per email across all its codes; the next day the real customer can", async () => {
    const target = "guessed@example.com";
    let made: CustomerDetailDto | undefined;
    for (let i = 0; i < 2; i++) {
      made = await remake(target, made);
      expect((await signUp(target, made.uploadLink)).status).toBe(202);
      for (let g = 0; g < 5; g++) expect((await signUp(target, made.uploadLink, wrongFor(await emailedCode(srv, target)))).status).toBe(400);
    }
    made = await remake(target, made);
    const spent = "Too many codes were tried for this email today. Try again tomorrow, or ask your broker for help.";
    expect(await signUp(target, made!.uploadLink)).toMatchObject({ status: 429, body: { message: spent } });
    srv.clock.advance(60 * 60 * 1000 + 1000);
    expect(await signUp(target, made!.uploadLink)).toMatchObject({ status: 429, body: { message: spent } });
    expect(await countRows(srv, `customer_accounts where email = '${target}'`)).toBe(0);

    srv.clock.advance(24 * 60 * 60 * 1000);
    expect((await signUp(target, made!.uploadLink)).status).toBe(202);
    expect((await signUp(target, made!.uploadLink, await emailedCode(srv, target))).status).toBe(201);
  });
});
