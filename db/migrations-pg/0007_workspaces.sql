CREATE TABLE "workspace_invitations" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"accepted_at" timestamp (3) with time zone,
	"created_by" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workspace_members" (
	"user_id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workspaces" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"visibility" text DEFAULT 'all' NOT NULL,
	"claimed_domains" jsonb NOT NULL,
	"default_role" text DEFAULT 'broker' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Every existing broker becomes the owner of a workspace of their own whose id is the broker's own
-- id: each tenant table's broker_id then already holds its workspace id, so moving the data is
-- renaming that column to workspace_id (every row kept as it is), and each customer's assignee is
-- the broker who had it. The workspace is named after the broker's company, else their name,
-- else their email (the same rule as src/features/workspaces/service.ts for a new sign-up).
INSERT INTO "workspaces" ("id", "name", "claimed_domains", "created_at") SELECT u."id", coalesce(nullif(trim(p.company), ''), nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), u.email), '[]'::jsonb, u."created_at" FROM "users" u LEFT JOIN "broker_profiles" p ON p."broker_id" = u."id";--> statement-breakpoint
INSERT INTO "workspace_members" ("user_id", "workspace_id", "role", "created_at") SELECT "id", "id", 'owner', "created_at" FROM "users";--> statement-breakpoint
ALTER TABLE "audit_chain_heads" RENAME COLUMN "broker_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "audit_events" RENAME COLUMN "broker_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "subscriptions" RENAME COLUMN "broker_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "customers" RENAME COLUMN "broker_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "documents" RENAME COLUMN "broker_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "document_expiries" RENAME COLUMN "broker_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "export_settings" RENAME COLUMN "broker_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "reminder_cadences" RENAME COLUMN "broker_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "reminder_pauses" RENAME COLUMN "broker_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "reminder_settings" RENAME COLUMN "broker_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "checklist_templates" RENAME COLUMN "broker_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "audit_chain_heads" DROP CONSTRAINT "audit_chain_heads_broker_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_broker_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "subscriptions" DROP CONSTRAINT "subscriptions_broker_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "customers" DROP CONSTRAINT "customers_broker_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "documents" DROP CONSTRAINT "documents_broker_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "document_expiries" DROP CONSTRAINT "document_expiries_broker_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "export_settings" DROP CONSTRAINT "export_settings_broker_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "reminder_cadences" DROP CONSTRAINT "reminder_cadences_broker_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "reminder_pauses" DROP CONSTRAINT "reminder_pauses_broker_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "reminder_settings" DROP CONSTRAINT "reminder_settings_broker_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "checklist_templates" DROP CONSTRAINT "checklist_templates_broker_id_users_id_fk";
--> statement-breakpoint
DROP INDEX "audit_events_broker_sequence_idx";--> statement-breakpoint
DROP INDEX "customers_broker_email_idx";--> statement-breakpoint
DROP INDEX "customers_broker_name_idx";--> statement-breakpoint
DROP INDEX "customers_broker_invited_idx";--> statement-breakpoint
DROP INDEX "documents_broker_customer_idx";--> statement-breakpoint
DROP INDEX "documents_broker_status_idx";--> statement-breakpoint
DROP INDEX "documents_broker_due_idx";--> statement-breakpoint
DROP INDEX "documents_broker_status_due_idx";--> statement-breakpoint
DROP INDEX "document_expiries_broker_idx";--> statement-breakpoint
DROP INDEX "checklist_templates_broker_name_idx";--> statement-breakpoint
DROP INDEX "audit_events_customer_idx";--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "assignee_id" text;--> statement-breakpoint
UPDATE "customers" SET "assignee_id" = "workspace_id";--> statement-breakpoint
ALTER TABLE "customers" ALTER COLUMN "assignee_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "workspace_invitations" ADD CONSTRAINT "workspace_invitations_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_invitations" ADD CONSTRAINT "workspace_invitations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_invitations_token_idx" ON "workspace_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "workspace_invitations_workspace_idx" ON "workspace_invitations" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "workspace_members_workspace_idx" ON "workspace_members" USING btree ("workspace_id");--> statement-breakpoint
ALTER TABLE "audit_chain_heads" ADD CONSTRAINT "audit_chain_heads_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_expiries" ADD CONSTRAINT "document_expiries_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_settings" ADD CONSTRAINT "export_settings_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_cadences" ADD CONSTRAINT "reminder_cadences_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_pauses" ADD CONSTRAINT "reminder_pauses_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_settings" ADD CONSTRAINT "reminder_settings_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_templates" ADD CONSTRAINT "checklist_templates_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_events_workspace_sequence_idx" ON "audit_events" USING btree ("workspace_id","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_workspace_email_idx" ON "customers" USING btree ("workspace_id","email");--> statement-breakpoint
CREATE INDEX "customers_workspace_name_idx" ON "customers" USING btree ("workspace_id",lower("name"),"email");--> statement-breakpoint
CREATE INDEX "customers_workspace_invited_idx" ON "customers" USING btree ("workspace_id","invited_at");--> statement-breakpoint
CREATE INDEX "customers_workspace_assignee_idx" ON "customers" USING btree ("workspace_id","assignee_id");--> statement-breakpoint
CREATE INDEX "documents_workspace_customer_idx" ON "documents" USING btree ("workspace_id","customer_id");--> statement-breakpoint
CREATE INDEX "documents_workspace_status_idx" ON "documents" USING btree ("workspace_id","status");--> statement-breakpoint
CREATE INDEX "documents_workspace_due_idx" ON "documents" USING btree ("workspace_id","due_date","created_at");--> statement-breakpoint
CREATE INDEX "documents_workspace_status_due_idx" ON "documents" USING btree ("workspace_id","status","due_date","created_at");--> statement-breakpoint
CREATE INDEX "document_expiries_workspace_idx" ON "document_expiries" USING btree ("workspace_id","expires_on");--> statement-breakpoint
CREATE UNIQUE INDEX "checklist_templates_workspace_name_idx" ON "checklist_templates" USING btree ("workspace_id","name_key");--> statement-breakpoint
CREATE INDEX "audit_events_customer_idx" ON "audit_events" USING btree ("workspace_id","customer_id","sequence");