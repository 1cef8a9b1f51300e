CREATE TABLE `stripe_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`received_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `pending_plan` text;--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `pending_subscription_id` text;--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `pending_payment_intent_id` text;