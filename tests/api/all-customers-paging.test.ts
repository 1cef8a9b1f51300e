// GET /api/all-customers?page&pageSize&q&status&sort: All Customers paged, searched, filtered and
// sorted by the server; without any of them, the spec's whole list.
import { beforeAll, describe, expect, test } from "bun:test";
import { createCustomer } from "../support/fixtures.ts";
import { sql } from "drizzle-orm";
import { useServerWithBroker } from "../support/server.ts";
import { exec } from "../support/sql.ts";

const { srv, broker } = useServerWithBroker();
const get = (query: string, token = broker.token) => srv.call<any>(`/api/all-customers${query}`, { token });

// 30 customers with names out of invitation order; c07 and c21 accepted; one name with "%" and "_".
const names = Array.from({ length: 30 }, (_, i) => `Customer ${String((i * 7) % 30).padStart(2, "0")}`);
beforeAll(async () => {
  for (const [i, name] of names.entries()) {
    await createCustomer(srv, broker.token, { name, email: `person${i}@example.com` });
    srv.clock.advance(60_000); // distinct invitation times, in creation order
  }
  await createCustomer(srv, broker.token, { name: "Odd 100%_name", email: "odd@example.com", requiredDocuments: [] });
  await exec(srv.server.ctx.db, sql`update customers set invitation_status = 'accepted' where name in ('Customer 07', 'Customer 21')`);
});

describe("without paging", () => {
  test("the whole list, as before", async () => {
    const res = await get("");
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body).toHaveLength(31);
  });
});

describe("a page", () => {
  test("defaults: newest invited first, 25 a page, with the total", async () => {
    const res = await get("?page=1");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 31, page: 1, pageSize: 25 });
    expect(res.body.customers).toHaveLength(25);
    expect(res.body.customers[0].name).toBe("Odd 100%_name");
    expect(res.body.customers[1].name).toBe(names.at(-1));
    // Each row is a whole customer, counts included.
    expect(res.body.customers[1].documentCounts).toEqual({ total: 2, approved: 0, underReview: 0, awaitingUpload: 2, overdue: 0 });
    const second = await get("?page=2");
    expect(second.body.customers).toHaveLength(6);
    const all = [...res.body.customers, ...second.body.customers].map((c: any) => c.id);
    expect(new Set(all).size).toBe(31);
  });

  test("sorts by name both ways, and by invitation time oldest first", async () => {
    const az = await get("?pageSize=5&sort=name");
    expect(az.body.customers.map((c: any) => c.name)).toEqual(["Customer 00", "Customer 01", "Customer 02", "Customer 03", "Customer 04"]);
    const za = await get("?pageSize=2&sort=-name");
    expect(za.body.customers.map((c: any) => c.name)).toEqual(["Odd 100%_name", "Customer 29"]);
    const oldest = await get("?pageSize=3&sort=invitedAt");
    expect(oldest.body.customers.map((c: any) => c.name)).toEqual(names.slice(0, 3));
    const last = await get("?page=4&pageSize=10&sort=name");
    expect(last.body.customers.map((c: any) => c.name)).toEqual(["Odd 100%_name"]);
    expect(last.body.total).toBe(31);
  });

  test("searches name or email without regard to case; wildcards are plain characters", async () => {
    const byName = await get("?q=customer%202");
    expect(byName.body.total).toBe(10);
    expect(byName.body.customers.every((c: any) => c.name.startsWith("Customer 2"))).toBe(true);
    const byEmail = await get(`?q=${encodeURIComponent("PERSON1@")}`);
    expect(byEmail.body.customers.map((c: any) => c.email)).toEqual(["person1@example.com"]);
    const percent = await get(`?q=${encodeURIComponent("%_")}`);
    expect(percent.body.customers.map((c: any) => c.name)).toEqual(["Odd 100%_name"]);
    const none = await get("?q=nobody");
    expect(none.body).toMatchObject({ total: 0, customers: [] });
  });

  test("email finds the customer with exactly that address, in any case; part of an address is not enough", async () => {
    // q matches "1@example.com" inside three addresses; email asks for the address itself.
    expect((await get(`?q=${encodeURIComponent("1@example.com")}`)).body.total).toBe(3);
    expect((await get(`?email=${encodeURIComponent("1@example.com")}`)).body).toMatchObject({ total: 0, customers: [] });
    const exact = await get(`?page=1&pageSize=1&email=${encodeURIComponent(" PERSON11@Example.com ")}`);
    expect(exact.body.total).toBe(1);
    expect(exact.body.customers.map((c: any) => c.email)).toEqual(["person11@example.com"]);
  });

  test("filters by invitation status", async () => {
    const accepted = await get("?status=accepted&sort=name");
    expect(accepted.body.customers.map((c: any) => c.name)).toEqual(["Customer 07", "Customer 21"]);
    expect((await get("?status=pending")).body.total).toBe(29);
    expect((await get("?status=all")).body.total).toBe(31);
  });

  test("a page past the end is empty, with the total", async () => {
    const res = await get("?page=99");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ customers: [], total: 31, page: 99 });
  });

  test("a page read again after a write shows the write (pages are cached until the database changes)", async () => {
    const first = await get("?page=1&pageSize=5&sort=-name");
    expect(first.body.customers[0].name).toBe("Odd 100%_name");
    await createCustomer(srv, broker.token, { name: "Zed Last", email: "zed@example.com" });
    const again = await get("?page=1&pageSize=5&sort=-name");
    expect(again.body.customers[0].name).toBe("Zed Last");
    expect(again.body.total).toBe(first.body.total + 1);
    const res = await srv.call(`/api/customers/${again.body.customers[0].id}`, { method: "DELETE", token: broker.token });
    expect(res.status).toBe(200);
    expect((await get("?page=1&pageSize=5&sort=-name")).body.customers[0].name).toBe("Odd 100%_name");
  });

  test("another broker's customers are never counted or shown", async () => {
    const other = await srv.signUpBroker();
    await createCustomer(srv, other.token, { name: "Customer 99", email: "other@example.com" });
    expect((await get("?q=customer%2099")).body.total).toBe(0);
    const theirs = await get("?page=1", other.token);
    expect(theirs.body.customers.map((c: any) => c.name)).toEqual(["Customer 99"]);
    // A broker who knows another broker's customer's address learns nothing by asking for it.
    expect((await get(`?email=${encodeURIComponent("other@example.com")}`)).body).toMatchObject({ total: 0, customers: [] });
    expect((await get(`?email=${encodeURIComponent("person3@example.com")}`, other.token)).body).toMatchObject({ total: 0, customers: [] });
  });
});

describe("bad paging is refused with a message", () => {
  for (const [query, message] of [
    ["?page=0", "page must be a whole number of at least 1"],
    ["?page=-3", "page must be a whole number of at least 1"],
    ["?page=1.5", "page must be a whole number of at least 1"],
    ["?page=abc", "page must be a whole number of at least 1"],
    ["?pageSize=0", "pageSize must be a whole number from 1 to 100"],
    ["?pageSize=101", "pageSize must be a whole number from 1 to 100"],
    ["?pageSize=1e9", "pageSize must be a whole number from 1 to 100"],
    ["?sort=password", "sort must be one of name, -name, invitedAt, -invitedAt, urgency"],
    ["?status=deleted", 'status must be "all", "pending" or "accepted"'],
    [`?q=${"x".repeat(201)}`, "q must be text of at most 200 characters"],
    [`?email=${"x".repeat(255)}`, "email must be text of at most 254 characters"],
  ] as const) {
    test(`${query.slice(0, 30)} → 400`, async () => {
      const res = await get(query);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message });
    });
  }

  test("without a session: 401", async () => {
    const res = await srv.call("/api/all-customers?page=1");
    expect(res.status).toBe(401);
  });
});
