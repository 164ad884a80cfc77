-- Company, customer, product and venue names are unique whatever their case, as role and WhatsApp
-- template names are (0063): each is picked by its name (a contact's company, a ticket's customer,
-- a catalogue line, the venue picker), where "Blue Note" and "blue note" would be two of one.
-- Names that differ only by case are told apart first (added by hand), oldest first within each
-- business (companies are the platform's), so the unique indexes can be made and nothing is lost:
-- the second and later take the first free " (2)", " (3)"… after their name, free meaning no record
-- of the business holds that name in any case (a venue already called "Blue Note (2)" is not met
-- again by a second "blue note"). Mended in place as 0083 was: a database that ran the first
-- version had no such clash (it would have stopped there), and one that has not yet run it no
-- longer stops.
DROP INDEX "companies_name_key";--> statement-breakpoint
DROP INDEX "fleet_customers_name_key";--> statement-breakpoint
DROP INDEX "catalogue_items_name_key";--> statement-breakpoint
DROP INDEX "venues_name_key";--> statement-breakpoint
DO $$
DECLARE
  later record;
  k integer;
  candidate text;
BEGIN
  FOR later IN
    SELECT c."id", c."name"
    FROM "companies" c
    JOIN (
      SELECT "id", row_number() OVER (PARTITION BY lower("name") ORDER BY "created_at", "id") AS n
      FROM "companies"
    ) d ON d."id" = c."id"
    WHERE d.n > 1
    ORDER BY c."created_at", c."id"
  LOOP
    k := 2;
    LOOP
      candidate := later."name" || ' (' || k || ')';
      EXIT WHEN NOT EXISTS (SELECT 1 FROM "companies" WHERE lower("name") = lower(candidate));
      k := k + 1;
    END LOOP;
    UPDATE "companies" SET "name" = candidate WHERE "id" = later."id";
  END LOOP;
END $$;--> statement-breakpoint
DO $$
DECLARE
  later record;
  k integer;
  candidate text;
BEGIN
  FOR later IN
    SELECT f."id", f."business_id" AS "owner", f."name"
    FROM "fleet_customers" f
    JOIN (
      SELECT "id", row_number() OVER (PARTITION BY "business_id", lower("name") ORDER BY "created_at", "id") AS n
      FROM "fleet_customers"
    ) d ON d."id" = f."id"
    WHERE d.n > 1
    ORDER BY f."created_at", f."id"
  LOOP
    k := 2;
    LOOP
      candidate := later."name" || ' (' || k || ')';
      EXIT WHEN NOT EXISTS (
        SELECT 1 FROM "fleet_customers" WHERE "business_id" = later."owner" AND lower("name") = lower(candidate)
      );
      k := k + 1;
    END LOOP;
    UPDATE "fleet_customers" SET "name" = candidate WHERE "id" = later."id";
  END LOOP;
END $$;--> statement-breakpoint
DO $$
DECLARE
  later record;
  k integer;
  candidate text;
BEGIN
  FOR later IN
    SELECT p."id", p."business_id" AS "owner", p."name"
    FROM "catalogue_items" p
    JOIN (
      SELECT "id", row_number() OVER (PARTITION BY "business_id", lower("name") ORDER BY "created_at", "id") AS n
      FROM "catalogue_items"
    ) d ON d."id" = p."id"
    WHERE d.n > 1
    ORDER BY p."created_at", p."id"
  LOOP
    k := 2;
    LOOP
      candidate := later."name" || ' (' || k || ')';
      EXIT WHEN NOT EXISTS (
        SELECT 1 FROM "catalogue_items" WHERE "business_id" = later."owner" AND lower("name") = lower(candidate)
      );
      k := k + 1;
    END LOOP;
    UPDATE "catalogue_items" SET "name" = candidate WHERE "id" = later."id";
  END LOOP;
END $$;--> statement-breakpoint
DO $$
DECLARE
  later record;
  k integer;
  candidate text;
BEGIN
  FOR later IN
    SELECT v."id", v."business_id" AS "owner", v."name"
    FROM "venues" v
    JOIN (
      SELECT "id", row_number() OVER (PARTITION BY "business_id", lower("name") ORDER BY "created_at", "id") AS n
      FROM "venues"
    ) d ON d."id" = v."id"
    WHERE d.n > 1
    ORDER BY v."created_at", v."id"
  LOOP
    k := 2;
    LOOP
      candidate := later."name" || ' (' || k || ')';
      EXIT WHEN NOT EXISTS (
        SELECT 1 FROM "venues" WHERE "business_id" = later."owner" AND lower("name") = lower(candidate)
      );
      k := k + 1;
    END LOOP;
    UPDATE "venues" SET "name" = candidate WHERE "id" = later."id";
  END LOOP;
END $$;--> statement-breakpoint
CREATE UNIQUE INDEX "companies_name_key" ON "companies" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "fleet_customers_name_key" ON "fleet_customers" USING btree ("business_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "catalogue_items_name_key" ON "catalogue_items" USING btree ("business_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "venues_name_key" ON "venues" USING btree ("business_id",lower("name"));