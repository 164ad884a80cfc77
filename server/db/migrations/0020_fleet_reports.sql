CREATE TABLE "fleet_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"report_id" uuid NOT NULL,
	"delivered_on" date NOT NULL,
	"origin" text NOT NULL,
	"destination" text NOT NULL,
	"distance_miles" double precision DEFAULT 0 NOT NULL,
	"weight_lb" integer DEFAULT 0 NOT NULL,
	"price_cents" integer NOT NULL,
	"discount_kind" text,
	"discount_value" integer,
	"employee_id" uuid,
	"proof_key" text,
	"proof_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fleet_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid,
	"title" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"notes" text,
	"discount_kind" text,
	"discount_value" integer,
	"created_by" uuid,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("title", ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fleet_deliveries" ADD CONSTRAINT "fleet_deliveries_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_deliveries" ADD CONSTRAINT "fleet_deliveries_report_id_fleet_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."fleet_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_deliveries" ADD CONSTRAINT "fleet_deliveries_employee_id_fleet_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."fleet_employees"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_reports" ADD CONSTRAINT "fleet_reports_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_reports" ADD CONSTRAINT "fleet_reports_customer_id_fleet_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."fleet_customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_reports" ADD CONSTRAINT "fleet_reports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fleet_deliveries_report_idx" ON "fleet_deliveries" USING btree ("report_id","delivered_on");--> statement-breakpoint
CREATE INDEX "fleet_deliveries_employee_idx" ON "fleet_deliveries" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "fleet_reports_business_idx" ON "fleet_reports" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "fleet_reports_title_idx" ON "fleet_reports" USING btree ("title");--> statement-breakpoint
CREATE INDEX "fleet_reports_customer_id_idx" ON "fleet_reports" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "fleet_reports_period_from_idx" ON "fleet_reports" USING btree ("period_from");--> statement-breakpoint
CREATE INDEX "fleet_reports_period_to_idx" ON "fleet_reports" USING btree ("period_to");--> statement-breakpoint
CREATE INDEX "fleet_reports_status_idx" ON "fleet_reports" USING btree ("status");--> statement-breakpoint
CREATE INDEX "fleet_reports_search_trgm" ON "fleet_reports" USING gin ("search_text" gin_trgm_ops);