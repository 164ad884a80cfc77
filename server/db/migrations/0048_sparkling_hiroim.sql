ALTER TABLE "campaign_recipients" ADD COLUMN "variant" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "subject_b" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "ab_percent" integer;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "ab_wait_hours" integer;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "ab_winner" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "ab_decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "window_start" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "window_end" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "language" text;--> statement-breakpoint
CREATE INDEX "contacts_language_idx" ON "contacts" USING btree ("language");