// db/dialect.ts's isUniqueViolation recognises a duplicate key in the words of the database the
// suite runs on (SQLite's "UNIQUE constraint failed", PostgreSQL's SQLSTATE 23505), and nothing else.
import { expect, test } from "bun:test";
import { isUniqueViolation } from "../../db/dialect.ts";
import { users } from "../../db/tables.ts";
import { write } from "../../src/lib/unit-of-work.ts";
import { useTestServer } from "../support/server.ts";

const srv = useTestServer();

const failureOf = async (work: () => Promise<unknown>): Promise<unknown> => {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error("the write did not fail");
};

test("a second row with a taken unique email is a unique violation; a missing required value is not", async () => {
  const { ctx } = srv.server;
  await write(ctx, (tx) => tx.insert(users).values({ id: "u-1", email: "taken@example.com" }));
  const duplicate = await failureOf(() => write(ctx, (tx) => tx.insert(users).values({ id: "u-2", email: "taken@example.com" })));
  expect(isUniqueViolation(duplicate)).toBe(true);
  const missing = await failureOf(() => write(ctx, (tx) => tx.insert(users).values({ id: "u-3", email: null as unknown as string })));
  expect(isUniqueViolation(missing)).toBe(false);
});
