ALTER TABLE "form_submissions" ADD COLUMN "start_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "form_submissions_start_key_idx" ON "form_submissions" USING btree ("form_id","start_key");