CREATE TABLE "email_domain_keys" (
	"domain_id" uuid PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"private_key" text NOT NULL,
	"public_key" text NOT NULL,
	"last_check" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_sender_codes" (
	"sender_id" uuid PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_domains" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid,
	"name" text NOT NULL,
	"unicode_name" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"selector" text,
	"verified_at" timestamp with time zone,
	"last_checked_at" timestamp with time zone,
	"created_by" uuid,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("name", ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_senders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid,
	"display_name" text NOT NULL,
	"address" text NOT NULL,
	"reply_to" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"verified_at" timestamp with time zone,
	"created_by" uuid,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("display_name", '') || ' ' || coalesce("address", ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_domain_keys" ADD CONSTRAINT "email_domain_keys_domain_id_email_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."email_domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_domain_keys" ADD CONSTRAINT "email_domain_keys_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_sender_codes" ADD CONSTRAINT "email_sender_codes_sender_id_email_senders_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."email_senders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_domains" ADD CONSTRAINT "email_domains_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_domains" ADD CONSTRAINT "email_domains_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_senders" ADD CONSTRAINT "email_senders_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_senders" ADD CONSTRAINT "email_senders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_domains_business_idx" ON "email_domains" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "email_domains_name_key" ON "email_domains" USING btree ("business_id","name");--> statement-breakpoint
CREATE INDEX "email_domains_status_idx" ON "email_domains" USING btree ("status");--> statement-breakpoint
CREATE INDEX "email_domains_last_checked_at_idx" ON "email_domains" USING btree ("last_checked_at");--> statement-breakpoint
CREATE INDEX "email_domains_search_trgm" ON "email_domains" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "email_senders_business_idx" ON "email_senders" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "email_senders_display_name_idx" ON "email_senders" USING btree ("display_name");--> statement-breakpoint
CREATE UNIQUE INDEX "email_senders_address_key" ON "email_senders" USING btree ("business_id","address");--> statement-breakpoint
CREATE INDEX "email_senders_status_idx" ON "email_senders" USING btree ("status");--> statement-breakpoint
CREATE INDEX "email_senders_search_trgm" ON "email_senders" USING gin ("search_text" gin_trgm_ops);