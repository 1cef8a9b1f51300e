CREATE TABLE `customer_watchers` (
	`customer_id` text NOT NULL,
	`member_id` text NOT NULL,
	PRIMARY KEY(`customer_id`, `member_id`),
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`member_id`) REFERENCES `workspace_members`(`user_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `customer_watchers_member_idx` ON `customer_watchers` (`member_id`);