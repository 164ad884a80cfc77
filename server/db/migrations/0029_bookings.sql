CREATE TABLE "booking_versions" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"product_id" uuid,
	"customer_name" text NOT NULL,
	"customer_email" text DEFAULT '' NOT NULL,
	"customer_phone" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'confirmed' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mover_quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid,
	"number" text NOT NULL,
	"customer_name" text NOT NULL,
	"customer_email" text NOT NULL,
	"customer_phone" text,
	"move_date" date NOT NULL,
	"start_time" text NOT NULL,
	"origin_address" text NOT NULL,
	"destination_address" text NOT NULL,
	"pricing_type" text NOT NULL,
	"price_cents" integer,
	"hourly_rate_cents" integer,
	"estimated_hours" integer NOT NULL,
	"minimum_hours" integer,
	"crew_size" integer NOT NULL,
	"truck" text,
	"notes" text,
	"valid_until" date NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"sent_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"invoice_id" uuid,
	"booking_id" text,
	"public_token" text,
	"created_by" uuid,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("number", '') || ' ' || coalesce("customer_name", '') || ' ' || coalesce("customer_email", ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mover_quotes_inventory" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"record_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"item" text NOT NULL,
	"quantity" integer NOT NULL,
	"cubic_feet" integer
);
--> statement-breakpoint
ALTER TABLE "booking_versions" ADD CONSTRAINT "booking_versions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mover_quotes" ADD CONSTRAINT "mover_quotes_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mover_quotes" ADD CONSTRAINT "mover_quotes_invoice_id_mover_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."mover_invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mover_quotes" ADD CONSTRAINT "mover_quotes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mover_quotes_inventory" ADD CONSTRAINT "mover_quotes_inventory_record_id_mover_quotes_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."mover_quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_business_starts_idx" ON "bookings" USING btree ("business_id","starts_at");--> statement-breakpoint
CREATE INDEX "mover_quotes_business_idx" ON "mover_quotes" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "mover_quotes_number_key" ON "mover_quotes" USING btree ("business_id","number");--> statement-breakpoint
CREATE INDEX "mover_quotes_customer_name_idx" ON "mover_quotes" USING btree ("customer_name");--> statement-breakpoint
CREATE INDEX "mover_quotes_move_date_tenant_idx" ON "mover_quotes" USING btree ("business_id","move_date");--> statement-breakpoint
CREATE INDEX "mover_quotes_pricing_type_idx" ON "mover_quotes" USING btree ("pricing_type");--> statement-breakpoint
CREATE INDEX "mover_quotes_valid_until_idx" ON "mover_quotes" USING btree ("valid_until");--> statement-breakpoint
CREATE INDEX "mover_quotes_status_idx" ON "mover_quotes" USING btree ("status");--> statement-breakpoint
CREATE INDEX "mover_quotes_invoice_id_idx" ON "mover_quotes" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mover_quotes_public_token_key" ON "mover_quotes" USING btree ("business_id","public_token");--> statement-breakpoint
CREATE INDEX "mover_quotes_search_trgm" ON "mover_quotes" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "mover_quotes_inventory_record_position_key" ON "mover_quotes_inventory" USING btree ("record_id","position");