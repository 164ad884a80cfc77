ALTER TABLE "form_versions" ADD COLUMN "contact_mapping" jsonb;--> statement-breakpoint
ALTER TABLE "forms" ADD COLUMN "contact_mapping" jsonb;