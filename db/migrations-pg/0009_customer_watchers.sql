CREATE TABLE "customer_watchers" (
	"customer_id" text NOT NULL,
	"member_id" text NOT NULL,
	CONSTRAINT "customer_watchers_customer_id_member_id_pk" PRIMARY KEY("customer_id","member_id")
);
--> statement-breakpoint
ALTER TABLE "customer_watchers" ADD CONSTRAINT "customer_watchers_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_watchers" ADD CONSTRAINT "customer_watchers_member_id_workspace_members_user_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."workspace_members"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_watchers_member_idx" ON "customer_watchers" USING btree ("member_id");