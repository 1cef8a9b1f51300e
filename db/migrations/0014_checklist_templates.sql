CREATE TABLE `checklist_templates` (
	`id` text PRIMARY KEY NOT NULL,
	`broker_id` text NOT NULL,
	`name` text NOT NULL,
	`name_key` text NOT NULL,
	`trade` text DEFAULT '' NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`documents` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`broker_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `checklist_templates_broker_name_idx` ON `checklist_templates` (`broker_id`,`name_key`);