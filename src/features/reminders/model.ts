import { t } from "elysia";

export const RemindersResponse = t.Object({ message: t.String(), sentCount: t.Number() });
export type RemindersResponse = typeof RemindersResponse.static;

const Days = t.Integer({ error: "Days must be a whole number" });
export const CadenceSchema = t.Object({
  almostDueDays: Days,
  everyDays: Days,
  maxCount: t.Integer({ error: "Number of reminders must be a whole number" }),
});

/** A cadence for the customer's open requests, or null for the single reminder only. */
export const CadenceBody = t.Object({ cadence: t.Nullable(CadenceSchema) });

export const CustomerRemindersResponse = t.Object({ paused: t.Boolean(), cadence: t.Nullable(CadenceSchema) });

/** The whole of a broker's reminder settings (both fields: a PUT replaces them). */
export const ReminderSettingsBody = t.Object({
  blackoutDays: t.Array(t.String({ maxLength: 10 }), { maxItems: 500, error: "Blackout days must be a list of dates" }),
  expiryLeadDays: t.Integer({ error: "Days before expiry must be a whole number" }),
});

export const ReminderSettingsResponse = t.Object({
  blackoutDays: t.Array(t.String()),
  expiryLeadDays: t.Number(),
  timeZone: t.Nullable(t.String()),
});
