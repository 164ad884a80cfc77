CREATE TABLE "fleet_service_ticket_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"uploaded_by" uuid,
	"file_name" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fleet_service_ticket_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"author_id" uuid,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fleet_service_tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid,
	"title" text NOT NULL,
	"customer" uuid NOT NULL,
	"status" text NOT NULL,
	"priority" text NOT NULL,
	"scheduled_date" date,
	"window_start" text,
	"window_end" text,
	"address" text NOT NULL,
	"assigned_employees" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"description" text,
	"created_by" uuid,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("title", '') || ' ' || coalesce("address", ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fleet_service_ticket_attachments" ADD CONSTRAINT "fleet_service_ticket_attachments_ticket_id_fleet_service_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."fleet_service_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_service_ticket_attachments" ADD CONSTRAINT "fleet_service_ticket_attachments_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_service_ticket_attachments" ADD CONSTRAINT "fleet_service_ticket_attachments_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_service_ticket_comments" ADD CONSTRAINT "fleet_service_ticket_comments_ticket_id_fleet_service_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."fleet_service_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_service_ticket_comments" ADD CONSTRAINT "fleet_service_ticket_comments_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_service_ticket_comments" ADD CONSTRAINT "fleet_service_ticket_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_service_tickets" ADD CONSTRAINT "fleet_service_tickets_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_service_tickets" ADD CONSTRAINT "fleet_service_tickets_customer_fleet_customers_id_fk" FOREIGN KEY ("customer") REFERENCES "public"."fleet_customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_service_tickets" ADD CONSTRAINT "fleet_service_tickets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fleet_service_ticket_attachments_ticket_idx" ON "fleet_service_ticket_attachments" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE INDEX "fleet_service_ticket_comments_ticket_idx" ON "fleet_service_ticket_comments" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE INDEX "fleet_service_tickets_business_idx" ON "fleet_service_tickets" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "fleet_service_tickets_title_idx" ON "fleet_service_tickets" USING btree ("title");--> statement-breakpoint
CREATE INDEX "fleet_service_tickets_customer_idx" ON "fleet_service_tickets" USING btree ("customer");--> statement-breakpoint
CREATE INDEX "fleet_service_tickets_status_idx" ON "fleet_service_tickets" USING btree ("status");--> statement-breakpoint
CREATE INDEX "fleet_service_tickets_priority_idx" ON "fleet_service_tickets" USING btree ("priority");--> statement-breakpoint
CREATE INDEX "fleet_service_tickets_scheduled_date_idx" ON "fleet_service_tickets" USING btree ("scheduled_date");--> statement-breakpoint
CREATE INDEX "fleet_service_tickets_assigned_employees_gin" ON "fleet_service_tickets" USING gin ("assigned_employees");--> statement-breakpoint
CREATE INDEX "fleet_service_tickets_search_trgm" ON "fleet_service_tickets" USING gin ("search_text" gin_trgm_ops);