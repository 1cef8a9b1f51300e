// Webhook endpoints, the outbox of events sent to them, and each endpoint's deliveries (owner: webhooks).
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, id, time } from "./columns.ts";
import { workspaces } from "./workspaces.ts";

/** A URL of the workspace's other systems that hears the events it subscribes to. */
export const webhookEndpoints = sqliteTable(
  "webhook_endpoints",
  {
    id: id(),
    workspaceId: text("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    events: text("events", { mode: "json" }).$type<string[]>().notNull(),
    secret: text("secret").notNull(),
    /** The secret before the last rotation: it still signs for 24 h after secretRotatedAt. */
    previousSecret: text("previous_secret"),
    secretRotatedAt: time("secret_rotated_at"),
    enabled: integer("enabled", { mode: "boolean" }).notNull().default(true),
    disabledReason: text("disabled_reason"),
    consecutiveFailures: integer("consecutive_failures").notNull().default(0),
    failingSince: time("failing_since"),
    createdAt: createdAt(),
  },
  (t) => [index("webhook_endpoints_workspace_idx").on(t.workspaceId)],
);

/** One event as sent (the outbox): written in the transaction of the change it tells of. */
export const webhookEvents = sqliteTable(
  "webhook_events",
  {
    id: id(),
    workspaceId: text("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    /** The event's `data`, exactly as every delivery of it sends it. */
    payload: text("payload", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  // created_at: the hourly purge (purge.ts) finds the old events by it, not by reading them all.
  (t) => [index("webhook_events_workspace_idx").on(t.workspaceId), index("webhook_events_created_at_idx").on(t.createdAt)],
);

/** One event to one endpoint, with its attempts so far (the delivery log). */
export const webhookDeliveries = sqliteTable(
  "webhook_deliveries",
  {
    id: id(),
    eventId: text("event_id").notNull().references(() => webhookEvents.id, { onDelete: "cascade" }),
    endpointId: text("endpoint_id").notNull().references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["pending", "succeeded", "failed", "given_up"] }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    firstAttemptAt: time("first_attempt_at"),
    lastAttemptAt: time("last_attempt_at"),
    nextAttemptAt: time("next_attempt_at"),
    lastStatus: integer("last_status"),
    lastError: text("last_error"),
    responseSnippet: text("response_snippet"),
    durationMs: integer("duration_ms"),
    createdAt: createdAt(),
  },
  (t) => [
    index("webhook_deliveries_due_idx").on(t.status, t.nextAttemptAt),
    // An endpoint's log, newest first.
    index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.createdAt),
  ],
);
