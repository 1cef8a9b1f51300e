// Brokers as their customers meet them, for other features: the portal's help block and header
// (brokerContacts) and every email a broker's customer receives (emailSender). Also where sign-in
// leaves the broker's time zone (rememberTimeZone).
import { write } from "../../lib/unit-of-work.ts";
import type { Reader } from "../../../db/client.ts";
import { inArray } from "drizzle-orm";
import { preparedForIds } from "../../lib/prepared.ts";
import { brokerLogos, brokerProfiles } from "../../../db/tables.ts";
import type { AppContext } from "../../context.ts";
import type { Writer } from "../../lib/jobs.ts";
import { isKnownTimeZone } from "../../shared/branding.ts";
import { displayName } from "../../shared/user-display.ts";
import { brokerById, brokersById } from "../auth/brokers.ts";
import type { PublicUser } from "../auth/model.ts";
import type { EmailSender } from "../mail/templates.ts";
import type { BrokerContactDto } from "./model.ts";

export type ProfileRow = typeof brokerProfiles.$inferSelect;

export const logoPath = (key: string) => `/api/logos/${key}`;

// Read on every view of the customer portal: prepared once per number of brokers.
const profilesQuery = preparedForIds((db, ids) => db.select().from(brokerProfiles).where(inArray(brokerProfiles.brokerId, ids)).prepare());
const logosQuery = preparedForIds((db, ids) =>
  db.select({ brokerId: brokerLogos.brokerId, key: brokerLogos.key }).from(brokerLogos).where(inArray(brokerLogos.brokerId, ids)).prepare(),
);

export async function profileRows(db: Reader, ids: string[]): Promise<Map<string, ProfileRow>> {
  if (ids.length === 0) return new Map();
  const [statement, params] = profilesQuery(db, ids);
  return new Map((await statement.execute(params)).map((r) => [r.brokerId, r]));
}

export async function logoKeys(db: Reader, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const [statement, params] = logosQuery(db, ids);
  return new Map((await statement.execute(params)).map((r) => [r.brokerId, r.key]));
}

function toContact(broker: PublicUser, profile: ProfileRow | undefined, logoKey: string | undefined): Required<BrokerContactDto> {
  return {
    id: broker.id,
    name: displayName(broker),
    company: profile?.company ?? null,
    phone: profile?.phone ?? null,
    // The sign-in email until the broker gives another: a customer can always write to them.
    email: profile?.contactEmail ?? broker.email,
    logoUrl: logoKey ? logoPath(logoKey) : null,
    accentColor: profile?.accentColor ?? null,
  };
}

/** These brokers as their customers see them, by id (unknown ids are left out). */
export async function brokerContacts(ctx: AppContext, ids: string[]): Promise<Map<string, Required<BrokerContactDto>>> {
  const unique = [...new Set(ids)];
  const brokers = await brokersById(ctx, unique);
  const profiles = await profileRows(ctx.db, unique);
  const logos = await logoKeys(ctx.db, unique);
  return new Map([...brokers.values()].map((b) => [b.id, toContact(b, profiles.get(b.id), logos.get(b.id))]));
}

/** Who an email to this broker's customer comes from; undefined if the broker is gone. */
export async function emailSender(ctx: AppContext, brokerId: string, db: Reader = ctx.db): Promise<EmailSender | undefined> {
  const broker = await brokerById(ctx, brokerId);
  if (!broker) return undefined;
  const profile = (await profileRows(db, [brokerId])).get(brokerId);
  const contact = toContact(broker, profile, (await logoKeys(db, [brokerId])).get(brokerId));
  return {
    name: contact.name,
    company: contact.company,
    phone: contact.phone,
    replyTo: contact.email,
    timeZone: profile?.timeZone ?? null,
    logoUrl: contact.logoUrl && `${ctx.config.publicUrl}${contact.logoUrl}`,
    accentColor: contact.accentColor,
  };
}

/** Writes the broker's profile row, creating it on first use. */
export async function saveProfile(db: Writer, brokerId: string, changes: Partial<Omit<ProfileRow, "brokerId" | "updatedAt">>, now: Date): Promise<void> {
  await db.insert(brokerProfiles)
    .values({ brokerId, ...changes, updatedAt: now })
    .onConflictDoUpdate({ target: brokerProfiles.brokerId, set: { ...changes, updatedAt: now } });
}

/**
 * The time zone the broker's browser reported at sign-in. A zone this runtime does not know is
 * ignored rather than failing the sign-in: emails then keep the last known zone (or UTC).
 */
export async function rememberTimeZone(ctx: AppContext, brokerId: string, zone: string | undefined): Promise<void> {
  if (!zone || !isKnownTimeZone(zone)) return;
  const current = (await profileRows(ctx.db, [brokerId])).get(brokerId);
  if (current?.timeZone === zone) return;
  await write(ctx, (tx) => saveProfile(tx, brokerId, { timeZone: zone }, ctx.clock.now()));
}
