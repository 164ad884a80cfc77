-- Plan names are unique whatever their case (server/db/tables/core.ts plans_name_key).
-- Names that differ only by case are told apart first (added by hand): the second and later of
-- each same name, oldest first, get " (2)", " (3)"… so the unique index can be made and no plan
-- (nor a subscription to it) is lost.
UPDATE "plans" AS p SET "name" = p."name" || ' (' || d.n || ')'
FROM (
  SELECT "id", row_number() OVER (PARTITION BY lower("name") ORDER BY "created_at", "id") AS n
  FROM "plans"
) AS d
WHERE d."id" = p."id" AND d.n > 1;--> statement-breakpoint
CREATE UNIQUE INDEX "plans_name_key" ON "plans" USING btree (lower("name"));
