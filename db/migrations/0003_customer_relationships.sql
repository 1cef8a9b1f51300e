-- A customer becomes one row per broker (the relationship, with its own upload link), and a
-- customer account (email + password) becomes its own table, created only after the address is
-- proven. Written by hand: drizzle-kit cannot express the data move. migrateDatabase runs this
-- with foreign keys off (so dropping the old tables cascades nothing) and checks them after.
--
-- Links: a customer who worked with one broker keeps their link. A customer several brokers
-- shared had one link that every one of those brokers was handed, so each relationship gets a
-- new link and goes back to "pending", so that its broker can resend the invitation with it.
-- Passwords and sessions are dropped: they were set by whoever held the link, without proof of
-- the email; customers set a new one with a code.
CREATE TABLE `__customer_map` AS
SELECT
	bc.`broker_id` AS broker_id,
	bc.`customer_id` AS old_id,
	CASE WHEN row_number() OVER (PARTITION BY bc.`customer_id` ORDER BY bc.`invited_at`, bc.`broker_id`) = 1
		THEN bc.`customer_id` ELSE lower(hex(randomblob(16))) END AS new_id,
	(SELECT count(*) FROM `broker_customers` x WHERE x.`customer_id` = bc.`customer_id`) AS broker_count
FROM `broker_customers` bc;
--> statement-breakpoint
CREATE TABLE `__new_customers` (
	`id` text PRIMARY KEY NOT NULL,
	`broker_id` text NOT NULL,
	`email` text NOT NULL,
	`name` text NOT NULL,
	`loan_type` text,
	`upload_link` text NOT NULL,
	`invitation_status` text DEFAULT 'pending' NOT NULL,
	`invited_at` integer NOT NULL,
	`accepted_at` integer,
	`last_reminder_at` integer,
	`last_active_at` integer,
	`account_connected_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`broker_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_customers`
	(`id`, `broker_id`, `email`, `name`, `loan_type`, `upload_link`, `invitation_status`, `invited_at`, `accepted_at`, `last_reminder_at`, `last_active_at`, `created_at`)
SELECT
	m.new_id, bc.`broker_id`, c.`email`, coalesce(bc.`display_name`, c.`name`), bc.`loan_type`,
	CASE WHEN m.broker_count = 1 THEN c.`upload_link` ELSE lower(hex(randomblob(24))) END,
	CASE WHEN m.broker_count = 1 THEN bc.`invitation_status` ELSE 'pending' END, bc.`invited_at`,
	CASE WHEN m.broker_count = 1 THEN bc.`accepted_at` END, bc.`last_reminder_at`,
	CASE WHEN m.broker_count = 1 THEN c.`last_active_at` END, bc.`created_at`
FROM `broker_customers` bc
JOIN `customers` c ON c.`id` = bc.`customer_id`
JOIN `__customer_map` m ON m.old_id = bc.`customer_id` AND m.broker_id = bc.`broker_id`;
--> statement-breakpoint
UPDATE `documents` SET `customer_id` = (
	SELECT m.new_id FROM `__customer_map` m WHERE m.old_id = `documents`.`customer_id` AND m.broker_id = `documents`.`broker_id`
) WHERE EXISTS (SELECT 1 FROM `__customer_map` m WHERE m.old_id = `documents`.`customer_id` AND m.broker_id = `documents`.`broker_id`);
--> statement-breakpoint
UPDATE `notifications` SET `customer_id` = (
	SELECT m.new_id FROM `__customer_map` m WHERE m.old_id = `notifications`.`customer_id` AND m.broker_id = `notifications`.`broker_id`
) WHERE `audience` = 'customer' AND EXISTS (
	SELECT 1 FROM `__customer_map` m WHERE m.old_id = `notifications`.`customer_id` AND m.broker_id = `notifications`.`broker_id`
);
--> statement-breakpoint
DROP TABLE `__customer_map`;
--> statement-breakpoint
DROP TABLE `customer_sessions`;
--> statement-breakpoint
DROP TABLE `password_reset_tokens`;
--> statement-breakpoint
DROP TABLE `broker_customers`;
--> statement-breakpoint
DROP TABLE `customers`;
--> statement-breakpoint
ALTER TABLE `__new_customers` RENAME TO `customers`;
--> statement-breakpoint
CREATE UNIQUE INDEX `customers_upload_link_unique` ON `customers` (`upload_link`);
--> statement-breakpoint
CREATE UNIQUE INDEX `customers_broker_email_idx` ON `customers` (`broker_id`,`email`);
--> statement-breakpoint
CREATE INDEX `customers_email_idx` ON `customers` (`email`);
--> statement-breakpoint
CREATE TABLE `customer_accounts` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `customer_accounts_email_unique` ON `customer_accounts` (`email`);
--> statement-breakpoint
CREATE TABLE `customer_email_codes` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`customer_id` text NOT NULL,
	`code_hash` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `customer_email_codes_customer_idx` ON `customer_email_codes` (`customer_id`);
--> statement-breakpoint
CREATE TABLE `customer_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `customer_accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `customer_sessions_account_idx` ON `customer_sessions` (`account_id`);
--> statement-breakpoint
CREATE TABLE `password_reset_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `customer_accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `password_reset_account_idx` ON `password_reset_tokens` (`account_id`);
