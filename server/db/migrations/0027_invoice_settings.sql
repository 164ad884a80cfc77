CREATE TABLE "invoice_settings" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"default_due_days" integer DEFAULT 30 NOT NULL,
	"default_tax_rate" integer DEFAULT 0 NOT NULL,
	"footer" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoice_settings" ADD CONSTRAINT "invoice_settings_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;