CREATE TABLE "fleet_customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid,
	"name" text NOT NULL,
	"contact_name" text,
	"email" text,
	"phone" text,
	"street" text,
	"city" text,
	"state" text,
	"zip" text,
	"notes" text,
	"created_by" uuid,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("name", '') || ' ' || coalesce("contact_name", '') || ' ' || coalesce("email", '') || ' ' || coalesce("city", ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fleet_employees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid,
	"last_name" text NOT NULL,
	"first_name" text NOT NULL,
	"email" text,
	"phone" text,
	"fleet_role" text NOT NULL,
	"licence_number" text,
	"licence_expiry" date,
	"status" text NOT NULL,
	"created_by" uuid,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("last_name", '') || ' ' || coalesce("first_name", '') || ' ' || coalesce("email", '') || ' ' || coalesce("licence_number", ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fleet_customers" ADD CONSTRAINT "fleet_customers_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_customers" ADD CONSTRAINT "fleet_customers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_employees" ADD CONSTRAINT "fleet_employees_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_employees" ADD CONSTRAINT "fleet_employees_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fleet_customers_business_idx" ON "fleet_customers" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "fleet_customers_name_key" ON "fleet_customers" USING btree ("business_id","name");--> statement-breakpoint
CREATE INDEX "fleet_customers_city_idx" ON "fleet_customers" USING btree ("city");--> statement-breakpoint
CREATE INDEX "fleet_customers_search_trgm" ON "fleet_customers" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "fleet_employees_business_idx" ON "fleet_employees" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "fleet_employees_last_name_idx" ON "fleet_employees" USING btree ("last_name");--> statement-breakpoint
CREATE INDEX "fleet_employees_first_name_idx" ON "fleet_employees" USING btree ("first_name");--> statement-breakpoint
CREATE INDEX "fleet_employees_fleet_role_idx" ON "fleet_employees" USING btree ("fleet_role");--> statement-breakpoint
CREATE UNIQUE INDEX "fleet_employees_licence_number_key" ON "fleet_employees" USING btree ("business_id","licence_number");--> statement-breakpoint
CREATE INDEX "fleet_employees_licence_expiry_idx" ON "fleet_employees" USING btree ("licence_expiry");--> statement-breakpoint
CREATE INDEX "fleet_employees_status_idx" ON "fleet_employees" USING btree ("status");--> statement-breakpoint
CREATE INDEX "fleet_employees_search_trgm" ON "fleet_employees" USING gin ("search_text" gin_trgm_ops);