// The SQL statements the app runs through Drizzle while `work` runs, on either database: Drizzle
// tells every query it runs, prepared ones too, to its session's logger, and the app sets none,
// so each session has a NoopLogger; the test listens on its prototype for the time of `work`.
// Counts how many times a read is asked (one per batch, not one per row), never how long it takes.
// Statements sent past Drizzle (the change counters' raw queries) are not seen.
import { NoopLogger } from "drizzle-orm";

export async function statementsDuring(work: () => Promise<unknown>): Promise<string[]> {
  return (await queriesDuring(work)).map((q) => q.query);
}

/** The same with each statement's parameters as sent (to ask the database for its plan). */
export async function queriesDuring(work: () => Promise<unknown>): Promise<{ query: string; params: unknown[] }[]> {
  const seen: { query: string; params: unknown[] }[] = [];
  const logger = NoopLogger.prototype as { logQuery(query: string, params: unknown[]): void };
  const original = logger.logQuery;
  logger.logQuery = (query: string, params: unknown[]) => void seen.push({ query, params });
  try {
    await work();
  } finally {
    logger.logQuery = original;
  }
  return seen;
}

/** The statements that read `table` (a select whose FROM or JOIN names it). */
export const readsOf = (table: string, statements: string[]) =>
  statements.filter((text) => /^\s*select\b/i.test(text) && new RegExp(`\\b(from|join) "${table}"`, "i").test(text));
