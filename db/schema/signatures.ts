// Signature requests and their signers (owner: signatures; issue 41, docs/architecture.md
// "Signatures"). A request is one documents row of kind "signature": that row gives it its place in
// the customer's list, its due date and reminders, and once sealed its file.
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { FieldValues, SignatureField } from "../../src/shared/signatures.ts";
import { SIGNATURE_STATUSES, SIGNER_STATUSES } from "../../src/shared/signatures.ts";
import { users } from "./auth.ts";
import { createdAt, id, time } from "./columns.ts";
import { customers } from "./customers.ts";
import { documents } from "./documents.ts";
import { workspaces } from "./workspaces.ts";

/** What a broker asked to be signed: the original PDF, where each field goes, and how far it got. */
export const signatureRequests = sqliteTable(
  "signature_requests",
  {
    id: id(),
    workspaceId: text("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
    customerId: text("customer_id").notNull().references(() => customers.id, { onDelete: "cascade" }),
    /** The customer's document that stands for it; null once withdrawn (voided or declined) or deleted. */
    documentId: text("document_id").references(() => documents.id, { onDelete: "set null" }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    message: text("message"),
    /** Signers sign one after another (by position), else in any order. */
    ordered: integer("ordered", { mode: "boolean" }).notNull().default(false),
    status: text("status", { enum: SIGNATURE_STATUSES }).notNull().default("sent"),
    /** Checked by fieldsProblem (src/shared/signatures.ts) against the PDF's page count. */
    fields: text("fields", { mode: "json" }).notNull().$type<SignatureField[]>(),
    pageCount: integer("page_count").notNull(),
    originalStorageKey: text("original_storage_key").notNull(),
    originalName: text("original_name").notNull(),
    originalSha256: text("original_sha256").notNull(),
    /** The sealed PDF's hash (the document's file), once completed. */
    sealedSha256: text("sealed_sha256"),
    voidedAt: time("voided_at"),
    completedAt: time("completed_at"),
    createdAt: createdAt(),
  },
  (t) => [index("signature_requests_workspace_customer_idx").on(t.workspaceId, t.customerId), index("signature_requests_document_idx").on(t.documentId)],
);

/**
 * One signer of a request, in order. The first is the customer (customer_id: their upload link
 * opens it); the others sign through a link of their own, kept only as the token's hash.
 */
export const signatureSigners = sqliteTable(
  "signature_signers",
  {
    id: id(),
    requestId: text("request_id").notNull().references(() => signatureRequests.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(), // stored lower-cased
    customerId: text("customer_id").references(() => customers.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash"),
    status: text("status", { enum: SIGNER_STATUSES }).notNull().default("pending"),
    consentedAt: time("consented_at"),
    viewedAt: time("viewed_at"),
    signedAt: time("signed_at"),
    declinedAt: time("declined_at"),
    declineReason: text("decline_reason"),
    ip: text("ip"),
    userAgent: text("user_agent"),
    /** typed: signatureText is the name as typed; drawn: signatureKey is the PNG in the file store. */
    signatureType: text("signature_type", { enum: ["typed", "drawn"] }),
    signatureText: text("signature_text"),
    signatureKey: text("signature_key"),
    /** What the signer filled in, by field index (checked by valuesProblem). */
    values: text("field_values", { mode: "json" }).$type<FieldValues>(),
    createdAt: createdAt(),
  },
  (t) => [
    index("signature_signers_request_idx").on(t.requestId, t.position),
    uniqueIndex("signature_signers_token_idx").on(t.tokenHash),
    index("signature_signers_customer_idx").on(t.customerId),
  ],
);

/**
 * A workspace's reusable form to sign (an engagement letter, a disclosure): its PDF, with the
 * fields already placed for signer positions 1..n. A request started from it copies the PDF as its
 * own original, so changing or deleting the template changes nothing already sent. The file's
 * column is `storage_key` (with `file_size`), the name backup, doctor and migrate-to follow.
 */
export const signatureTemplates = sqliteTable(
  "signature_templates",
  {
    id: id(),
    workspaceId: text("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** Checked by fieldsProblem against the PDF's pages, with as many signers as the fields name. */
    fields: text("fields", { mode: "json" }).notNull().$type<SignatureField[]>(),
    pageCount: integer("page_count").notNull(),
    storageKey: text("storage_key").notNull(),
    fileName: text("file_name").notNull(),
    fileSize: integer("file_size").notNull(),
    sha256: text("sha256").notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: time("updated_at").notNull(),
  },
  (t) => [index("signature_templates_workspace_idx").on(t.workspaceId)],
);
