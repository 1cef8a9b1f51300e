CREATE TABLE `oidc_flows` (
	`state_hash` text PRIMARY KEY NOT NULL,
	`code_verifier` text NOT NULL,
	`nonce` text NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `oidc_flows_expires_idx` ON `oidc_flows` (`expires_at`);--> statement-breakpoint
CREATE TABLE `two_factor_pending_sign_ins` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `two_factor_pending_sign_ins_expires_idx` ON `two_factor_pending_sign_ins` (`expires_at`);--> statement-breakpoint
CREATE INDEX `two_factor_pending_sign_ins_user_idx` ON `two_factor_pending_sign_ins` (`user_id`);