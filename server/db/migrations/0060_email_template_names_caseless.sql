-- Template names are unique within their owner whatever their case (server/modules/email-templates/tables.ts).
-- Names that differ only by case are told apart first (added by hand): the second and later of
-- each owner's same name, oldest first, take the first free " (2)", " (3)"… after it, free meaning
-- no template of the owner holds that name in any case (a template already called "News (2)" is not
-- met again by a second "news"), so the unique indexes can be made on any data and no template is
-- lost. Mended in place as 0083 was: a database that ran the first version had no such clash (it
-- would have stopped there), and one that has not yet run it no longer stops.
ALTER TABLE "email_templates" DROP CONSTRAINT "email_templates_business_name_key";--> statement-breakpoint
DO $$
DECLARE
  later record;
  k integer;
  candidate text;
BEGIN
  FOR later IN
    SELECT t."id", t."business_id" AS "owner", t."name"
    FROM "email_templates" t
    JOIN (
      SELECT "id", row_number() OVER (PARTITION BY "business_id", lower("name") ORDER BY "created_at", "id") AS n
      FROM "email_templates"
    ) d ON d."id" = t."id"
    WHERE d.n > 1
    ORDER BY t."created_at", t."id"
  LOOP
    k := 2;
    LOOP
      candidate := later."name" || ' (' || k || ')';
      EXIT WHEN NOT EXISTS (
        SELECT 1 FROM "email_templates" WHERE "business_id" IS NOT DISTINCT FROM later."owner" AND lower("name") = lower(candidate)
      );
      k := k + 1;
    END LOOP;
    UPDATE "email_templates" SET "name" = candidate WHERE "id" = later."id";
  END LOOP;
END $$;--> statement-breakpoint
CREATE UNIQUE INDEX "email_templates_business_name_key" ON "email_templates" USING btree ("business_id",lower("name")) WHERE "email_templates"."business_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "email_templates_platform_name_key" ON "email_templates" USING btree (lower("name")) WHERE "email_templates"."business_id" is null;