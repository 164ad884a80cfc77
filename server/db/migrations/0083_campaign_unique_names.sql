-- A business names a campaign once, case aside (campaignNameTaken). Campaigns named alike before
-- this rule keep the oldest's name; each later one takes its creation order after it, "Gala (2)",
-- so the unique index can be built on any existing data.
UPDATE "campaigns" SET "name" = "campaigns"."name" || ' (' || "named"."n" || ')' FROM (SELECT "id", row_number() OVER (PARTITION BY "business_id", lower("name") ORDER BY "created_at", "id") AS "n" FROM "campaigns") AS "named" WHERE "named"."id" = "campaigns"."id" AND "named"."n" > 1;--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_business_name_key" ON "campaigns" USING btree ("business_id",lower("name"));
