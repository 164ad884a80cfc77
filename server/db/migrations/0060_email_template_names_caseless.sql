-- Template names are unique within their owner whatever their case (server/modules/email-templates/tables.ts).
-- Names that differ only by case are told apart first (added by hand): the second and later of
-- each owner's same name, oldest first, get " (2)", " (3)"… so the unique indexes can be made and
-- no template is lost.
ALTER TABLE "email_templates" DROP CONSTRAINT "email_templates_business_name_key";--> statement-breakpoint
UPDATE "email_templates" AS t SET "name" = t."name" || ' (' || d.n || ')'
FROM (
  SELECT "id", row_number() OVER (PARTITION BY "business_id", lower("name") ORDER BY "created_at", "id") AS n
  FROM "email_templates"
) AS d
WHERE d."id" = t."id" AND d.n > 1;--> statement-breakpoint
CREATE UNIQUE INDEX "email_templates_business_name_key" ON "email_templates" USING btree ("business_id",lower("name")) WHERE "email_templates"."business_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "email_templates_platform_name_key" ON "email_templates" USING btree (lower("name")) WHERE "email_templates"."business_id" is null;