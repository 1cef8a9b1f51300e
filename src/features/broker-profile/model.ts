import { t } from "elysia";
import { MAX_EMAIL_LENGTH, MAX_NAME_LENGTH } from "../../shared/validation.ts";

const optionalText = (maxLength: number, error: string) => t.Optional(t.Union([t.String({ maxLength }), t.Null()], { error }));

/**
 * The broker's profile as their Profile page shows and edits it: their own name and contact
 * details (phone, contact email, time zone), and their workspace's branding (company, accent
 * colour, logo), which only an owner may change.
 */
export const BrokerProfileDto = t.Object({
  id: t.String(),
  email: t.String(),
  firstName: t.Nullable(t.String()),
  lastName: t.Nullable(t.String()),
  company: t.Nullable(t.String()),
  phone: t.Nullable(t.String()),
  /** Shown to customers and used as Reply-To; null means the sign-in email is used. */
  contactEmail: t.Nullable(t.String()),
  accentColor: t.Nullable(t.String()),
  timeZone: t.Nullable(t.String()),
  /** Same-origin path of the logo, or null. */
  logoUrl: t.Nullable(t.String()),
  /** Whether this member may change the workspace's branding (company, accent colour, logo): owners only. */
  canEditBranding: t.Boolean(),
  /** Who may: the names of the workspace's owners. */
  brandingOwners: t.Array(t.String()),
});
export type BrokerProfileDto = typeof BrokerProfileDto.static;

/** Fields left out stay as they are; null or blank clears one. company and accentColor are the workspace's: owners only. */
export const UpdateProfileBody = t.Object({
  firstName: optionalText(MAX_NAME_LENGTH, `Names must be text of at most ${MAX_NAME_LENGTH} characters`),
  lastName: optionalText(MAX_NAME_LENGTH, `Names must be text of at most ${MAX_NAME_LENGTH} characters`),
  company: optionalText(100, "The company name must be text of at most 100 characters"),
  phone: optionalText(40, "Enter a phone number of digits, spaces and + ( ) - . only"),
  contactEmail: optionalText(MAX_EMAIL_LENGTH, "Please enter a valid contact email address"),
  accentColor: optionalText(7, "The accent colour must be a hex colour such as #1d4ed8"),
  timeZone: optionalText(64, "Unknown time zone"),
});
export type UpdateProfileInput = typeof UpdateProfileBody.static;

export const LogoParams = t.Object({ key: t.String({ maxLength: 64 }) });

/**
 * A broker as their customers' portal shows them: how to reach the member assigned to the
 * customer (name, phone, email) under their workspace's branding (company, logo, accent colour);
 * `id` is the workspace's. The
 * server always sends every field; all but id and name are optional in the type so clients
 * written against the earlier { id, name } shape keep working.
 */
export const BrokerContactDto = t.Object({
  id: t.String(),
  name: t.String(),
  company: t.Optional(t.Nullable(t.String())),
  phone: t.Optional(t.Nullable(t.String())),
  /** The contact email, else the broker's sign-in email. */
  email: t.Optional(t.String()),
  logoUrl: t.Optional(t.Nullable(t.String())),
  accentColor: t.Optional(t.Nullable(t.String())),
});
export type BrokerContactDto = typeof BrokerContactDto.static;
