// A broker's reminder settings (blackout days, how early expiring documents are asked for again)
// and the customers whose automatic reminders they paused.
import type { Reader } from "../../../db/client.ts";
import { and, eq, inArray } from "drizzle-orm";
import { reminderPauses, reminderSettings } from "../../../db/tables.ts";
import type { AppContext } from "../../context.ts";
import { badRequest } from "../../lib/errors.ts";
import { cadenceMessages, DEFAULT_EXPIRY_LEAD_DAYS, EXPIRY_LEAD_LIMITS, isIsoDay } from "../../shared/reminder-cadence.ts";
import { profileRows } from "../broker-profile/contact.ts";
import { findOwnedCustomer } from "../customers/service.ts";
import { aboutCustomer } from "../customers/lookups.ts";
import { write } from "../../lib/unit-of-work.ts";
import type { Scope } from "../../shared/workspaces.ts";

/** The workspace's reminder settings. */
export interface WorkspaceReminderSettings {
  blackoutDays: string[];
  expiryLeadDays: number;
}

/** As one member works with them: calendar days in their own zone (null: UTC), on their profile. */
export interface BrokerReminderSettings extends WorkspaceReminderSettings {
  timeZone: string | null;
}

/** At most this many blackout days are kept (a few years of holidays). */
export const MAX_BLACKOUT_DAYS = 200;

export async function reminderSettingsOf(db: Reader, workspaceIds: string[]): Promise<Map<string, WorkspaceReminderSettings>> {
  const ids = [...new Set(workspaceIds)];
  if (ids.length === 0) return new Map();
  const rows = new Map((await db.select().from(reminderSettings).where(inArray(reminderSettings.workspaceId, ids))).map((r) => [r.workspaceId, r]));
  return new Map(
    ids.map((id) => [
      id,
      {
        blackoutDays: rows.get(id)?.blackoutDays ?? [],
        expiryLeadDays: rows.get(id)?.expiryLeadDays ?? DEFAULT_EXPIRY_LEAD_DAYS,
      },
    ]),
  );
}

/**
 * Each member's time zone (null: UTC). A customer's reminders and renewal requests keep the
 * calendar of the member the customer is assigned to, not the workspace founder's.
 */
export async function timeZonesOf(db: Reader, memberIds: string[]): Promise<Map<string, string | null>> {
  const profiles = await profileRows(db, memberIds);
  return new Map([...new Set(memberIds)].map((id) => [id, profiles.get(id)?.timeZone ?? null]));
}

/** The workspace's settings with this member's own zone: what their settings card shows. */
export async function memberReminderSettings(db: Reader, member: Scope): Promise<BrokerReminderSettings> {
  const settings = (await reminderSettingsOf(db, [member.workspaceId])).get(member.workspaceId)!;
  return { ...settings, timeZone: (await timeZonesOf(db, [member.memberId])).get(member.memberId)! };
}

export async function saveReminderSettings(ctx: AppContext, member: Scope, input: { blackoutDays: string[]; expiryLeadDays: number }): Promise<BrokerReminderSettings> {
  const brokerId = member.workspaceId;
  const current = await memberReminderSettings(ctx.db, member);
  const blackoutDays = [...new Set(input.blackoutDays.map((d) => d.trim()))].sort();
  if (blackoutDays.some((d) => !isIsoDay(d))) throw badRequest(cadenceMessages.blackoutDay);
  if (blackoutDays.length > MAX_BLACKOUT_DAYS) throw badRequest(`At most ${MAX_BLACKOUT_DAYS} blackout days`);
  const expiryLeadDays = input.expiryLeadDays;
  if (!Number.isInteger(expiryLeadDays) || expiryLeadDays < EXPIRY_LEAD_LIMITS.min || expiryLeadDays > EXPIRY_LEAD_LIMITS.max) {
    throw badRequest(cadenceMessages.expiryLead);
  }
  const values = { blackoutDays, expiryLeadDays, updatedAt: ctx.clock.now() };
  await write(ctx, (tx) => tx.insert(reminderSettings).values({ workspaceId: brokerId, ...values }).onConflictDoUpdate({ target: reminderSettings.workspaceId, set: values }));
  return { ...current, blackoutDays, expiryLeadDays };
}

export async function pausedCustomers(db: Reader, customerIds: string[]): Promise<Set<string>> {
  if (customerIds.length === 0) return new Set();
  return new Set((await db.select({ id: reminderPauses.customerId }).from(reminderPauses).where(inArray(reminderPauses.customerId, customerIds))).map((r) => r.id));
}

/** Pauses or resumes a customer's automatic reminders (cadence and scheduled); another broker's customer is a 404. */
export async function setRemindersPaused(ctx: AppContext, { member, customerId, paused }: { member: Scope; customerId: string; paused: boolean }): Promise<boolean> {
  const customer = await findOwnedCustomer(ctx, member, customerId);
  const brokerId = member.workspaceId;
  if (paused) {
    await write(ctx, (tx) => tx.insert(reminderPauses).values({ customerId, workspaceId: brokerId, pausedAt: ctx.clock.now() }).onConflictDoNothing());
  } else {
    await write(ctx, (tx) => tx.delete(reminderPauses).where(and(eq(reminderPauses.customerId, customerId), eq(reminderPauses.workspaceId, brokerId))));
  }
  ctx.events.publish({ type: "customer_updated", ...aboutCustomer(customer) });
  return paused;
}
