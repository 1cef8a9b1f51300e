// The broker's Profile: their name, how the customers assigned to them reach them (phone,
// contact email), the time zone their emails print times in, and their workspace's branding
// (company, logo, accent colour), which every customer of the workspace sees and only an owner
// may change.
import { rmSync } from "node:fs";
import { eq } from "drizzle-orm";
import { workspaceLogos } from "../../../db/tables.ts";
import type { AppContext } from "../../context.ts";
import { badRequest, notFound } from "../../lib/errors.ts";
import { randomToken } from "../../lib/tokens.ts";
import { inTransaction, write } from "../../lib/unit-of-work.ts";
import { receiveFile } from "../../lib/upload.ts";
import { ACCENT_COLOR_PATTERN, brandingMessages, isKnownTimeZone, isValidPhone, LOGO_MAX_BYTES, LOGO_TYPES } from "../../shared/branding.ts";
import { cleanName, isPlainEmail, normalizeEmail, onePlainEmailMessage } from "../../shared/validation.ts";
import { displayName } from "../../shared/user-display.ts";
import { roleMay, type Scope } from "../../shared/workspaces.ts";
import { brokersById, setBrokerName } from "../auth/brokers.ts";
import type { PublicUser } from "../auth/model.ts";
import { ownersOf } from "../workspaces/members.ts";
import { requireRole } from "../workspaces/permissions.ts";
import { brandingOf, profileRows, saveBranding, saveProfile, type BrandingRow, type ProfileRow } from "./contact.ts";
import type { BrokerProfileDto, UpdateProfileInput } from "./model.ts";

const blankToNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);
/** A name field (a person's, the company's) as stored: cleaned (cleanName), and null when nothing is left. */
const nameOrNull = (value: string | null | undefined) => (value && cleanName(value)) || null;

/** Who is asking: the signed-in account, and their place in their workspace. */
interface Asker {
  broker: PublicUser;
  member: Scope;
}

export async function brokerProfile(ctx: AppContext, { broker, member }: Asker): Promise<BrokerProfileDto> {
  const profile = (await profileRows(ctx.db, [broker.id])).get(broker.id);
  const branding = (await brandingOf(ctx.db, [member.workspaceId])).get(member.workspaceId)!;
  const owners = await brokersById(ctx, await ownersOf(ctx, member.workspaceId));
  return {
    id: broker.id,
    email: broker.email,
    firstName: broker.firstName,
    lastName: broker.lastName,
    company: branding.company,
    phone: profile?.phone ?? null,
    contactEmail: profile?.contactEmail ?? null,
    accentColor: branding.accentColor,
    timeZone: profile?.timeZone ?? null,
    logoUrl: branding.logoUrl,
    canEditBranding: roleMay(member.role, "changeBranding"),
    brandingOwners: [...owners.values()].map(displayName),
  };
}

type ContactChanges = Partial<Omit<ProfileRow, "brokerId" | "updatedAt">>;
type BrandingChanges = Partial<Omit<BrandingRow, "workspaceId" | "updatedAt">>;

/** The input checked and tidied: only the fields sent, blanks as null; a 400 naming the first bad one. */
function profileChanges(input: UpdateProfileInput): { contact: ContactChanges; branding: BrandingChanges } {
  const contact: ContactChanges = {};
  const branding: BrandingChanges = {};
  if (input.company !== undefined) branding.company = nameOrNull(input.company);
  if (input.phone !== undefined) {
    const phone = blankToNull(input.phone);
    if (phone && !isValidPhone(phone)) throw badRequest(brandingMessages.phone);
    contact.phone = phone;
  }
  if (input.contactEmail !== undefined) {
    const email = blankToNull(input.contactEmail);
    // It becomes the Reply-To of customer emails: a list or a display name would add recipients.
    if (email && !isPlainEmail(normalizeEmail(email))) throw badRequest(/[,;<>"()]/.test(email) ? onePlainEmailMessage : brandingMessages.contactEmail);
    contact.contactEmail = email && normalizeEmail(email);
  }
  if (input.accentColor !== undefined) {
    const color = blankToNull(input.accentColor);
    if (color && !ACCENT_COLOR_PATTERN.test(color)) throw badRequest(brandingMessages.accentColor);
    branding.accentColor = color && color.toLowerCase();
  }
  if (input.timeZone !== undefined) {
    const zone = blankToNull(input.timeZone);
    if (zone && !isKnownTimeZone(zone)) throw badRequest(brandingMessages.timeZone);
    contact.timeZone = zone;
  }
  return { contact, branding };
}

/**
 * Saves the member's own fields and, for an owner, the workspace's branding, in one transaction.
 * A request that names a branding field from a member who may not change it is refused whole
 * (403): nothing of it is saved.
 */
export async function updateBrokerProfile(ctx: AppContext, { broker, member, input }: Asker & { input: UpdateProfileInput }): Promise<BrokerProfileDto> {
  // Every field is optional, so Elysia hands over a missing or unreadable body (text, XML, an
  // array) as {}: refuse a request that names no field rather than answer success for nothing.
  if (!Object.values(input).some((v) => v !== undefined)) throw badRequest("Send at least one profile field to change.");
  const { contact, branding } = profileChanges(input);
  if (Object.keys(branding).length) requireRole(member, "changeBranding");
  const updated = await inTransaction(ctx, async ({ tx, now }) => {
      const named =
        input.firstName !== undefined || input.lastName !== undefined
          ? await setBrokerName(tx, broker.id, {
            firstName: input.firstName !== undefined ? nameOrNull(input.firstName) : broker.firstName,
            lastName: input.lastName !== undefined ? nameOrNull(input.lastName) : broker.lastName,
          })
          : broker;
      if (Object.keys(contact).length) await saveProfile(tx, broker.id, contact, now);
      if (Object.keys(branding).length) await saveBranding(tx, member.workspaceId, branding, now);
      return named;
    });
  return brokerProfile(ctx, { broker: updated, member });
}

/**
 * The workspace's new logo (owners only; refused before the body is read): PNG or JPEG by its
 * bytes (never SVG, which can carry script), at most 512 KB. It is stored in the database under a
 * new random key, so the old URL stops working and the new one can be cached for good.
 */
export async function uploadBrokerLogo(ctx: AppContext, { broker, member, request }: Asker & { request: Request }): Promise<BrokerProfileDto> {
  requireRole(member, "changeBranding");
  const file = await receiveFile(request, {
    tempDir: ctx.files.tempDir,
    maxBytes: LOGO_MAX_BYTES,
    accept: LOGO_TYPES,
    acceptMessage: brandingMessages.logoType,
    fieldName: "logo",
  });
  try {
    const data = Buffer.from(await Bun.file(file.tempPath).arrayBuffer());
    const row = { key: randomToken(18), mimeType: file.mimeType, data, createdAt: ctx.clock.now() };
    await inTransaction(ctx, async ({ tx }) => {
      await tx.insert(workspaceLogos).values({ workspaceId: member.workspaceId, ...row }).onConflictDoUpdate({ target: workspaceLogos.workspaceId, set: row });
    });
  } finally {
    rmSync(file.tempPath, { force: true });
  }
  return brokerProfile(ctx, { broker, member });
}

export async function removeBrokerLogo(ctx: AppContext, asker: Asker): Promise<BrokerProfileDto> {
  requireRole(asker.member, "changeBranding");
  await write(ctx, (tx) => tx.delete(workspaceLogos).where(eq(workspaceLogos.workspaceId, asker.member.workspaceId)));
  return brokerProfile(ctx, asker);
}

/**
 * A logo by its key, for anyone (customers' portals, mail clients): an image of the type sniffed
 * at upload, never rendered as a document (nosniff, a sandboxing CSP), cached for good because a
 * new upload gets a new key.
 */
export async function logoResponse(ctx: AppContext, key: string): Promise<Response> {
  // A workspace's removal takes its logo with it (on delete cascade).
  const row = (await ctx.db.select().from(workspaceLogos).where(eq(workspaceLogos.key, key)))[0];
  if (!row) throw notFound("No such logo");
  return new Response(new Uint8Array(row.data), {
    headers: {
      "Content-Type": row.mimeType,
      "Content-Length": String(row.data.byteLength),
      "Content-Disposition": "inline",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "Cross-Origin-Resource-Policy": "cross-origin",
      "Cache-Control": "public, max-age=31536000, immutable",
    },
  });
}
