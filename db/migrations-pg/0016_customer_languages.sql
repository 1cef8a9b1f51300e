ALTER TABLE "customer_accounts" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "chosen_language" text;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "default_language" text;