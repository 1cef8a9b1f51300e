PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_customer_email_codes` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`customer_id` text,
	`code_hash` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
INSERT INTO `__new_customer_email_codes`("id", "email", "customer_id", "code_hash", "attempts", "expires_at", "used_at", "created_at") SELECT "id", "email", "customer_id", "code_hash", "attempts", "expires_at", "used_at", "created_at" FROM `customer_email_codes`;--> statement-breakpoint
DROP TABLE `customer_email_codes`;--> statement-breakpoint
ALTER TABLE `__new_customer_email_codes` RENAME TO `customer_email_codes`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `customer_email_codes_customer_idx` ON `customer_email_codes` (`customer_id`);--> statement-breakpoint
CREATE INDEX `customer_email_codes_email_idx` ON `customer_email_codes` (`email`,`created_at`);