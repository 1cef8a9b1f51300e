// Due dates are written with Intl instead of date-fns' format and formatDistanceStrict (6 KB off the
// portal's first load): the English must stay what date-fns wrote, and other languages get theirs.
import { expect, test } from "bun:test";
import { format, formatDistanceStrict } from "date-fns";
import { dueDateInfo, formatDistance, formatDueDate } from "../../src/shared/due-date";
import { formatDay } from "../../src/shared/format";

const now = new Date("2026-03-10T12:00:00Z");
const offsets = [5_000, 59_000, 61_000, 30 * 60_000, 59.4 * 60_000, 61 * 60_000, 5.5 * 3_600_000, 23.4 * 3_600_000, 25 * 3_600_000, 3 * 86_400_000, 29 * 86_400_000, 31 * 86_400_000, 200 * 86_400_000, 364 * 86_400_000, 400 * 86_400_000, 1000 * 86_400_000];

test("distances read as date-fns' formatDistanceStrict wrote them, either side of now", () => {
  for (const ms of offsets) {
    for (const sign of [1, -1]) {
      const due = new Date(now.getTime() + sign * ms);
      expect({ ms: sign * ms, text: formatDistance(due, now) }).toEqual({ ms: sign * ms, text: formatDistanceStrict(due, now) });
    }
  }
});

test("due times and days read as date-fns' patterns wrote them", () => {
  for (const ms of offsets) {
    const date = new Date(now.getTime() + ms);
    expect(formatDueDate(date)).toBe(format(date, "MMM d, yyyy 'at' h:mm a"));
    expect(formatDay(date.toISOString())).toBe(format(date, "MMM d, yyyy"));
  }
});

test("in Spanish: the distance in Spanish words", () => {
  expect(formatDistance(new Date(now.getTime() + 3 * 86_400_000), now, "es")).toBe("3 días");
  expect(formatDistance(new Date(now.getTime() + 3_600_000), now, "es")).toBe("1 hora");
  const info = dueDateInfo(new Date(now.getTime() - 2 * 86_400_000), now, {
    language: "es",
    formatDate: (date) => date.toISOString(),
    lessThanAMinute: "menos de un minuto",
    overdueBy: (d) => `Con ${d} de atraso`,
    dueIn: (d) => `Vence en ${d}`,
  });
  expect(info.timeRemaining).toBe("Con 2 días de atraso");
});
