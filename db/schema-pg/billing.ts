// Plans and the Stripe events that changed them (owner: billing).
import { pgTable, text } from "drizzle-orm/pg-core";
import { time } from "./columns.ts";
import { workspaces } from "./workspaces.ts";

export const subscriptions = pgTable("subscriptions", {
  workspaceId: text("workspace_id").primaryKey().references(() => workspaces.id, { onDelete: "cascade" }),
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
