-- A business names a campaign once, case aside (campaignNameTaken). Campaigns named alike before
-- this rule keep the oldest's name; each later one, oldest first, takes the first free " (2)",
-- " (3)"… after it, free meaning no campaign of the business holds that name in any case (a
-- campaign already called "Gala (2)" is not met again by a second "gala"), so the unique index can
-- be built on any existing data.
DO $$
DECLARE
  later record;
  k integer;
  candidate text;
BEGIN
  FOR later IN
    SELECT c."id", c."business_id", c."name"
    FROM "campaigns" c
    JOIN (
      SELECT "id", row_number() OVER (PARTITION BY "business_id", lower("name") ORDER BY "created_at", "id") AS n
      FROM "campaigns"
    ) d ON d."id" = c."id"
    WHERE d.n > 1
    ORDER BY c."created_at", c."id"
  LOOP
    k := 2;
    LOOP
      candidate := later."name" || ' (' || k || ')';
      EXIT WHEN NOT EXISTS (
        SELECT 1 FROM "campaigns" WHERE "business_id" = later."business_id" AND lower("name") = lower(candidate)
      );
      k := k + 1;
    END LOOP;
    UPDATE "campaigns" SET "name" = candidate WHERE "id" = later."id";
  END LOOP;
END $$;--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_business_name_key" ON "campaigns" USING btree ("business_id",lower("name"));
