CREATE TABLE `broker_email_changes` (
	`user_id` text PRIMARY KEY NOT NULL,
	`new_email` text NOT NULL,
	`code_hash` text NOT NULL,
	`wrong_tries` integer DEFAULT 0 NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `broker_logos` (
	`broker_id` text PRIMARY KEY NOT NULL,
	`key` text NOT NULL,
	`mime_type` text NOT NULL,
	`data` blob NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`broker_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `broker_logos_key_unique` ON `broker_logos` (`key`);--> statement-breakpoint
CREATE TABLE `broker_password_reset_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `broker_password_reset_user_idx` ON `broker_password_reset_tokens` (`user_id`);--> statement-breakpoint
CREATE TABLE `broker_profiles` (
	`broker_id` text PRIMARY KEY NOT NULL,
	`company` text,
	`phone` text,
	`contact_email` text,
	`accent_color` text,
	`time_zone` text,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`broker_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `emails` ADD `reply_to` text;