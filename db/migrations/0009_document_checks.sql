ALTER TABLE `document_versions` ADD `page_count` integer;--> statement-breakpoint
ALTER TABLE `document_versions` ADD `check_report` text;--> statement-breakpoint
ALTER TABLE `documents` ADD `page_count` integer;--> statement-breakpoint
ALTER TABLE `documents` ADD `check_report` text;--> statement-breakpoint
ALTER TABLE `documents` ADD `acceptance_rules` text;--> statement-breakpoint
ALTER TABLE `documents` ADD `unavailable_reason` text;--> statement-breakpoint
ALTER TABLE `documents` ADD `unavailable_at` integer;