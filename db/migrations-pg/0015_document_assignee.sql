ALTER TABLE "documents" ADD COLUMN "assignee_id" text;--> statement-breakpoint
CREATE INDEX "documents_workspace_assignee_due_idx" ON "documents" USING btree ("workspace_id","assignee_id","due_date","created_at");--> statement-breakpoint
CREATE INDEX "documents_workspace_assignee_status_due_idx" ON "documents" USING btree ("workspace_id","assignee_id","status","due_date","created_at","verified_at");--> statement-breakpoint
-- Hand-written (keep at the end if this migration is regenerated): every existing document takes
-- its customer's assignee, as documents/creation.ts gives each new one.
UPDATE "documents" SET "assignee_id" = (SELECT "assignee_id" FROM "customers" WHERE "customers"."id" = "documents"."customer_id");
