CREATE TABLE `audit_chain_heads` (
	`broker_id` text PRIMARY KEY NOT NULL,
	`sequence` integer NOT NULL,
	`hash` text NOT NULL,
	FOREIGN KEY (`broker_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `audit_events` (
	`id` text PRIMARY KEY NOT NULL,
	`broker_id` text NOT NULL,
	`sequence` integer NOT NULL,
	`customer_id` text NOT NULL,
	`customer_label` text NOT NULL,
	`at` integer NOT NULL,
	`actor_kind` text NOT NULL,
	`actor_id` text,
	`actor_label` text NOT NULL,
	`address` text,
	`action` text NOT NULL,
	`document_id` text,
	`document_name` text,
	`detail` text,
	`prev_hash` text NOT NULL,
	`hash` text NOT NULL,
	FOREIGN KEY (`broker_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `audit_events_broker_sequence_idx` ON `audit_events` (`broker_id`,`sequence`);--> statement-breakpoint
CREATE INDEX `audit_events_customer_idx` ON `audit_events` (`broker_id`,`customer_id`,`sequence`);