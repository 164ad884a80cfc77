ALTER TABLE "payment_links" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_links" ADD COLUMN "attempt_key" text;