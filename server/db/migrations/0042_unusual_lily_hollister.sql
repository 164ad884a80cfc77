CREATE TABLE "file_nodes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner" text NOT NULL,
	"business_id" uuid,
	"parent_id" uuid,
	"name" text NOT NULL,
	"is_folder" boolean NOT NULL,
	"color" text DEFAULT '#45caf1' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"size" bigint DEFAULT 0 NOT NULL,
	"mime" text,
	"storage_key" text,
	"crc32" bigint,
	"deleted_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "file_nodes" ADD CONSTRAINT "file_nodes_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_nodes" ADD CONSTRAINT "file_nodes_parent_id_file_nodes_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."file_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_nodes" ADD CONSTRAINT "file_nodes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "file_nodes_root_idx" ON "file_nodes" USING btree ("owner") WHERE "file_nodes"."parent_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "file_nodes_sibling_name_idx" ON "file_nodes" USING btree ("parent_id",lower("name")) WHERE "file_nodes"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "file_nodes_owner_idx" ON "file_nodes" USING btree ("owner");--> statement-breakpoint
CREATE INDEX "file_nodes_deleted_idx" ON "file_nodes" USING btree ("deleted_at") WHERE "file_nodes"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "file_nodes_storage_key_idx" ON "file_nodes" USING btree ("storage_key");