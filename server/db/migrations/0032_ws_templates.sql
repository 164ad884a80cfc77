CREATE TABLE "ws_template_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" integer GENERATED ALWAYS AS IDENTITY (sequence name "ws_template_history_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"template_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"user_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ws_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"language" text NOT NULL,
	"header_format" text DEFAULT 'none' NOT NULL,
	"header_text" text DEFAULT '' NOT NULL,
	"header_example" text DEFAULT '' NOT NULL,
	"header_media_url" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"body_examples" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"footer" text DEFAULT '' NOT NULL,
	"buttons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ws_templates_business_name_key" UNIQUE NULLS NOT DISTINCT("business_id","name")
);
--> statement-breakpoint
ALTER TABLE "ws_template_history" ADD CONSTRAINT "ws_template_history_template_id_ws_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."ws_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ws_template_history" ADD CONSTRAINT "ws_template_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ws_templates" ADD CONSTRAINT "ws_templates_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ws_templates" ADD CONSTRAINT "ws_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ws_template_history_template_idx" ON "ws_template_history" USING btree ("template_id","seq");