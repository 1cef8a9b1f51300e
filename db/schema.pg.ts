// The same tables as db/schema.ts, for PostgreSQL: same table, column and index names, same JS
// property names and the same inferred TypeScript types, so every service typed against the
// SQLite tables runs unchanged on these. db/schema.ts is the documented one (what each table and
// column means); this file only translates types. Kept from drifting by tests/api/schema-parity.test.ts
// (names, nullability, defaults, keys, indexes, foreign keys) and tests/api/schema-parity.types.ts (types).
//
// Translations: timestamp_ms integers → timestamptz(3) (Date, millisecond precision); boolean
// integers → boolean; JSON text → jsonb (same $type); the logo blob → bytea (a Buffer, as
// bun-sqlite's blob gives); byte sizes → bigint read as a number (an upload may pass 2 GiB);
// `collate nocase` in an index → lower(…), PostgreSQL having no nocase collation.
import { sql } from "drizzle-orm";
import { bigint, boolean, customType, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { AcceptanceRules, CheckReport } from "../src/shared/acceptance-rules.ts";
import type { TemplateDocument } from "../src/shared/checklist-templates.ts";
import { DOCUMENT_STATUSES } from "../src/shared/documents.ts";
import { NOT_YET_UPLOADED_CONDITION, REMINDER_NOT_SENT_CONDITION } from "./partial-indexes.ts";

const id = () => text("id").primaryKey();
const time = (name: string) => timestamp(name, { mode: "date", precision: 3, withTimezone: true });
const createdAt = () => time("created_at").notNull().defaultNow();

/** bytea read back as a Buffer, the type (and runtime value) of SQLite's blob({ mode: "buffer" }). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const users = pgTable("users", {
  id: id(),
  email: text("email").notNull().unique(),
  passwordHash: text("password_hash"),
  firstName: text("first_name"),
  lastName: text("last_name"),
  profileImageUrl: text("profile_image_url"),
  oidcSubject: text("oidc_subject").unique(),
  disabledAt: time("disabled_at"),
  createdAt: createdAt(),
});

export const sessions = pgTable(
  "sessions",
  {
    id: id(),
    userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    expiresAt: time("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const customers = pgTable(
  "customers",
  {
    id: id(),
    brokerId: text("broker_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    name: text("name").notNull(),
    loanType: text("loan_type"),
    uploadLink: text("upload_link").notNull().unique(),
    invitationStatus: text("invitation_status", { enum: ["pending", "accepted"] }).notNull().default("pending"),
    invitedAt: time("invited_at").notNull(),
    acceptedAt: time("accepted_at"),
    lastReminderAt: time("last_reminder_at"),
    lastActiveAt: time("last_active_at"),
    accountConnectedAt: time("account_connected_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("customers_broker_email_idx").on(t.brokerId, t.email),
    index("customers_email_idx").on(t.email),
    index("customers_broker_name_idx").on(t.brokerId, sql`lower(${t.name})`, t.email),
    index("customers_broker_invited_idx").on(t.brokerId, t.invitedAt),
  ],
);

export const customerAccounts = pgTable("customer_accounts", {
  id: id(),
  email: text("email").notNull().unique(),
  passwordHash: text("password_hash").notNull(),
  createdAt: createdAt(),
});

export const customerEmailCodes = pgTable(
  "customer_email_codes",
  {
    id: id(),
    email: text("email").notNull(),
    customerId: text("customer_id").references(() => customers.id, { onDelete: "set null" }),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: time("expires_at").notNull(),
    usedAt: time("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("customer_email_codes_customer_idx").on(t.customerId), index("customer_email_codes_email_idx").on(t.email, t.createdAt)],
);

export const documents = pgTable(
  "documents",
  {
    id: id(),
    customerId: text("customer_id").notNull().references(() => customers.id, { onDelete: "cascade" }),
    brokerId: text("broker_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description"),
    status: text("status", { enum: DOCUMENT_STATUSES }).notNull().default("requested"),
    dueDate: time("due_date"),
    reminderAt: time("reminder_at"),
    reminderSentAt: time("reminder_sent_at"),
    storageKey: text("storage_key"),
    originalName: text("original_name"),
    mimeType: text("mime_type"),
    fileSize: bigint("file_size", { mode: "number" }),
    rejectionReason: text("rejection_reason"),
    adminComments: text("admin_comments"),
    uploadedAt: time("uploaded_at"),
    verifiedAt: time("verified_at"),
    pageCount: integer("page_count"),
    checkReport: jsonb("check_report").$type<CheckReport>(),
    acceptanceRules: jsonb("acceptance_rules").$type<AcceptanceRules>(),
    unavailableReason: text("unavailable_reason"),
    unavailableAt: time("unavailable_at"),
    /** When the broker kept the request open after such an answer; cleared by the next file or answer. */
    stillNeededAt: time("still_needed_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("documents_broker_customer_idx").on(t.brokerId, t.customerId),
    index("documents_broker_status_idx").on(t.brokerId, t.status),
    index("documents_customer_idx").on(t.customerId),
    index("documents_broker_due_idx").on(t.brokerId, t.dueDate, t.createdAt),
    index("documents_broker_status_due_idx").on(t.brokerId, t.status, t.dueDate, t.createdAt),
    index("documents_not_uploaded_due_idx").on(t.dueDate).where(sql.raw(NOT_YET_UPLOADED_CONDITION)),
    index("documents_reminder_due_idx").on(t.reminderAt).where(sql.raw(REMINDER_NOT_SENT_CONDITION)),
  ],
);

export const documentVersions = pgTable(
  "document_versions",
  {
    id: id(),
    documentId: text("document_id").notNull().references(() => documents.id, { onDelete: "cascade" }),
    storageKey: text("storage_key").notNull(),
    originalName: text("original_name"),
    mimeType: text("mime_type"),
    fileSize: bigint("file_size", { mode: "number" }),
    pageCount: integer("page_count"),
    checkReport: jsonb("check_report").$type<CheckReport>(),
    uploadedAt: time("uploaded_at"),
    replacedAt: time("replaced_at").notNull(),
  },
  (t) => [index("document_versions_document_idx").on(t.documentId)],
);

export const notifications = pgTable(
  "notifications",
  {
    id: id(),
    audience: text("audience", { enum: ["broker", "customer"] }).notNull(),
    brokerId: text("broker_id").references(() => users.id, { onDelete: "cascade" }),
    customerId: text("customer_id").references(() => customers.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    title: text("title").notNull(),
    message: text("message").notNull(),
    read: boolean("read").notNull().default(false),
    metadata: jsonb("metadata").$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    // With the audience: a customer's notifications carry their broker too (for the cascade), and
    // a broker's unread count and list must not walk every notification of every customer.
    index("notifications_broker_idx").on(t.brokerId, t.audience, t.read),
    index("notifications_customer_idx").on(t.customerId, t.read),
    index("notifications_broker_time_idx").on(t.brokerId, t.audience, t.createdAt),
  ],
);

export const subscriptions = pgTable("subscriptions", {
  brokerId: text("broker_id").primaryKey().references(() => users.id, { onDelete: "cascade" }),
  plan: text("plan", { enum: ["free", "basic", "pro", "unlimited"] }).notNull(),
  status: text("status", { enum: ["active", "canceled", "incomplete"] }).notNull(),
  currentPeriodEnd: time("current_period_end"),
  stripeCustomerId: text("stripe_customer_id"),
  stripeSubscriptionId: text("stripe_subscription_id"),
  updatedAt: time("updated_at").notNull(),
  pendingPlan: text("pending_plan", { enum: ["basic", "pro", "unlimited"] }),
  pendingSubscriptionId: text("pending_subscription_id"),
  pendingPaymentIntentId: text("pending_payment_intent_id"),
});

export const stripeEvents = pgTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: time("received_at").notNull(),
});

export const customerSessions = pgTable(
  "customer_sessions",
  {
    id: id(),
    accountId: text("account_id").notNull().references(() => customerAccounts.id, { onDelete: "cascade" }),
    expiresAt: time("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("customer_sessions_account_idx").on(t.accountId)],
);

export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: id(),
    accountId: text("account_id").notNull().references(() => customerAccounts.id, { onDelete: "cascade" }),
    expiresAt: time("expires_at").notNull(),
    usedAt: time("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("password_reset_account_idx").on(t.accountId)],
);

export const jobs = pgTable(
  "jobs",
  {
    id: id(),
    kind: text("kind").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    status: text("status", { enum: ["pending", "running", "done", "failed"] }).notNull().default("pending"),
    runAt: time("run_at").notNull(),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(8),
    lockedUntil: time("locked_until"),
    lastError: text("last_error"),
    dedupeKey: text("dedupe_key"),
    createdAt: createdAt(),
    finishedAt: time("finished_at"),
  },
  (t) => [index("jobs_due_idx").on(t.status, t.runAt), uniqueIndex("jobs_dedupe_idx").on(t.dedupeKey)],
);

export const emails = pgTable(
  "emails",
  {
    id: id(),
    dedupeKey: text("dedupe_key").notNull().unique(),
    kind: text("kind").notNull(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    replyTo: text("reply_to"),
    status: text("status", { enum: ["pending", "sending", "sent", "failed", "logged"] }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    messageId: text("message_id"),
    createdAt: createdAt(),
    sentAt: time("sent_at"),
  },
  (t) => [index("emails_status_idx").on(t.status, t.createdAt)],
);

export const brokerSignupCodes = pgTable("broker_signup_codes", {
  email: text("email").primaryKey(),
  codeHash: text("code_hash").notNull(),
  wrongTries: integer("wrong_tries").notNull().default(0),
  expiresAt: time("expires_at").notNull(),
  createdAt: createdAt(),
});

export const brokerPasswordResetTokens = pgTable(
  "broker_password_reset_tokens",
  {
    id: id(),
    userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    expiresAt: time("expires_at").notNull(),
    usedAt: time("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("broker_password_reset_user_idx").on(t.userId)],
);

export const brokerEmailChanges = pgTable("broker_email_changes", {
  userId: text("user_id").primaryKey().references(() => users.id, { onDelete: "cascade" }),
  newEmail: text("new_email").notNull(),
  codeHash: text("code_hash").notNull(),
  wrongTries: integer("wrong_tries").notNull().default(0),
  expiresAt: time("expires_at").notNull(),
  createdAt: createdAt(),
});

export const brokerProfiles = pgTable("broker_profiles", {
  brokerId: text("broker_id").primaryKey().references(() => users.id, { onDelete: "cascade" }),
  company: text("company"),
  phone: text("phone"),
  contactEmail: text("contact_email"),
  accentColor: text("accent_color"),
  timeZone: text("time_zone"),
  updatedAt: time("updated_at").notNull(),
});

export const brokerLogos = pgTable("broker_logos", {
  brokerId: text("broker_id").primaryKey().references(() => users.id, { onDelete: "cascade" }),
  key: text("key").notNull().unique(),
  mimeType: text("mime_type").notNull(),
  data: bytea("data").notNull(),
  createdAt: createdAt(),
});

export const brokerTwoFactor = pgTable("broker_two_factor", {
  userId: text("user_id").primaryKey().references(() => users.id, { onDelete: "cascade" }),
  secretSealed: text("secret_sealed").notNull(),
  confirmedAt: time("confirmed_at"),
  lastUsedStep: integer("last_used_step"),
  createdAt: createdAt(),
});

export const brokerRecoveryCodes = pgTable(
  "broker_recovery_codes",
  {
    id: id(),
    userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: time("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("broker_recovery_codes_user_idx").on(t.userId)],
);

export const brokerOidcIdentities = pgTable(
  "broker_oidc_identities",
  {
    id: id(),
    userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    issuer: text("issuer").notNull(),
    subject: text("subject").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("broker_oidc_identities_subject_idx").on(t.issuer, t.subject), index("broker_oidc_identities_user_idx").on(t.userId)],
);

export const exportSettings = pgTable("export_settings", {
  brokerId: text("broker_id").primaryKey().references(() => users.id, { onDelete: "cascade" }),
  fileNamePattern: text("file_name_pattern").notNull(),
  updatedAt: time("updated_at").notNull(),
});

export const reminderCadences = pgTable("reminder_cadences", {
  documentId: text("document_id").primaryKey().references(() => documents.id, { onDelete: "cascade" }),
  brokerId: text("broker_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  customerId: text("customer_id").notNull().references(() => customers.id, { onDelete: "cascade" }),
  almostDueDays: integer("almost_due_days").notNull(),
  everyDays: integer("every_days").notNull(),
  maxCount: integer("max_count").notNull(),
  sentCount: integer("sent_count").notNull().default(0),
  lastSentAt: time("last_sent_at"),
  createdAt: createdAt(),
});

export const reminderPauses = pgTable("reminder_pauses", {
  customerId: text("customer_id").primaryKey().references(() => customers.id, { onDelete: "cascade" }),
  brokerId: text("broker_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  pausedAt: time("paused_at").notNull(),
});

export const reminderSettings = pgTable("reminder_settings", {
  brokerId: text("broker_id").primaryKey().references(() => users.id, { onDelete: "cascade" }),
  blackoutDays: jsonb("blackout_days").$type<string[]>().notNull(),
  expiryLeadDays: integer("expiry_lead_days").notNull(),
  updatedAt: time("updated_at").notNull(),
});

export const documentExpiries = pgTable(
  "document_expiries",
  {
    documentId: text("document_id").primaryKey().references(() => documents.id, { onDelete: "cascade" }),
    brokerId: text("broker_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    customerId: text("customer_id").notNull().references(() => customers.id, { onDelete: "cascade" }),
    expiresOn: text("expires_on").notNull(),
    renewalRequestedAt: time("renewal_requested_at"),
  },
  (t) => [index("document_expiries_broker_idx").on(t.brokerId, t.expiresOn)],
);

export const checklistTemplates = pgTable(
  "checklist_templates",
  {
    id: id(),
    brokerId: text("broker_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    nameKey: text("name_key").notNull(),
    trade: text("trade").notNull().default(""),
    description: text("description").notNull().default(""),
    documents: jsonb("documents").notNull().$type<TemplateDocument[]>(),
    createdAt: createdAt(),
    updatedAt: time("updated_at").notNull(),
  },
  (t) => [uniqueIndex("checklist_templates_broker_name_idx").on(t.brokerId, t.nameKey)],
);

export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull(),
    waitUntil: time("wait_until"),
    expiresAt: time("expires_at").notNull(),
  },
  (t) => [index("rate_limits_expires_idx").on(t.expiresAt)],
);

export const auditEvents = pgTable(
  "audit_events",
  {
    id: id(),
    brokerId: text("broker_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    sequence: integer("sequence").notNull(),
    customerId: text("customer_id").notNull(),
    customerLabel: text("customer_label").notNull(),
    at: time("at").notNull(),
    actorKind: text("actor_kind").notNull(),
    actorId: text("actor_id"),
    actorLabel: text("actor_label").notNull(),
    address: text("address"),
    action: text("action").notNull(),
    documentId: text("document_id"),
    documentName: text("document_name"),
    detail: text("detail"),
    prevHash: text("prev_hash").notNull(),
    hash: text("hash").notNull(),
  },
  (t) => [
    uniqueIndex("audit_events_broker_sequence_idx").on(t.brokerId, t.sequence),
    index("audit_events_customer_idx").on(t.brokerId, t.customerId, t.sequence),
  ],
);

export const auditChainHeads = pgTable("audit_chain_heads", {
  brokerId: text("broker_id").primaryKey().references(() => users.id, { onDelete: "cascade" }),
  sequence: integer("sequence").notNull(),
  hash: text("hash").notNull(),
});
