// The one doubling rule behind job retries, webhook redeliveries and the event channel's reconnects.
import { expect, test } from "bun:test";
import { backoffMs } from "../../src/shared/backoff.ts";

test("waits double from the first, stop at the longest, and never overflow", () => {
  const rule = { firstMs: 30_000, maxMs: 60 * 60 * 1000 };
  const waits = [1, 2, 3, 4, 5, 6, 7, 8].map((failures) => backoffMs(failures, rule));
  expect(waits).toEqual([30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000, 3_600_000]);
  expect(backoffMs(10_000, rule)).toBe(3_600_000);
  expect(backoffMs(0, rule)).toBe(30_000); // "no failure yet" is treated as the first
});

test("jitter spreads each wait by its fraction either way, and only when asked", () => {
  const rule = { firstMs: 1_000, maxMs: 10_000, jitter: 0.2 };
  expect(backoffMs(2, rule, 0)).toBe(1_600);
  expect(backoffMs(2, rule, 0.5)).toBe(2_000);
  expect(backoffMs(2, rule, 0.999999)).toBe(2_400);
  expect(backoffMs(2, { firstMs: 1_000, maxMs: 10_000 }, 0)).toBe(2_000);
});
