ALTER TABLE "mail_outbox" ADD COLUMN "from_address" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" text;