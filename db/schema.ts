// The whole product's tables, one file per owning feature in db/schema/ (docs/architecture.md,
// "Who owns which table"); what each table and column means is written there. This index keeps
// `import * as schema from "db/schema.ts"` whole; drizzle-kit reads the folder (drizzle.config.ts).
export * from "./schema/auth.ts";
export * from "./schema/workspaces.ts";
export * from "./schema/broker-profile.ts";
export * from "./schema/two-factor.ts";
export * from "./schema/oidc.ts";
export * from "./schema/customers.ts";
export * from "./schema/customer-auth.ts";
export * from "./schema/documents.ts";
export * from "./schema/notifications.ts";
export * from "./schema/billing.ts";
export * from "./schema/jobs.ts";
export * from "./schema/mail.ts";
export * from "./schema/export.ts";
export * from "./schema/reminders.ts";
export * from "./schema/expiry.ts";
export * from "./schema/templates.ts";
export * from "./schema/rate-limits.ts";
export * from "./schema/audit.ts";
export * from "./schema/signatures.ts";
export * from "./schema/api-keys.ts";
export * from "./schema/webhooks.ts";
