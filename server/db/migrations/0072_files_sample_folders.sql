ALTER TABLE "file_nodes" ADD COLUMN "sample" text;--> statement-breakpoint
-- The sample folders of trees opened before (written by hand): a folder right below a tree's root
-- that still bears a sample folder's English name takes its key, so it shows in the reader's
-- language from now on (src/domain/files/rules.ts, SAMPLE_FOLDERS).
UPDATE "file_nodes" AS f SET "sample" = lower(f."name")
FROM "file_nodes" AS r
WHERE r."id" = f."parent_id" AND r."parent_id" IS NULL
  AND f."is_folder" AND f."name" IN ('Documents', 'Images', 'Invoices', 'Contracts');
