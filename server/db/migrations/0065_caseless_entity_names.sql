-- Company, customer, product and venue names are unique whatever their case, as role and WhatsApp
-- template names are (0063): each is picked by its name (a contact's company, a ticket's customer,
-- a catalogue line, the venue picker), where "Blue Note" and "blue note" would be two of one.
-- Names that differ only by case are told apart first (added by hand), oldest first within each
-- business (companies are the platform's), so the unique indexes can be made and nothing is lost:
-- the second and later get " (2)", " (3)"…
DROP INDEX "companies_name_key";--> statement-breakpoint
DROP INDEX "fleet_customers_name_key";--> statement-breakpoint
DROP INDEX "catalogue_items_name_key";--> statement-breakpoint
DROP INDEX "venues_name_key";--> statement-breakpoint
UPDATE "companies" AS c SET "name" = c."name" || ' (' || d.n || ')'
FROM (
  SELECT "id", row_number() OVER (PARTITION BY lower("name") ORDER BY "created_at", "id") AS n
  FROM "companies"
) AS d
WHERE d."id" = c."id" AND d.n > 1;--> statement-breakpoint
UPDATE "fleet_customers" AS f SET "name" = f."name" || ' (' || d.n || ')'
FROM (
  SELECT "id", row_number() OVER (PARTITION BY "business_id", lower("name") ORDER BY "created_at", "id") AS n
  FROM "fleet_customers"
) AS d
WHERE d."id" = f."id" AND d.n > 1;--> statement-breakpoint
UPDATE "catalogue_items" AS p SET "name" = p."name" || ' (' || d.n || ')'
FROM (
  SELECT "id", row_number() OVER (PARTITION BY "business_id", lower("name") ORDER BY "created_at", "id") AS n
  FROM "catalogue_items"
) AS d
WHERE d."id" = p."id" AND d.n > 1;--> statement-breakpoint
UPDATE "venues" AS v SET "name" = v."name" || ' (' || d.n || ')'
FROM (
  SELECT "id", row_number() OVER (PARTITION BY "business_id", lower("name") ORDER BY "created_at", "id") AS n
  FROM "venues"
) AS d
WHERE d."id" = v."id" AND d.n > 1;--> statement-breakpoint
CREATE UNIQUE INDEX "companies_name_key" ON "companies" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "fleet_customers_name_key" ON "fleet_customers" USING btree ("business_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "catalogue_items_name_key" ON "catalogue_items" USING btree ("business_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "venues_name_key" ON "venues" USING btree ("business_id",lower("name"));