CREATE TABLE `signature_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`customer_id` text NOT NULL,
	`document_id` text,
	`created_by` text,
	`name` text NOT NULL,
	`message` text,
	`ordered` integer DEFAULT false NOT NULL,
	`status` text DEFAULT 'sent' NOT NULL,
	`fields` text NOT NULL,
	`page_count` integer NOT NULL,
	`original_storage_key` text NOT NULL,
	`original_name` text NOT NULL,
	`original_sha256` text NOT NULL,
	`sealed_sha256` text,
	`voided_at` integer,
	`completed_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `signature_requests_workspace_customer_idx` ON `signature_requests` (`workspace_id`,`customer_id`);--> statement-breakpoint
CREATE INDEX `signature_requests_document_idx` ON `signature_requests` (`document_id`);--> statement-breakpoint
CREATE TABLE `signature_signers` (
	`id` text PRIMARY KEY NOT NULL,
	`request_id` text NOT NULL,
	`workspace_id` text NOT NULL,
	`position` integer NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`customer_id` text,
	`token_hash` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`consented_at` integer,
	`viewed_at` integer,
	`signed_at` integer,
	`declined_at` integer,
	`decline_reason` text,
	`ip` text,
	`user_agent` text,
	`signature_type` text,
	`signature_text` text,
	`signature_key` text,
	`field_values` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`request_id`) REFERENCES `signature_requests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `signature_signers_request_idx` ON `signature_signers` (`request_id`,`position`);--> statement-breakpoint
CREATE UNIQUE INDEX `signature_signers_token_idx` ON `signature_signers` (`token_hash`);--> statement-breakpoint
CREATE INDEX `signature_signers_customer_idx` ON `signature_signers` (`customer_id`);--> statement-breakpoint
ALTER TABLE `documents` ADD `kind` text DEFAULT 'upload' NOT NULL;--> statement-breakpoint
ALTER TABLE `emails` ADD `attachment_key` text;--> statement-breakpoint
ALTER TABLE `emails` ADD `attachment_name` text;