CREATE TABLE `workspace_invitations` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`email` text NOT NULL,
	`role` text NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`accepted_at` integer,
	`created_by` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `workspace_invitations_token_idx` ON `workspace_invitations` (`token_hash`);--> statement-breakpoint
CREATE INDEX `workspace_invitations_workspace_idx` ON `workspace_invitations` (`workspace_id`);--> statement-breakpoint
CREATE TABLE `workspace_members` (
	`user_id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`role` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `workspace_members_workspace_idx` ON `workspace_members` (`workspace_id`);--> statement-breakpoint
CREATE TABLE `workspaces` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`visibility` text DEFAULT 'all' NOT NULL,
	`claimed_domains` text NOT NULL,
	`default_role` text DEFAULT 'broker' NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
-- Every existing broker becomes the owner of a workspace of their own whose id is the broker's own
-- id: each tenant table's broker_id then already holds its workspace id, so moving the data is
-- renaming that column to workspace_id (every row kept as it is), and each customer's assignee is
-- the broker who had it. The workspace is named after the broker's company, else their name,
-- else their email (the same rule as src/features/workspaces/service.ts for a new sign-up).
INSERT INTO `workspaces` (`id`, `name`, `claimed_domains`, `created_at`) SELECT u.`id`, coalesce(nullif(trim(p.company), ''), nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), u.email), '[]', u.`created_at` FROM `users` u LEFT JOIN `broker_profiles` p ON p.`broker_id` = u.`id`;--> statement-breakpoint
INSERT INTO `workspace_members` (`user_id`, `workspace_id`, `role`, `created_at`) SELECT `id`, `id`, 'owner', `created_at` FROM `users`;--> statement-breakpoint
CREATE TABLE `__new_audit_chain_heads` (
	`workspace_id` text PRIMARY KEY NOT NULL,
	`sequence` integer NOT NULL,
	`hash` text NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_audit_chain_heads`("workspace_id", "sequence", "hash") SELECT "broker_id", "sequence", "hash" FROM `audit_chain_heads`;--> statement-breakpoint
DROP TABLE `audit_chain_heads`;--> statement-breakpoint
ALTER TABLE `__new_audit_chain_heads` RENAME TO `audit_chain_heads`;--> statement-breakpoint
CREATE TABLE `__new_audit_events` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`sequence` integer NOT NULL,
	`customer_id` text NOT NULL,
	`customer_label` text NOT NULL,
	`at` integer NOT NULL,
	`actor_kind` text NOT NULL,
	`actor_id` text,
	`actor_label` text NOT NULL,
	`address` text,
	`action` text NOT NULL,
	`document_id` text,
	`document_name` text,
	`detail` text,
	`prev_hash` text NOT NULL,
	`hash` text NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_audit_events`("id", "workspace_id", "sequence", "customer_id", "customer_label", "at", "actor_kind", "actor_id", "actor_label", "address", "action", "document_id", "document_name", "detail", "prev_hash", "hash") SELECT "id", "broker_id", "sequence", "customer_id", "customer_label", "at", "actor_kind", "actor_id", "actor_label", "address", "action", "document_id", "document_name", "detail", "prev_hash", "hash" FROM `audit_events`;--> statement-breakpoint
DROP TABLE `audit_events`;--> statement-breakpoint
ALTER TABLE `__new_audit_events` RENAME TO `audit_events`;--> statement-breakpoint
CREATE UNIQUE INDEX `audit_events_workspace_sequence_idx` ON `audit_events` (`workspace_id`,`sequence`);--> statement-breakpoint
CREATE INDEX `audit_events_customer_idx` ON `audit_events` (`workspace_id`,`customer_id`,`sequence`);--> statement-breakpoint
CREATE TABLE `__new_subscriptions` (
	`workspace_id` text PRIMARY KEY NOT NULL,
	`plan` text NOT NULL,
	`status` text NOT NULL,
	`current_period_end` integer,
	`stripe_customer_id` text,
	`stripe_subscription_id` text,
	`updated_at` integer NOT NULL,
	`pending_plan` text,
	`pending_subscription_id` text,
	`pending_payment_intent_id` text,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_subscriptions`("workspace_id", "plan", "status", "current_period_end", "stripe_customer_id", "stripe_subscription_id", "updated_at", "pending_plan", "pending_subscription_id", "pending_payment_intent_id") SELECT "broker_id", "plan", "status", "current_period_end", "stripe_customer_id", "stripe_subscription_id", "updated_at", "pending_plan", "pending_subscription_id", "pending_payment_intent_id" FROM `subscriptions`;--> statement-breakpoint
DROP TABLE `subscriptions`;--> statement-breakpoint
ALTER TABLE `__new_subscriptions` RENAME TO `subscriptions`;--> statement-breakpoint
CREATE TABLE `__new_customers` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`assignee_id` text NOT NULL,
	`email` text NOT NULL,
	`name` text NOT NULL,
	`loan_type` text,
	`upload_link` text NOT NULL,
	`invitation_status` text DEFAULT 'pending' NOT NULL,
	`invited_at` integer NOT NULL,
	`accepted_at` integer,
	`last_reminder_at` integer,
	`last_active_at` integer,
	`account_connected_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`assignee_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
INSERT INTO `__new_customers`("id", "workspace_id", "assignee_id", "email", "name", "loan_type", "upload_link", "invitation_status", "invited_at", "accepted_at", "last_reminder_at", "last_active_at", "account_connected_at", "created_at") SELECT "id", "broker_id", "broker_id", "email", "name", "loan_type", "upload_link", "invitation_status", "invited_at", "accepted_at", "last_reminder_at", "last_active_at", "account_connected_at", "created_at" FROM `customers`;--> statement-breakpoint
DROP TABLE `customers`;--> statement-breakpoint
ALTER TABLE `__new_customers` RENAME TO `customers`;--> statement-breakpoint
CREATE UNIQUE INDEX `customers_upload_link_unique` ON `customers` (`upload_link`);--> statement-breakpoint
CREATE UNIQUE INDEX `customers_workspace_email_idx` ON `customers` (`workspace_id`,`email`);--> statement-breakpoint
CREATE INDEX `customers_email_idx` ON `customers` (`email`);--> statement-breakpoint
CREATE INDEX `customers_workspace_name_idx` ON `customers` (`workspace_id`,"name" collate nocase,`email`);--> statement-breakpoint
CREATE INDEX `customers_workspace_invited_idx` ON `customers` (`workspace_id`,`invited_at`);--> statement-breakpoint
CREATE INDEX `customers_workspace_assignee_idx` ON `customers` (`workspace_id`,`assignee_id`);--> statement-breakpoint
CREATE TABLE `__new_documents` (
	`id` text PRIMARY KEY NOT NULL,
	`customer_id` text NOT NULL,
	`workspace_id` text NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`status` text DEFAULT 'requested' NOT NULL,
	`due_date` integer,
	`reminder_at` integer,
	`reminder_sent_at` integer,
	`storage_key` text,
	`original_name` text,
	`mime_type` text,
	`file_size` integer,
	`rejection_reason` text,
	`admin_comments` text,
	`uploaded_at` integer,
	`verified_at` integer,
	`page_count` integer,
	`check_report` text,
	`acceptance_rules` text,
	`unavailable_reason` text,
	`unavailable_at` integer,
	`still_needed_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_documents`("id", "customer_id", "workspace_id", "name", "description", "status", "due_date", "reminder_at", "reminder_sent_at", "storage_key", "original_name", "mime_type", "file_size", "rejection_reason", "admin_comments", "uploaded_at", "verified_at", "page_count", "check_report", "acceptance_rules", "unavailable_reason", "unavailable_at", "still_needed_at", "created_at") SELECT "id", "customer_id", "broker_id", "name", "description", "status", "due_date", "reminder_at", "reminder_sent_at", "storage_key", "original_name", "mime_type", "file_size", "rejection_reason", "admin_comments", "uploaded_at", "verified_at", "page_count", "check_report", "acceptance_rules", "unavailable_reason", "unavailable_at", "still_needed_at", "created_at" FROM `documents`;--> statement-breakpoint
DROP TABLE `documents`;--> statement-breakpoint
ALTER TABLE `__new_documents` RENAME TO `documents`;--> statement-breakpoint
CREATE INDEX `documents_workspace_customer_idx` ON `documents` (`workspace_id`,`customer_id`);--> statement-breakpoint
CREATE INDEX `documents_workspace_status_idx` ON `documents` (`workspace_id`,`status`);--> statement-breakpoint
CREATE INDEX `documents_customer_idx` ON `documents` (`customer_id`);--> statement-breakpoint
CREATE INDEX `documents_workspace_due_idx` ON `documents` (`workspace_id`,`due_date`,`created_at`);--> statement-breakpoint
CREATE INDEX `documents_workspace_status_due_idx` ON `documents` (`workspace_id`,`status`,`due_date`,`created_at`);--> statement-breakpoint
CREATE INDEX `documents_not_uploaded_due_idx` ON `documents` (`due_date`) WHERE status in ('requested', 'incomplete');--> statement-breakpoint
CREATE INDEX `documents_reminder_due_idx` ON `documents` (`reminder_at`) WHERE reminder_sent_at is null;--> statement-breakpoint
CREATE TABLE `__new_document_expiries` (
	`document_id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`customer_id` text NOT NULL,
	`expires_on` text NOT NULL,
	`renewal_requested_at` integer,
	FOREIGN KEY (`document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_document_expiries`("document_id", "workspace_id", "customer_id", "expires_on", "renewal_requested_at") SELECT "document_id", "broker_id", "customer_id", "expires_on", "renewal_requested_at" FROM `document_expiries`;--> statement-breakpoint
DROP TABLE `document_expiries`;--> statement-breakpoint
ALTER TABLE `__new_document_expiries` RENAME TO `document_expiries`;--> statement-breakpoint
CREATE INDEX `document_expiries_workspace_idx` ON `document_expiries` (`workspace_id`,`expires_on`);--> statement-breakpoint
CREATE TABLE `__new_export_settings` (
	`workspace_id` text PRIMARY KEY NOT NULL,
	`file_name_pattern` text NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_export_settings`("workspace_id", "file_name_pattern", "updated_at") SELECT "broker_id", "file_name_pattern", "updated_at" FROM `export_settings`;--> statement-breakpoint
DROP TABLE `export_settings`;--> statement-breakpoint
ALTER TABLE `__new_export_settings` RENAME TO `export_settings`;--> statement-breakpoint
CREATE TABLE `__new_reminder_cadences` (
	`document_id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`customer_id` text NOT NULL,
	`almost_due_days` integer NOT NULL,
	`every_days` integer NOT NULL,
	`max_count` integer NOT NULL,
	`sent_count` integer DEFAULT 0 NOT NULL,
	`last_sent_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_reminder_cadences`("document_id", "workspace_id", "customer_id", "almost_due_days", "every_days", "max_count", "sent_count", "last_sent_at", "created_at") SELECT "document_id", "broker_id", "customer_id", "almost_due_days", "every_days", "max_count", "sent_count", "last_sent_at", "created_at" FROM `reminder_cadences`;--> statement-breakpoint
DROP TABLE `reminder_cadences`;--> statement-breakpoint
ALTER TABLE `__new_reminder_cadences` RENAME TO `reminder_cadences`;--> statement-breakpoint
CREATE TABLE `__new_reminder_pauses` (
	`customer_id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`paused_at` integer NOT NULL,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_reminder_pauses`("customer_id", "workspace_id", "paused_at") SELECT "customer_id", "broker_id", "paused_at" FROM `reminder_pauses`;--> statement-breakpoint
DROP TABLE `reminder_pauses`;--> statement-breakpoint
ALTER TABLE `__new_reminder_pauses` RENAME TO `reminder_pauses`;--> statement-breakpoint
CREATE TABLE `__new_reminder_settings` (
	`workspace_id` text PRIMARY KEY NOT NULL,
	`blackout_days` text NOT NULL,
	`expiry_lead_days` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_reminder_settings`("workspace_id", "blackout_days", "expiry_lead_days", "updated_at") SELECT "broker_id", "blackout_days", "expiry_lead_days", "updated_at" FROM `reminder_settings`;--> statement-breakpoint
DROP TABLE `reminder_settings`;--> statement-breakpoint
ALTER TABLE `__new_reminder_settings` RENAME TO `reminder_settings`;--> statement-breakpoint
CREATE TABLE `__new_checklist_templates` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`name` text NOT NULL,
	`name_key` text NOT NULL,
	`trade` text DEFAULT '' NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`documents` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_checklist_templates`("id", "workspace_id", "name", "name_key", "trade", "description", "documents", "created_at", "updated_at") SELECT "id", "broker_id", "name", "name_key", "trade", "description", "documents", "created_at", "updated_at" FROM `checklist_templates`;--> statement-breakpoint
DROP TABLE `checklist_templates`;--> statement-breakpoint
ALTER TABLE `__new_checklist_templates` RENAME TO `checklist_templates`;--> statement-breakpoint
CREATE UNIQUE INDEX `checklist_templates_workspace_name_idx` ON `checklist_templates` (`workspace_id`,`name_key`);