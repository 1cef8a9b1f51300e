DROP INDEX `notifications_broker_idx`;--> statement-breakpoint
DROP INDEX `notifications_broker_time_idx`;--> statement-breakpoint
CREATE INDEX `notifications_broker_idx` ON `notifications` (`broker_id`,`audience`,`read`);--> statement-breakpoint
CREATE INDEX `notifications_broker_time_idx` ON `notifications` (`broker_id`,`audience`,`created_at`);