// Webhook endpoints, the outbox of events sent to them, and each endpoint's deliveries (owner: webhooks).
import { boolean, index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, id, time } from "./columns.ts";
import { workspaces } from "./workspaces.ts";

export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: id(),
    workspaceId: text("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    events: jsonb("events").$type<string[]>().notNull(),
    secret: text("secret").notNull(),
    previousSecret: text("previous_secret"),
    secretRotatedAt: time("secret_rotated_at"),
    enabled: boolean("enabled").notNull().default(true),
    disabledReason: text("disabled_reason"),
    consecutiveFailures: integer("consecutive_failures").notNull().default(0),
    failingSince: time("failing_since"),
    createdAt: createdAt(),
  },
  (t) => [index("webhook_endpoints_workspace_idx").on(t.workspaceId)],
);

export const webhookEvents = pgTable(
  "webhook_events",
  {
    id: id(),
    workspaceId: text("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  // created_at: the hourly purge (purge.ts) finds the old events by it, not by reading them all.
  (t) => [index("webhook_events_workspace_idx").on(t.workspaceId), index("webhook_events_created_at_idx").on(t.createdAt)],
);

export const webhookDeliveries = pgTable(
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
    index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.createdAt),
  ],
);
