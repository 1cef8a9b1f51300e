CREATE TABLE `export_settings` (
	`broker_id` text PRIMARY KEY NOT NULL,
	`file_name_pattern` text NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`broker_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
