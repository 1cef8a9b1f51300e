DROP INDEX `customers_workspace_assignee_idx`;--> statement-breakpoint
CREATE INDEX `customers_workspace_assignee_name_idx` ON `customers` (`workspace_id`,`assignee_id`,"name" collate nocase,`email`);--> statement-breakpoint
CREATE INDEX `customers_workspace_assignee_idx` ON `customers` (`workspace_id`,`assignee_id`,`invited_at`,`id`);--> statement-breakpoint
DROP INDEX `documents_customer_idx`;--> statement-breakpoint
CREATE INDEX `documents_customer_idx` ON `documents` (`customer_id`,`status`,`due_date`,`verified_at`);--> statement-breakpoint
CREATE INDEX `document_expiries_customer_idx` ON `document_expiries` (`customer_id`,`expires_on`);