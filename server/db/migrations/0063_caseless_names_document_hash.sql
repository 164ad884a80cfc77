-- WhatsApp template names and role names are unique whatever their case, as email template
-- names (0060) and plan names (0061) are; documents keep their bytes' SHA-256 so the same PDF is
-- not uploaded twice to a business (server/modules/documents/document-service.ts).
-- Names that differ only by case are told apart first (added by hand), oldest first, so the unique
-- indexes can be made and nothing is lost: a WhatsApp template's second and later get "_2", "_3"…
-- (Meta's names are lower-case letters, digits and _, so a suffix with a space or parentheses
-- would make a valid name invalid); a role's get " (2)", " (3)"…, the built-in role keeping its
-- name ("admin" added by hand beside ADMIN becomes "admin (2)").
ALTER TABLE "ws_templates" DROP CONSTRAINT "ws_templates_business_name_key";--> statement-breakpoint
UPDATE "ws_templates" AS t SET "name" = t."name" || '_' || d.n
FROM (
  SELECT "id", row_number() OVER (PARTITION BY "business_id", lower("name") ORDER BY "created_at", "id") AS n
  FROM "ws_templates"
) AS d
WHERE d."id" = t."id" AND d.n > 1;--> statement-breakpoint
DROP INDEX "roles_name_key";--> statement-breakpoint
UPDATE "roles" AS r SET "name" = r."name" || ' (' || d.n || ')'
FROM (
  SELECT "id", row_number() OVER (PARTITION BY lower("name") ORDER BY "built_in" DESC, "created_at", "id") AS n
  FROM "roles"
) AS d
WHERE d."id" = r."id" AND d.n > 1;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "content_hash" text;--> statement-breakpoint
CREATE INDEX "documents_business_hash_idx" ON "documents" USING btree ("business_id","content_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "ws_templates_business_name_key" ON "ws_templates" USING btree ("business_id",lower("name")) WHERE "ws_templates"."business_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ws_templates_platform_name_key" ON "ws_templates" USING btree (lower("name")) WHERE "ws_templates"."business_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "roles_name_key" ON "roles" USING btree (lower("name"));