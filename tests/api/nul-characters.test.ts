// A NUL character (U+0000) in any text is a 400 with the portal's words, before anything reads it:
// PostgreSQL's text cannot hold one (each of these was a 500 on PostgreSQL), and on SQLite it would
// be stored and shown. Runs on both databases.
import { describe, expect, test } from "bun:test";
import { NUL_MESSAGE } from "../../src/lib/no-nul.ts";
import { countRows, createCustomer } from "../support/fixtures.ts";
import { useServerWithBroker } from "../support/server.ts";

const { srv, broker } = useServerWithBroker();
const NUL = "Ann\u0000Lee";

describe("NUL characters", () => {
  test("in a JSON body, at any depth, nothing is created", async () => {
    const before = await countRows(srv, "customers");
    const top = await srv.call("/api/customers", { method: "POST", token: broker.token, body: { email: "nul1@example.com", name: NUL } });
    const nested = await srv.call("/api/customers", { method: "POST", token: broker.token, body: { email: "nul2@example.com", name: "Ann", requiredDocuments: [{ name: NUL }] } });
    const signIn = await srv.call("/api/auth/signin", { method: "POST", body: { email: "a\u0000@example.com", password: "long enough pw" } });
    for (const res of [top, nested, signIn]) expect(res).toMatchObject({ status: 400, body: { message: NUL_MESSAGE } });
    expect(await countRows(srv, "customers")).toBe(before);
  });

  test("in the query string or the path, percent-encoded", async () => {
    const c = await createCustomer(srv, broker.token);
    const search = await srv.call("/api/all-customers?q=Ann%00", { token: broker.token });
    const byId = await srv.call(`/api/customer/${c.id}%00`, { token: broker.token });
    const link = await srv.call(`/api/upload/${c.uploadLink}%00`);
    for (const res of [search, byId, link]) expect(res).toMatchObject({ status: 400, body: { message: NUL_MESSAGE } });
  });

  test("text without one is untouched, other control-free Unicode included", async () => {
    const res = await srv.call("/api/customers", { method: "POST", token: broker.token, body: { email: "uni@example.com", name: "Überweisung 申請書 📄" } });
    expect(res.status).toBe(201);
    expect(res.body.name).toBe("Überweisung 申請書 📄");
  });
});
