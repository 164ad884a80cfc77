CREATE TABLE "catalogue_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid,
	"image" text,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"price" integer NOT NULL,
	"duration_minutes" integer,
	"category" text NOT NULL,
	"tax_code" text NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"description" text,
	"created_by" uuid,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("name", ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalogue_items" ADD CONSTRAINT "catalogue_items_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_items" ADD CONSTRAINT "catalogue_items_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalogue_items_business_idx" ON "catalogue_items" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "catalogue_items_name_key" ON "catalogue_items" USING btree ("business_id","name");--> statement-breakpoint
CREATE INDEX "catalogue_items_kind_idx" ON "catalogue_items" USING btree ("kind");--> statement-breakpoint
CREATE INDEX "catalogue_items_price_idx" ON "catalogue_items" USING btree ("price");--> statement-breakpoint
CREATE INDEX "catalogue_items_duration_minutes_idx" ON "catalogue_items" USING btree ("duration_minutes");--> statement-breakpoint
CREATE INDEX "catalogue_items_category_idx" ON "catalogue_items" USING btree ("category");--> statement-breakpoint
CREATE INDEX "catalogue_items_search_trgm" ON "catalogue_items" USING gin ("search_text" gin_trgm_ops);