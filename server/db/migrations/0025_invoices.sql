CREATE TABLE "mover_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid,
	"number" text NOT NULL,
	"customer_name" text NOT NULL,
	"customer_email" text NOT NULL,
	"issue_date" date NOT NULL,
	"due_date" date NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"discount_amount" integer,
	"discount_percent" integer,
	"notes" text,
	"sent_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"pay_link_token" text,
	"created_by" uuid,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("number", '') || ' ' || coalesce("customer_name", '') || ' ' || coalesce("customer_email", ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mover_invoices_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"record_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"tax_rate" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mover_invoices" ADD CONSTRAINT "mover_invoices_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mover_invoices" ADD CONSTRAINT "mover_invoices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mover_invoices_lines" ADD CONSTRAINT "mover_invoices_lines_record_id_mover_invoices_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."mover_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mover_invoices_business_idx" ON "mover_invoices" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "mover_invoices_number_key" ON "mover_invoices" USING btree ("business_id","number");--> statement-breakpoint
CREATE INDEX "mover_invoices_customer_name_idx" ON "mover_invoices" USING btree ("customer_name");--> statement-breakpoint
CREATE INDEX "mover_invoices_issue_date_tenant_idx" ON "mover_invoices" USING btree ("business_id","issue_date");--> statement-breakpoint
CREATE INDEX "mover_invoices_due_date_idx" ON "mover_invoices" USING btree ("due_date");--> statement-breakpoint
CREATE INDEX "mover_invoices_status_idx" ON "mover_invoices" USING btree ("status");--> statement-breakpoint
CREATE INDEX "mover_invoices_search_trgm" ON "mover_invoices" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "mover_invoices_lines_record_position_key" ON "mover_invoices_lines" USING btree ("record_id","position");