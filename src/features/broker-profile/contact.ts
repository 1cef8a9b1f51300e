// Brokers as their customers meet them, for other features: the portal's help block and header
// (brokerContacts) and every email a customer receives (emailSender). A customer meets the
// workspace's branding (logo, accent colour, company) with the contact details of the member
// assigned to them (name, phone, contact email: the Reply-To). Also where sign-in leaves the
// member's time zone (rememberTimeZone).
import { write } from "../../lib/unit-of-work.ts";
import type { Reader } from "../../../db/client.ts";
import { inArray } from "drizzle-orm";
import { preparedForIds } from "../../lib/prepared.ts";
import { brokerProfiles, workspaceBranding, workspaceLogos } from "../../../db/tables.ts";
import type { AppContext } from "../../context.ts";
import type { Writer } from "../../lib/jobs.ts";
import { isKnownTimeZone } from "../../shared/branding.ts";
import { displayName } from "../../shared/user-display.ts";
import { brokersById } from "../auth/brokers.ts";
import type { PublicUser } from "../auth/model.ts";
import type { EmailSender } from "../mail/compose.ts";
import type { BrokerContactDto } from "./model.ts";

export type ProfileRow = typeof brokerProfiles.$inferSelect;
export type BrandingRow = typeof workspaceBranding.$inferSelect;

/** The workspace's branding as customers see it; every field null when nothing was set. */
export interface Branding {
  company: string | null;
  accentColor: string | null;
  /** Same-origin path of the logo. */
  logoUrl: string | null;
}

/** One customer relationship: whose branding (the workspace's) and whose contact (the assignee's). */
export interface Relationship {
  workspaceId: string;
  assigneeId: string;
}

export const logoPath = (key: string) => `/api/logos/${key}`;

// Read on every view of the customer portal: prepared once per number of ids.
const profilesQuery = preparedForIds((db, ids) => db.select().from(brokerProfiles).where(inArray(brokerProfiles.brokerId, ids)).prepare());
const brandingQuery = preparedForIds((db, ids) => db.select().from(workspaceBranding).where(inArray(workspaceBranding.workspaceId, ids)).prepare());
const logosQuery = preparedForIds((db, ids) =>
  db.select({ workspaceId: workspaceLogos.workspaceId, key: workspaceLogos.key }).from(workspaceLogos).where(inArray(workspaceLogos.workspaceId, ids)).prepare(),
);

/** Members' own contact rows (phone, contact email, time zone), by member id. */
export async function profileRows(db: Reader, ids: string[]): Promise<Map<string, ProfileRow>> {
  if (ids.length === 0) return new Map();
  const [statement, params] = profilesQuery(db, [...new Set(ids)]);
  return new Map((await statement.execute(params)).map((r) => [r.brokerId, r]));
}

/** Workspaces' branding, by workspace id (a workspace that set nothing has every field null). */
export async function brandingOf(db: Reader, workspaceIds: string[]): Promise<Map<string, Branding>> {
  const ids = [...new Set(workspaceIds)];
  if (ids.length === 0) return new Map();
  const [brandingStatement, brandingParams] = brandingQuery(db, ids);
  const rows = new Map((await brandingStatement.execute(brandingParams)).map((r) => [r.workspaceId, r]));
  const [logoStatement, logoParams] = logosQuery(db, ids);
  const logos = new Map((await logoStatement.execute(logoParams)).map((r) => [r.workspaceId, r.key]));
  return new Map(
    ids.map((id) => {
      const logo = logos.get(id);
      return [id, { company: rows.get(id)?.company ?? null, accentColor: rows.get(id)?.accentColor ?? null, logoUrl: logo ? logoPath(logo) : null }];
    }),
  );
}

function toContact(workspaceId: string, assignee: PublicUser, profile: ProfileRow | undefined, branding: Branding | undefined): Required<BrokerContactDto> {
  return {
    // The workspace's id: the portal's documents name their broker by it (brokerId).
    id: workspaceId,
    name: displayName(assignee),
    company: branding?.company ?? null,
    phone: profile?.phone ?? null,
    // The sign-in email until the member gives another: a customer can always write to them.
    email: profile?.contactEmail ?? assignee.email,
    logoUrl: branding?.logoUrl ?? null,
    accentColor: branding?.accentColor ?? null,
  };
}

type Contact = Required<BrokerContactDto>;

/** Each relationship's contact and its assignee's time zone, by workspace id (a gone assignee is left out). */
async function contactsOf(ctx: AppContext, relationships: Relationship[], db: Reader): Promise<Map<string, { contact: Contact; timeZone: string | null }>> {
  const assignees = await brokersById(ctx, relationships.map((r) => r.assigneeId));
  const profiles = await profileRows(db, relationships.map((r) => r.assigneeId));
  const branding = await brandingOf(db, relationships.map((r) => r.workspaceId));
  return new Map(
    relationships.flatMap(({ workspaceId, assigneeId }) => {
      const assignee = assignees.get(assigneeId);
      if (!assignee) return [];
      const profile = profiles.get(assigneeId);
      return [[workspaceId, { contact: toContact(workspaceId, assignee, profile, branding.get(workspaceId)), timeZone: profile?.timeZone ?? null }]];
    }),
  );
}

/** Each relationship's broker as its customer sees them, by workspace id (a gone assignee is left out). */
export async function brokerContacts(ctx: AppContext, relationships: Relationship[]): Promise<Map<string, Contact>> {
  return new Map([...(await contactsOf(ctx, relationships, ctx.db))].map(([id, { contact }]) => [id, contact]));
}

/** Who an email to this customer comes from: their assignee, under the workspace's branding; undefined if the assignee is gone. */
export async function emailSender(ctx: AppContext, customer: Relationship, db: Reader = ctx.db): Promise<EmailSender | undefined> {
  const found = (await contactsOf(ctx, [customer], db)).get(customer.workspaceId);
  if (!found) return undefined;
  const { contact, timeZone } = found;
  return {
    name: contact.name,
    company: contact.company,
    phone: contact.phone,
    replyTo: contact.email,
    timeZone,
    logoUrl: contact.logoUrl && `${ctx.config.publicUrl}${contact.logoUrl}`,
    accentColor: contact.accentColor,
  };
}

/** Writes the member's contact row, creating it on first use. */
export async function saveProfile(db: Writer, brokerId: string, changes: Partial<Omit<ProfileRow, "brokerId" | "updatedAt">>, now: Date): Promise<void> {
  await db.insert(brokerProfiles)
    .values({ brokerId, ...changes, updatedAt: now })
    .onConflictDoUpdate({ target: brokerProfiles.brokerId, set: { ...changes, updatedAt: now } });
}

/** Writes the workspace's branding row, creating it on first use. */
export async function saveBranding(db: Writer, workspaceId: string, changes: Partial<Omit<BrandingRow, "workspaceId" | "updatedAt">>, now: Date): Promise<void> {
  await db.insert(workspaceBranding)
    .values({ workspaceId, ...changes, updatedAt: now })
    .onConflictDoUpdate({ target: workspaceBranding.workspaceId, set: { ...changes, updatedAt: now } });
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
