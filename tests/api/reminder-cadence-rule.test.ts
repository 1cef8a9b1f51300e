// The pure cadence rule (src/shared/reminder-cadence.ts) with fixed dates: weekends, blackout
// days, time zones across DST, the 15 minutes after a request, pauses and stops.
import { describe, expect, test } from "bun:test";
import {
  addIsoDays, cadenceError, expiryReason, isDayOff, isIsoDay, nextCadenceSend, renewalDay, zonedTime, type CadenceState,
} from "../../src/shared/reminder-cadence.ts";
import { localDay } from "../../src/shared/local-day.ts";

const iso = (s: string) => new Date(s);
const base: CadenceState = {
  now: iso("2026-11-02T10:00:00Z"),
  requestedAt: iso("2026-11-02T10:00:00Z"), // Monday
  dueDate: iso("2026-11-13T17:00:00Z"), // Friday
  status: "requested",
  cadence: { almostDueDays: 3, everyDays: 2, maxCount: 3 },
  lastSentAt: null,
  sentCount: 0,
  blackoutDays: [],
  timeZone: null,
  paused: false,
};
const next = (s: Partial<CadenceState>) => nextCadenceSend({ ...base, ...s })?.toISOString() ?? null;

describe("nextCadenceSend", () => {
  test("first N days before the due date at 9:00, then every N days, stopping after M", () => {
    expect(next({})).toBe("2026-11-10T09:00:00.000Z"); // Tuesday
    expect(next({ lastSentAt: iso("2026-11-10T09:00:00Z"), sentCount: 1 })).toBe("2026-11-12T09:00:00.000Z");
    // Saturday the 14th is skipped: Monday, past the due date, still (until done).
    expect(next({ lastSentAt: iso("2026-11-12T09:00:00Z"), sentCount: 2 })).toBe("2026-11-16T09:00:00.000Z");
    expect(next({ lastSentAt: iso("2026-11-16T09:00:00Z"), sentCount: 3 })).toBeNull();
  });

  test("weekends move a reminder to Monday", () => {
    expect(next({ dueDate: iso("2026-11-16T17:00:00Z"), cadence: { almostDueDays: 2, everyDays: 1, maxCount: 2 } })).toBe("2026-11-16T09:00:00.000Z");
    expect(next({ dueDate: iso("2026-11-16T17:00:00Z"), cadence: { almostDueDays: 1, everyDays: 1, maxCount: 2 } })).toBe("2026-11-16T09:00:00.000Z");
    // Every day from Friday: Monday next.
    expect(next({ lastSentAt: iso("2026-11-13T09:00:00Z"), sentCount: 1, cadence: { almostDueDays: 3, everyDays: 1, maxCount: 5 } })).toBe("2026-11-16T09:00:00.000Z");
  });

  test("blackout days are skipped, also when they run into a weekend", () => {
    expect(next({ blackoutDays: ["2026-11-10"] })).toBe("2026-11-11T09:00:00.000Z");
    expect(next({ blackoutDays: ["2026-11-10", "2026-11-11", "2026-11-12", "2026-11-13"] })).toBe("2026-11-16T09:00:00.000Z");
    expect(next({ blackoutDays: ["2026-12-24", "2026-12-25"] })).toBe("2026-11-10T09:00:00.000Z");
  });

  test("9:00 in the broker's zone, across the end of daylight saving time (New York, Nov 1 2026)", () => {
    const ny = { timeZone: "America/New_York", dueDate: iso("2026-11-05T22:00:00Z"), requestedAt: iso("2026-10-20T14:00:00Z") };
    // 5 days before Thursday Nov 5 is Saturday Oct 31: Monday Nov 2, 9:00 EST = 14:00 UTC.
    expect(next({ ...ny, cadence: { almostDueDays: 5, everyDays: 2, maxCount: 3 } })).toBe("2026-11-02T14:00:00.000Z");
    // 7 days before: Thursday Oct 29, 9:00 EDT = 13:00 UTC.
    expect(next({ ...ny, cadence: { almostDueDays: 7, everyDays: 2, maxCount: 3 } })).toBe("2026-10-29T13:00:00.000Z");
    // Sent Oct 29 (EDT), next two days later is Saturday: Monday, 9:00 EST.
    expect(next({ ...ny, lastSentAt: iso("2026-10-29T13:00:00Z"), sentCount: 1 })).toBe("2026-11-02T14:00:00.000Z");
  });

  test("across the start of summer time (Berlin, Mar 28 2027)", () => {
    const berlin = { timeZone: "Europe/Berlin", dueDate: iso("2027-03-31T15:00:00Z"), requestedAt: iso("2027-03-01T08:00:00Z") };
    expect(next({ ...berlin, lastSentAt: iso("2027-03-26T08:00:00Z"), sentCount: 1, cadence: { almostDueDays: 5, everyDays: 3, maxCount: 3 } })).toBe("2027-03-29T07:00:00.000Z");
    expect(next({ ...berlin, cadence: { almostDueDays: 6, everyDays: 3, maxCount: 3 } })).toBe("2027-03-25T08:00:00.000Z");
  });

  test("the broker's calendar day, not UTC's (Auckland is a day ahead)", () => {
    // Due Nov 13 05:00 UTC = Nov 13 18:00 in Auckland; a day before is Thursday Nov 12, 9:00 NZDT.
    expect(next({ timeZone: "Pacific/Auckland", dueDate: iso("2026-11-13T05:00:00Z"), cadence: { almostDueDays: 1, everyDays: 1, maxCount: 1 } })).toBe(
      "2026-11-11T20:00:00.000Z",
    );
  });

  test("never within 15 minutes of the request: the next working morning instead", () => {
    // Planned for Tuesday, asked for on Wednesday after 9:00: Thursday.
    expect(next({ requestedAt: iso("2026-11-11T10:00:00Z") })).toBe("2026-11-12T09:00:00.000Z");
    // Asked for at 8:00 on Friday: 9:00 that morning is more than 15 minutes later.
    expect(next({ requestedAt: iso("2026-11-13T08:00:00Z") })).toBe("2026-11-13T09:00:00.000Z");
    // At 8:50 it is not: Monday.
    expect(next({ requestedAt: iso("2026-11-13T08:50:00Z") })).toBe("2026-11-16T09:00:00.000Z");
    // Asked for on Saturday: Monday.
    expect(next({ requestedAt: iso("2026-11-14T12:00:00Z") })).toBe("2026-11-16T09:00:00.000Z");
  });

  test("waits under review and when paused; stops when done; nothing without a due date", () => {
    expect(next({ status: "uploaded" })).toBeNull();
    expect(next({ status: "approved" })).toBeNull();
    expect(next({ status: "shared" })).toBeNull();
    expect(next({ paused: true })).toBeNull();
    expect(next({ dueDate: null })).toBeNull();
    expect(next({ status: "overdue" })).toBe("2026-11-10T09:00:00.000Z");
    // Sent back for a re-submit: no reminder asks for it (REMINDABLE, the SPEC's set, as Send Reminder).
    expect(next({ status: "need_to_resubmit" })).toBeNull();
  });
});

describe("calendar helpers", () => {
  test("days, zones and checks", () => {
    expect(addIsoDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addIsoDays("2028-03-01", -1)).toBe("2028-02-29");
    expect(localDay(iso("2026-11-13T05:00:00Z"), "Pacific/Auckland")).toBe("2026-11-13");
    expect(localDay(iso("2026-11-13T03:00:00Z"), "America/Los_Angeles")).toBe("2026-11-12");
    expect(zonedTime("2026-07-01", 9, "America/New_York").toISOString()).toBe("2026-07-01T13:00:00.000Z");
    expect(zonedTime("2026-12-01", 9, "America/New_York").toISOString()).toBe("2026-12-01T14:00:00.000Z");
    expect(isDayOff("2026-11-14", [])).toBe(true);
    expect(isDayOff("2026-11-16", [])).toBe(false);
    expect(isDayOff("2026-11-16", ["2026-11-16"])).toBe(true);
    expect(isIsoDay("2027-02-29")).toBe(false);
    expect(isIsoDay("2028-02-29")).toBe(true);
    expect(isIsoDay("2028-2-9")).toBe(false);
    expect(cadenceError({ almostDueDays: 0, everyDays: 1, maxCount: 1 })).not.toBeNull();
    expect(cadenceError({ almostDueDays: 3, everyDays: 2, maxCount: 21 })).not.toBeNull();
    expect(cadenceError({ almostDueDays: 3, everyDays: 2, maxCount: 3 })).toBeNull();
  });

  test("expiry wording and renewal day", () => {
    expect(expiryReason("2027-05-31")).toBe("Expires on May 31, 2027, please send a current one");
    expect(renewalDay("2027-05-31", 30)).toBe("2027-05-01");
  });
});
