CREATE TABLE "signature_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"document_id" text,
	"created_by" text,
	"name" text NOT NULL,
	"message" text,
	"ordered" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'sent' NOT NULL,
	"fields" jsonb NOT NULL,
	"page_count" integer NOT NULL,
	"original_storage_key" text NOT NULL,
	"original_name" text NOT NULL,
	"original_sha256" text NOT NULL,
	"sealed_sha256" text,
	"voided_at" timestamp (3) with time zone,
	"completed_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signature_signers" (
	"id" text PRIMARY KEY NOT NULL,
	"request_id" text NOT NULL,
	"workspace_id" text NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"customer_id" text,
	"token_hash" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"consented_at" timestamp (3) with time zone,
	"viewed_at" timestamp (3) with time zone,
	"signed_at" timestamp (3) with time zone,
	"declined_at" timestamp (3) with time zone,
	"decline_reason" text,
	"ip" text,
	"user_agent" text,
	"signature_type" text,
	"signature_text" text,
	"signature_key" text,
	"field_values" jsonb,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "kind" text DEFAULT 'upload' NOT NULL;--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "attachment_key" text;--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "attachment_name" text;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD CONSTRAINT "signature_requests_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD CONSTRAINT "signature_requests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD CONSTRAINT "signature_requests_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD CONSTRAINT "signature_requests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_signers" ADD CONSTRAINT "signature_signers_request_id_signature_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."signature_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_signers" ADD CONSTRAINT "signature_signers_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_signers" ADD CONSTRAINT "signature_signers_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "signature_requests_workspace_customer_idx" ON "signature_requests" USING btree ("workspace_id","customer_id");--> statement-breakpoint
CREATE INDEX "signature_requests_document_idx" ON "signature_requests" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "signature_signers_request_idx" ON "signature_signers" USING btree ("request_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "signature_signers_token_idx" ON "signature_signers" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "signature_signers_customer_idx" ON "signature_signers" USING btree ("customer_id");