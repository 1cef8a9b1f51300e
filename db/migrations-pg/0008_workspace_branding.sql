CREATE TABLE "workspace_branding" (
	"workspace_id" text PRIMARY KEY NOT NULL,
	"company" text,
	"accent_color" text,
	"updated_at" timestamp (3) with time zone NOT NULL
);--> statement-breakpoint
CREATE TABLE "workspace_logos" (
	"workspace_id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"mime_type" text NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_logos_key_unique" UNIQUE("key")
);--> statement-breakpoint
ALTER TABLE "workspace_branding" ADD CONSTRAINT "workspace_branding_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_logos" ADD CONSTRAINT "workspace_logos_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- ===== Hand-written: moving each broker's branding to their workspace (drizzle-kit moves no data) =====
-- Branding (company, accent colour, logo) was per broker; it is now the workspace's. Each
-- workspace takes it from its members' old rows, field by field, preferring the founder's (the
-- member whose id is the workspace's: every upgraded broker), then an owner's, then the member
-- who joined first. A logo keeps its key, so the logo URLs in emails already sent keep working.
-- A broker's phone, contact email and time zone stay where they are (broker_profiles).
-- ORDER: after the CREATE TABLEs above and before the DROPs below. When this migration is
-- regenerated under another number, put this block back between drizzle-kit's CREATE and DROP
-- statements (drizzle-kit writes the DROPs right after the CREATEs).
INSERT INTO "workspace_branding" ("workspace_id", "company", "accent_color", "updated_at") SELECT w."id", (SELECT p."company" FROM "broker_profiles" p JOIN "workspace_members" m ON m."user_id" = p."broker_id" WHERE m."workspace_id" = w."id" AND p."company" IS NOT NULL ORDER BY (p."broker_id" = w."id") DESC, (m."role" = 'owner') DESC, m."created_at", m."user_id" LIMIT 1), (SELECT p."accent_color" FROM "broker_profiles" p JOIN "workspace_members" m ON m."user_id" = p."broker_id" WHERE m."workspace_id" = w."id" AND p."accent_color" IS NOT NULL ORDER BY (p."broker_id" = w."id") DESC, (m."role" = 'owner') DESC, m."created_at", m."user_id" LIMIT 1), (SELECT max(p."updated_at") FROM "broker_profiles" p JOIN "workspace_members" m ON m."user_id" = p."broker_id" WHERE m."workspace_id" = w."id") FROM "workspaces" w WHERE EXISTS (SELECT 1 FROM "broker_profiles" p JOIN "workspace_members" m ON m."user_id" = p."broker_id" WHERE m."workspace_id" = w."id" AND (p."company" IS NOT NULL OR p."accent_color" IS NOT NULL));--> statement-breakpoint
INSERT INTO "workspace_logos" ("workspace_id", "key", "mime_type", "data", "created_at") SELECT w."id", l."key", l."mime_type", l."data", l."created_at" FROM "workspaces" w JOIN "broker_logos" l ON l."broker_id" = (SELECT p."broker_id" FROM "broker_logos" p JOIN "workspace_members" m ON m."user_id" = p."broker_id" WHERE m."workspace_id" = w."id" ORDER BY (p."broker_id" = w."id") DESC, (m."role" = 'owner') DESC, m."created_at", m."user_id" LIMIT 1);
-- ===== End of the hand-written block; the DROPs drizzle-kit generated follow =====
--> statement-breakpoint
DROP TABLE "broker_logos" CASCADE;--> statement-breakpoint
ALTER TABLE "broker_profiles" DROP COLUMN "company";--> statement-breakpoint
ALTER TABLE "broker_profiles" DROP COLUMN "accent_color";
