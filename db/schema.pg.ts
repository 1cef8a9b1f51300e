// The same tables as db/schema.ts, for PostgreSQL, one file per owning feature in db/schema-pg/:
// same table, column and index names, same JS property names and the same inferred TypeScript
// types, so every service typed against the SQLite tables runs unchanged on these. db/schema/ is
// the documented one (what each table and column means); db/schema-pg/ only translates types. Kept
// from drifting by tests/api/schema-parity.test.ts (names, nullability, defaults, keys, indexes,
// foreign keys) and tests/api/schema-parity.types.ts (types).
//
// Translations: timestamp_ms integers → timestamptz(3) (Date, millisecond precision); boolean
// integers → boolean; JSON text → jsonb (same $type); the logo blob → bytea (a Buffer, as
// bun-sqlite's blob gives); byte sizes → bigint read as a number (an upload may pass 2 GiB);
// `collate nocase` in an index → lower(…), PostgreSQL having no nocase collation.
export * from "./schema-pg/auth.ts";
export * from "./schema-pg/workspaces.ts";
export * from "./schema-pg/broker-profile.ts";
export * from "./schema-pg/two-factor.ts";
export * from "./schema-pg/oidc.ts";
export * from "./schema-pg/customers.ts";
export * from "./schema-pg/customer-auth.ts";
export * from "./schema-pg/documents.ts";
export * from "./schema-pg/notifications.ts";
export * from "./schema-pg/billing.ts";
export * from "./schema-pg/jobs.ts";
export * from "./schema-pg/mail.ts";
export * from "./schema-pg/export.ts";
export * from "./schema-pg/reminders.ts";
export * from "./schema-pg/expiry.ts";
export * from "./schema-pg/templates.ts";
export * from "./schema-pg/rate-limits.ts";
export * from "./schema-pg/audit.ts";
export * from "./schema-pg/signatures.ts";
export * from "./schema-pg/api-keys.ts";
export * from "./schema-pg/webhooks.ts";
