DROP INDEX "customers_workspace_assignee_idx";--> statement-breakpoint
DROP INDEX "documents_customer_idx";--> statement-breakpoint
CREATE INDEX "customers_workspace_assignee_name_idx" ON "customers" USING btree ("workspace_id","assignee_id",lower("name"),"email");--> statement-breakpoint
CREATE INDEX "document_expiries_customer_idx" ON "document_expiries" USING btree ("customer_id","expires_on");--> statement-breakpoint
CREATE INDEX "customers_workspace_assignee_idx" ON "customers" USING btree ("workspace_id","assignee_id","invited_at","id");--> statement-breakpoint
CREATE INDEX "documents_customer_idx" ON "documents" USING btree ("customer_id","status","due_date","verified_at");