// The whole product's tables. Drizzle's portable column types only (text, integer),
// so a PostgreSQL dialect can follow without rethinking the data.
import { sql } from "drizzle-orm";
import { blob, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { AcceptanceRules, CheckReport } from "../src/shared/acceptance-rules.ts";
import type { TemplateDocument } from "../src/shared/checklist-templates.ts";
import { DOCUMENT_STATUSES } from "../src/shared/documents.ts";
import { NOT_YET_UPLOADED_CONDITION, REMINDER_NOT_SENT_CONDITION } from "./partial-indexes.ts";

const id = () => text("id").primaryKey();
const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" }).notNull().default(sql`(unixepoch() * 1000)`);
const time = (name: string) => integer(name, { mode: "timestamp_ms" });

/** Brokers (shown as Administrator). Password hash is null for OpenID Connect accounts. */
export const users = sqliteTable("users", {
  id: id(),
  email: text("email").notNull().unique(), // stored lower-cased
  passwordHash: text("password_hash"),
  firstName: text("first_name"),
  lastName: text("last_name"),
  profileImageUrl: text("profile_image_url"),
  oidcSubject: text("oidc_subject").unique(),
  /** Set by `portal admin disable`: the broker cannot sign in and has no sessions. */
  disabledAt: time("disabled_at"),
  createdAt: createdAt(),
});

/** Broker sign-in sessions. The id is the SHA-256 of the bearer/cookie token, never the token. */
export const sessions = sqliteTable(
  "sessions",
  {
    id: id(),
    userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    expiresAt: time("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/**
 * A customer as one broker knows them: the broker ↔ customer relationship. The same person
 * invited by two brokers is two rows with two upload links, and neither broker's row, link or
 * documents open anything of the other's (see README, "Customers, links and accounts").
 */
export const customers = sqliteTable(
  "customers",
  {
    id: id(),
    brokerId: text("broker_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(), // stored lower-cased
    name: text("name").notNull(),
    loanType: text("loan_type"),
    /** The key to this relationship's portal; opens this broker's requests and nothing else. */
    uploadLink: text("upload_link").notNull().unique(),
    invitationStatus: text("invitation_status", { enum: ["pending", "accepted"] }).notNull().default("pending"),
    invitedAt: time("invited_at").notNull(),
    acceptedAt: time("accepted_at"),
    lastReminderAt: time("last_reminder_at"),
    lastActiveAt: time("last_active_at"),
    /** When the account holder for this email first signed in or up through this link. */
    accountConnectedAt: time("account_connected_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("customers_broker_email_idx").on(t.brokerId, t.email),
    index("customers_email_idx").on(t.email),
    // All Customers' pages in name or invitation order (see customers/service.ts pageCustomers).
    index("customers_broker_name_idx").on(t.brokerId, sql`${t.name} collate nocase`, t.email),
    index("customers_broker_invited_idx").on(t.brokerId, t.invitedAt),
  ],
);

/**
 * A customer's account: one person, one email, one password, across every broker who invited
 * that email. Only created by someone who proved they read the email (a code sent to it).
 */
export const customerAccounts = sqliteTable("customer_accounts", {
  id: id(),
  email: text("email").notNull().unique(), // stored lower-cased
  passwordHash: text("password_hash").notNull(),
  createdAt: createdAt(),
});

/** Six-digit codes emailed to prove an address before a customer account is created or its password set. */
export const customerEmailCodes = sqliteTable(
  "customer_email_codes",
  {
    id: id(),
    email: text("email").notNull(),
    /**
     * The relationship whose link asked for the code; the code works only there. Set to null
     * (not deleted) with the relationship: the rows are also the address's history of codes
     * and tries, which deleting and re-creating a customer must not wipe.
     */
    customerId: text("customer_id").references(() => customers.id, { onDelete: "set null" }),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: time("expires_at").notNull(),
    usedAt: time("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("customer_email_codes_customer_idx").on(t.customerId), index("customer_email_codes_email_idx").on(t.email, t.createdAt)],
);

/** A requested document (or, with status shared, a file the broker shared with the customer). */
export const documents = sqliteTable(
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
    /** Set when the scheduled reminder for reminderAt went out, so it goes out once. */
    reminderSentAt: time("reminder_sent_at"),
    storageKey: text("storage_key"), // server-made file name in the file store
    originalName: text("original_name"), // kept only as data, never used as a path
    mimeType: text("mime_type"), // sniffed from the bytes
    fileSize: integer("file_size"),
    rejectionReason: text("rejection_reason"),
    adminComments: text("admin_comments"),
    uploadedAt: time("uploaded_at"),
    verifiedAt: time("verified_at"),
    /** Pages of the current file when it is a PDF (read by pdf.js when it arrived). */
    pageCount: integer("page_count"),
    /** What was checked when the current file arrived (CheckReport in src/shared/acceptance-rules.ts). */
    checkReport: text("check_report", { mode: "json" }).$type<CheckReport>(),
    /** The broker's acceptance rules for this request; null: the standard ones. */
    acceptanceRules: text("acceptance_rules", { mode: "json" }).$type<AcceptanceRules>(),
    /** The customer's "I don't have this" answer, until the broker accepts it or keeps the request open. */
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
    // The dashboard's bounded lists walk a broker's documents in due order and stop at the limit.
    index("documents_broker_due_idx").on(t.brokerId, t.dueDate, t.createdAt),
    // The completed and shared lists (one status each) walk that status's documents in due order.
    index("documents_broker_status_due_idx").on(t.brokerId, t.status, t.dueDate, t.createdAt),
    // The scheduler's every-5-s checks, across all brokerages: only the documents each could touch
    // (partial indexes; a whole-status index would be chosen by other queries, led by it badly).
    index("documents_not_uploaded_due_idx").on(t.dueDate).where(sql.raw(NOT_YET_UPLOADED_CONDITION)),
    index("documents_reminder_due_idx").on(t.reminderAt).where(sql.raw(REMINDER_NOT_SENT_CONDITION)),
  ],
);

/** Earlier files of a document replaced by a re-upload: the audit trail. */
export const documentVersions = sqliteTable(
  "document_versions",
  {
    id: id(),
    documentId: text("document_id").notNull().references(() => documents.id, { onDelete: "cascade" }),
    storageKey: text("storage_key").notNull(),
    originalName: text("original_name"),
    mimeType: text("mime_type"),
    fileSize: integer("file_size"),
    pageCount: integer("page_count"),
    checkReport: text("check_report", { mode: "json" }).$type<CheckReport>(),
    uploadedAt: time("uploaded_at"),
    replacedAt: time("replaced_at").notNull(),
  },
  (t) => [index("document_versions_document_idx").on(t.documentId)],
);

/** Notifications for both sides: a broker's (brokerId set) or a customer's (customerId set, audience customer). */
export const notifications = sqliteTable(
  "notifications",
  {
    id: id(),
    audience: text("audience", { enum: ["broker", "customer"] }).notNull(),
    brokerId: text("broker_id").references(() => users.id, { onDelete: "cascade" }),
    customerId: text("customer_id").references(() => customers.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    title: text("title").notNull(),
    message: text("message").notNull(),
    read: integer("read", { mode: "boolean" }).notNull().default(false),
    metadata: text("metadata", { mode: "json" }).$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    // With the audience: a customer's notifications carry their broker too (for the cascade), and
    // a broker's unread count and list must not walk every notification of every customer.
    index("notifications_broker_idx").on(t.brokerId, t.audience, t.read),
    index("notifications_customer_idx").on(t.customerId, t.read),
    // Newest first, LIST_LIMIT of them, however many a broker has collected.
    index("notifications_broker_time_idx").on(t.brokerId, t.audience, t.createdAt),
  ],
);

/** One row per broker with a plan other than the default. */
export const subscriptions = sqliteTable("subscriptions", {
  brokerId: text("broker_id").primaryKey().references(() => users.id, { onDelete: "cascade" }),
  plan: text("plan", { enum: ["free", "basic", "pro", "unlimited"] }).notNull(),
  status: text("status", { enum: ["active", "canceled", "incomplete"] }).notNull(),
  currentPeriodEnd: time("current_period_end"),
  stripeCustomerId: text("stripe_customer_id"),
  stripeSubscriptionId: text("stripe_subscription_id"),
  updatedAt: time("updated_at").notNull(),
  /** A paid plan being bought: the incomplete Stripe subscription and its first payment. */
  pendingPlan: text("pending_plan", { enum: ["basic", "pro", "unlimited"] }),
  pendingSubscriptionId: text("pending_subscription_id"),
  pendingPaymentIntentId: text("pending_payment_intent_id"),
});

/** Stripe webhook events already handled: each event id changes the plan at most once. */
export const stripeEvents = sqliteTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: time("received_at").notNull(),
});

/** Customer sign-in sessions (24 hours). The id is the SHA-256 of the token. */
export const customerSessions = sqliteTable(
  "customer_sessions",
  {
    id: id(),
    accountId: text("account_id").notNull().references(() => customerAccounts.id, { onDelete: "cascade" }),
    expiresAt: time("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("customer_sessions_account_idx").on(t.accountId)],
);

/** Single-use customer password-reset tokens. The id is the SHA-256 of the emailed token. */
export const passwordResetTokens = sqliteTable(
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

/** Background jobs run by the in-process scheduler (emails, reminders, overdue, plan expiry). */
export const jobs = sqliteTable(
  "jobs",
  {
    id: id(),
    kind: text("kind").notNull(),
    payload: text("payload", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
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

/** Every email the portal means to send: the outbox. A dedupe key makes each email exist once. */
export const emails = sqliteTable(
  "emails",
  {
    id: id(),
    dedupeKey: text("dedupe_key").notNull().unique(),
    kind: text("kind").notNull(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    /** The broker's contact address on emails a broker's customer receives, so a reply reaches them. */
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

/**
 * The code that proves a broker sign-up's email: one live code per email, kept only as an HMAC
 * (keyed with the session secret, so a copy of the database does not reveal codes).
 */
export const brokerSignupCodes = sqliteTable("broker_signup_codes", {
  email: text("email").primaryKey(), // stored lower-cased
  codeHash: text("code_hash").notNull(),
  wrongTries: integer("wrong_tries").notNull().default(0),
  expiresAt: time("expires_at").notNull(),
  createdAt: createdAt(),
});

/** Single-use broker password-reset links (1 hour). The id is the SHA-256 of the emailed token. */
export const brokerPasswordResetTokens = sqliteTable(
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

/**
 * A broker's pending change of sign-in email: one per broker, proven by a 6-digit code sent to the
 * new address (kept only as an HMAC, like sign-up codes).
 */
export const brokerEmailChanges = sqliteTable("broker_email_changes", {
  userId: text("user_id").primaryKey().references(() => users.id, { onDelete: "cascade" }),
  newEmail: text("new_email").notNull(), // stored lower-cased
  codeHash: text("code_hash").notNull(),
  wrongTries: integer("wrong_tries").notNull().default(0),
  expiresAt: time("expires_at").notNull(),
  createdAt: createdAt(),
});

/**
 * What a broker shows their customers (portal help block, emails): company, phone, contact
 * email, accent colour, plus the time zone emails print times in. One row per broker, made on
 * first edit or sign-in; no row means nothing set.
 */
export const brokerProfiles = sqliteTable("broker_profiles", {
  brokerId: text("broker_id").primaryKey().references(() => users.id, { onDelete: "cascade" }),
  company: text("company"),
  phone: text("phone"),
  contactEmail: text("contact_email"),
  /** "#RRGGBB". */
  accentColor: text("accent_color"),
  /** An IANA zone ("Europe/Berlin"), captured from the broker's browser. */
  timeZone: text("time_zone"),
  updatedAt: time("updated_at").notNull(),
});

/**
 * A broker's logo: a small PNG or JPEG kept in the database (it is part of every backup and no
 * file-store sweep can lose it). Served publicly by its random key, which changes with each upload.
 */
export const brokerLogos = sqliteTable("broker_logos", {
  brokerId: text("broker_id").primaryKey().references(() => users.id, { onDelete: "cascade" }),
  key: text("key").notNull().unique(),
  mimeType: text("mime_type").notNull(),
  data: blob("data", { mode: "buffer" }).notNull(),
  createdAt: createdAt(),
});
/**
 * A broker's authenticator (TOTP) factor. The secret is sealed with AES-256-GCM under a key
 * derived from the session secret, so a copy of the database alone does not give out codes.
 * `confirmedAt` is null while set-up waits for the first code; `lastUsedStep` is the 30-second
 * time step of the last accepted code, so the same code cannot be used twice.
 */
export const brokerTwoFactor = sqliteTable("broker_two_factor", {
  userId: text("user_id").primaryKey().references(() => users.id, { onDelete: "cascade" }),
  secretSealed: text("secret_sealed").notNull(),
  confirmedAt: time("confirmed_at"),
  lastUsedStep: integer("last_used_step"),
  createdAt: createdAt(),
});

/** Single-use recovery codes for the authenticator factor, stored as SHA-256 hashes only. */
export const brokerRecoveryCodes = sqliteTable(
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

/** A broker's account at an OpenID Connect provider: the (issuer, subject) pair it signs in as. */
export const brokerOidcIdentities = sqliteTable(
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

/** How a broker's exports name files (src/shared/export.ts); no row means the default pattern. */
export const exportSettings = sqliteTable("export_settings", {
  brokerId: text("broker_id").primaryKey().references(() => users.id, { onDelete: "cascade" }),
  fileNamePattern: text("file_name_pattern").notNull(),
  updatedAt: time("updated_at").notNull(),
});

/**
 * A reminder cadence on one requested document ("almost due N days before, then every N days,
 * stop after M"), and how far it has got. No row: the single reminder of the spec only.
 */
export const reminderCadences = sqliteTable("reminder_cadences", {
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

/** Customers whose automatic reminders the broker paused. */
export const reminderPauses = sqliteTable("reminder_pauses", {
  customerId: text("customer_id").primaryKey().references(() => customers.id, { onDelete: "cascade" }),
  brokerId: text("broker_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  pausedAt: time("paused_at").notNull(),
});

/** A broker's reminder settings: blackout days ("YYYY-MM-DD") and how early expiring documents are asked for again. */
export const reminderSettings = sqliteTable("reminder_settings", {
  brokerId: text("broker_id").primaryKey().references(() => users.id, { onDelete: "cascade" }),
  blackoutDays: text("blackout_days", { mode: "json" }).$type<string[]>().notNull(),
  expiryLeadDays: integer("expiry_lead_days").notNull(),
  updatedAt: time("updated_at").notNull(),
});

/** An approved document's expiry date ("YYYY-MM-DD"), and when it was asked for again because of it. */
export const documentExpiries = sqliteTable(
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

/**
 * A broker's own checklist template: a named list of documents (name, description, acceptance
 * rules) that Add New Customer and Request New Document can start from. The ready-made ones live
 * in src/shared/checklist-templates.ts, not here. Names are unique per broker.
 */
export const checklistTemplates = sqliteTable(
  "checklist_templates",
  {
    id: id(),
    brokerId: text("broker_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The name lower-cased: what uniqueness is judged on. */
    nameKey: text("name_key").notNull(),
    trade: text("trade").notNull().default(""),
    description: text("description").notNull().default(""),
    documents: text("documents", { mode: "json" }).notNull().$type<TemplateDocument[]>(),
    createdAt: createdAt(),
    updatedAt: time("updated_at").notNull(),
  },
  (t) => [uniqueIndex("checklist_templates_broker_name_idx").on(t.brokerId, t.nameKey)],
);

/**
 * Throttling counts (sign-in attempts, emails asked for, payment calls; src/lib/rate-limit.ts),
 * kept here so that every portal instance on this database shares them. `key` names the limit
 * and, hashed, what it counts (an address, an email, an account). A row whose `expires_at` has
 * passed counts as absent; the hourly purge deletes it.
 */
export const rateLimits = sqliteTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    /** Attempts counted in the current window (for a sign-in pair: failures since it last succeeded). */
    count: integer("count").notNull(),
    /** A sign-in pair's wait: no attempt before this time. Null for other limits. */
    waitUntil: time("wait_until"),
    expiresAt: time("expires_at").notNull(),
  },
  (t) => [index("rate_limits_expires_idx").on(t.expiresAt)],
);

/**
 * The audit trail: every event on a customer, one hash-chained sequence per broker (owner: the
 * audit feature). `hash` is SHA-256 over the entry's canonical form and `prev_hash`, so an edited,
 * deleted or reordered row breaks the chain (`portal audit verify`). No foreign key to customers
 * or documents: a deleted customer's entries stay (their deletion is itself an entry).
 */
export const auditEvents = sqliteTable(
  "audit_events",
  {
    id: id(),
    brokerId: text("broker_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    /** 1, 2, 3 … per broker, without gaps. */
    sequence: integer("sequence").notNull(),
    customerId: text("customer_id").notNull(),
    customerLabel: text("customer_label").notNull(),
    at: integer("at", { mode: "timestamp_ms" }).notNull(),
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

/**
 * The head of each broker's audit chain: the last sequence and hash. Appending reads and moves it
 * in the writer's transaction (writers take turns on both databases: db/transaction.ts), and
 * verify checks the last entry against it, so deleting the newest entries is detected too.
 */
export const auditChainHeads = sqliteTable("audit_chain_heads", {
  brokerId: text("broker_id").primaryKey().references(() => users.id, { onDelete: "cascade" }),
  sequence: integer("sequence").notNull(),
  hash: text("hash").notNull(),
});
