CREATE INDEX `customers_broker_name_idx` ON `customers` (`broker_id`,"name" collate nocase,`email`);--> statement-breakpoint
CREATE INDEX `customers_broker_invited_idx` ON `customers` (`broker_id`,`invited_at`);--> statement-breakpoint
CREATE INDEX `documents_broker_due_idx` ON `documents` (`broker_id`,`due_date`,`created_at`);--> statement-breakpoint
CREATE INDEX `documents_broker_status_due_idx` ON `documents` (`broker_id`,`status`,`due_date`,`created_at`);--> statement-breakpoint
CREATE INDEX `notifications_broker_time_idx` ON `notifications` (`broker_id`,`created_at`);