ALTER TABLE `customer_accounts` ADD `language` text;--> statement-breakpoint
ALTER TABLE `customers` ADD `language` text;--> statement-breakpoint
ALTER TABLE `customers` ADD `chosen_language` text;--> statement-breakpoint
ALTER TABLE `workspaces` ADD `default_language` text;