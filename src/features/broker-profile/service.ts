// The broker's Profile: their name, how customers reach them (company, phone, contact email),
// their branding (logo, accent colour) and the time zone emails print times in.
import { rmSync } from "node:fs";
import { eq } from "drizzle-orm";
import { brokerLogos } from "../../../db/tables.ts";
import type { AppContext } from "../../context.ts";
import { badRequest, notFound } from "../../lib/errors.ts";
import { randomToken } from "../../lib/tokens.ts";
import { inTransaction, write } from "../../lib/unit-of-work.ts";
import { receiveFile } from "../../lib/upload.ts";
import { ACCENT_COLOR_PATTERN, brandingMessages, isKnownTimeZone, isValidPhone, LOGO_MAX_BYTES, LOGO_TYPES } from "../../shared/branding.ts";
import { cleanName, isPlainEmail, normalizeEmail, onePlainEmailMessage } from "../../shared/validation.ts";
import { brokerById, setBrokerName } from "../auth/brokers.ts";
import type { PublicUser } from "../auth/model.ts";
import { logoKeys, logoPath, profileRows, saveProfile, type ProfileRow } from "./contact.ts";
import type { BrokerProfileDto, UpdateProfileInput } from "./model.ts";

const blankToNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);
/** A name field (a person's, the company's) as stored: cleaned (cleanName), and null when nothing is left. */
const nameOrNull = (value: string | null | undefined) => (value && cleanName(value)) || null;

export async function brokerProfile(ctx: AppContext, broker: PublicUser): Promise<BrokerProfileDto> {
  const profile = (await profileRows(ctx.db, [broker.id])).get(broker.id);
  const logoKey = (await logoKeys(ctx.db, [broker.id])).get(broker.id);
  return {
    id: broker.id,
    email: broker.email,
    firstName: broker.firstName,
    lastName: broker.lastName,
    company: profile?.company ?? null,
    phone: profile?.phone ?? null,
    contactEmail: profile?.contactEmail ?? null,
    accentColor: profile?.accentColor ?? null,
    timeZone: profile?.timeZone ?? null,
    logoUrl: logoKey ? logoPath(logoKey) : null,
  };
}

/** The input checked and tidied: only the fields sent, blanks as null; a 400 naming the first bad one. */
function profileChanges(input: UpdateProfileInput): Partial<Omit<ProfileRow, "brokerId" | "updatedAt">> {
  const changes: Partial<Omit<ProfileRow, "brokerId" | "updatedAt">> = {};
  if (input.company !== undefined) changes.company = nameOrNull(input.company);
  if (input.phone !== undefined) {
    const phone = blankToNull(input.phone);
    if (phone && !isValidPhone(phone)) throw badRequest(brandingMessages.phone);
    changes.phone = phone;
  }
  if (input.contactEmail !== undefined) {
    const email = blankToNull(input.contactEmail);
    // It becomes the Reply-To of customer emails: a list or a display name would add recipients.
    if (email && !isPlainEmail(normalizeEmail(email))) throw badRequest(/[,;<>"()]/.test(email) ? onePlainEmailMessage : brandingMessages.contactEmail);
    changes.contactEmail = email && normalizeEmail(email);
  }
  if (input.accentColor !== undefined) {
    const color = blankToNull(input.accentColor);
    if (color && !ACCENT_COLOR_PATTERN.test(color)) throw badRequest(brandingMessages.accentColor);
    changes.accentColor = color && color.toLowerCase();
  }
  if (input.timeZone !== undefined) {
    const zone = blankToNull(input.timeZone);
    if (zone && !isKnownTimeZone(zone)) throw badRequest(brandingMessages.timeZone);
    changes.timeZone = zone;
  }
  return changes;
}

export async function updateBrokerProfile(ctx: AppContext, { broker, input }: { broker: PublicUser; input: UpdateProfileInput }): Promise<BrokerProfileDto> {
  // Every field is optional, so Elysia hands over a missing or unreadable body (text, XML, an
  // array) as {}: refuse a request that names no field rather than answer success for nothing.
  if (!Object.values(input).some((v) => v !== undefined)) throw badRequest("Send at least one profile field to change.");
  const changes = profileChanges(input);
  const updated = await inTransaction(ctx, async ({ tx, now }) => {
      const named =
        input.firstName !== undefined || input.lastName !== undefined
          ? await setBrokerName(tx, broker.id, {
            firstName: input.firstName !== undefined ? nameOrNull(input.firstName) : broker.firstName,
            lastName: input.lastName !== undefined ? nameOrNull(input.lastName) : broker.lastName,
          })
          : broker;
      if (Object.keys(changes).length) await saveProfile(tx, broker.id, changes, now);
      return named;
    });
  return brokerProfile(ctx, updated);
}

/**
 * A new logo: PNG or JPEG by its bytes (never SVG, which can carry script), at most 512 KB. It is
 * stored in the database under a new random key, so the old URL stops working and the new one
 * can be cached for good.
 */
export async function uploadBrokerLogo(ctx: AppContext, { broker, request }: { broker: PublicUser; request: Request }): Promise<BrokerProfileDto> {
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
      await tx.insert(brokerLogos).values({ brokerId: broker.id, ...row }).onConflictDoUpdate({ target: brokerLogos.brokerId, set: row });
    });
  } finally {
    rmSync(file.tempPath, { force: true });
  }
  return brokerProfile(ctx, broker);
}

export async function removeBrokerLogo(ctx: AppContext, broker: PublicUser): Promise<BrokerProfileDto> {
  await write(ctx, (tx) => tx.delete(brokerLogos).where(eq(brokerLogos.brokerId, broker.id)));
  return brokerProfile(ctx, broker);
}

/**
 * A logo by its key, for anyone (customers' portals, mail clients): an image of the type sniffed
 * at upload, never rendered as a document (nosniff, a sandboxing CSP), cached for good because a
 * new upload gets a new key.
 */
export async function logoResponse(ctx: AppContext, key: string): Promise<Response> {
  const row = (await ctx.db.select().from(brokerLogos).where(eq(brokerLogos.key, key)))[0];
  if (!row || !await brokerById(ctx, row.brokerId)) throw notFound("No such logo");
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
