ALTER TABLE "documents" ADD COLUMN "headings" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "index_version" integer DEFAULT 1 NOT NULL;