CREATE TABLE `document_expiries` (
	`document_id` text PRIMARY KEY NOT NULL,
	`broker_id` text NOT NULL,
	`customer_id` text NOT NULL,
	`expires_on` text NOT NULL,
	`renewal_requested_at` integer,
	FOREIGN KEY (`document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`broker_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `document_expiries_broker_idx` ON `document_expiries` (`broker_id`,`expires_on`);--> statement-breakpoint
CREATE TABLE `reminder_cadences` (
	`document_id` text PRIMARY KEY NOT NULL,
	`broker_id` text NOT NULL,
	`customer_id` text NOT NULL,
	`almost_due_days` integer NOT NULL,
	`every_days` integer NOT NULL,
	`max_count` integer NOT NULL,
	`sent_count` integer DEFAULT 0 NOT NULL,
	`last_sent_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`broker_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `reminder_pauses` (
	`customer_id` text PRIMARY KEY NOT NULL,
	`broker_id` text NOT NULL,
	`paused_at` integer NOT NULL,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`broker_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `reminder_settings` (
	`broker_id` text PRIMARY KEY NOT NULL,
	`blackout_days` text NOT NULL,
	`expiry_lead_days` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`broker_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
