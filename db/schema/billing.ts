// Plans and the Stripe events that changed them (owner: billing).
import { sqliteTable, text } from "drizzle-orm/sqlite-core";
import { time } from "./columns.ts";
import { workspaces } from "./workspaces.ts";

/** One row per broker with a plan other than the default. */
export const subscriptions = sqliteTable("subscriptions", {
  workspaceId: text("workspace_id").primaryKey().references(() => workspaces.id, { onDelete: "cascade" }),
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
