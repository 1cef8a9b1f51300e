// Signature requests and their signers (owner: signatures).
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import type { FieldValues, SignatureField } from "../../src/shared/signatures.ts";
import { SIGNATURE_STATUSES, SIGNER_STATUSES } from "../../src/shared/signatures.ts";
import { users } from "./auth.ts";
import { createdAt, id, time } from "./columns.ts";
import { customers } from "./customers.ts";
import { documents } from "./documents.ts";
import { workspaces } from "./workspaces.ts";

export const signatureRequests = pgTable(
  "signature_requests",
  {
    id: id(),
    workspaceId: text("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
    customerId: text("customer_id").notNull().references(() => customers.id, { onDelete: "cascade" }),
    documentId: text("document_id").references(() => documents.id, { onDelete: "set null" }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    message: text("message"),
    ordered: boolean("ordered").notNull().default(false),
    status: text("status", { enum: SIGNATURE_STATUSES }).notNull().default("sent"),
    fields: jsonb("fields").notNull().$type<SignatureField[]>(),
    pageCount: integer("page_count").notNull(),
    originalStorageKey: text("original_storage_key").notNull(),
    originalName: text("original_name").notNull(),
    originalSha256: text("original_sha256").notNull(),
    sealedSha256: text("sealed_sha256"),
    voidedAt: time("voided_at"),
    completedAt: time("completed_at"),
    createdAt: createdAt(),
  },
  (t) => [index("signature_requests_workspace_customer_idx").on(t.workspaceId, t.customerId), index("signature_requests_document_idx").on(t.documentId)],
);

export const signatureSigners = pgTable(
  "signature_signers",
  {
    id: id(),
    requestId: text("request_id").notNull().references(() => signatureRequests.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
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
    signatureType: text("signature_type", { enum: ["typed", "drawn"] }),
    signatureText: text("signature_text"),
    signatureKey: text("signature_key"),
    values: jsonb("field_values").$type<FieldValues>(),
    createdAt: createdAt(),
  },
  (t) => [
    index("signature_signers_request_idx").on(t.requestId, t.position),
    uniqueIndex("signature_signers_token_idx").on(t.tokenHash),
    index("signature_signers_customer_idx").on(t.customerId),
  ],
);

export const signatureTemplates = pgTable(
  "signature_templates",
  {
    id: id(),
    workspaceId: text("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    fields: jsonb("fields").notNull().$type<SignatureField[]>(),
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
