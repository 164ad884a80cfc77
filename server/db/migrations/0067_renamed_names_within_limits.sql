-- Names the caseless-name migrations told apart (0060 email templates, 0063 WhatsApp templates and
-- roles, 0065 companies, customers, products and venues) took a suffix, " (2)" or "_2", on top of
-- a name that could already be as long as its field allows, so a renamed name could be longer than
-- the form and the API accept: its record's form then refused every save on a name no one had
-- touched. The base is cut so the name and its suffix fit the field's limit again (written by hand:
-- email templates 120 and WhatsApp templates 512 characters, src/domain/*/rules.ts; roles 40,
-- companies, customers and products 120, venues 100, their resource declarations). A cut name that
-- would meet another of its owner's names (whatever the case) is left as it is rather than failing
-- the migration on the unique index: its owner can still rename it.
WITH cut AS (
  SELECT "id", "business_id" AS owner, "created_at", substring("name" from ' \(\d+\)$') AS suffix, substring("name" from '^(.*) \(\d+\)$') AS base
  FROM "email_templates"
  WHERE char_length("name") > 120 AND "name" ~ ' \(\d+\)$'
), fitted AS (
  SELECT "id", owner, rtrim(left(base, 120 - char_length(suffix))) || suffix AS name,
    row_number() OVER (PARTITION BY owner, lower(rtrim(left(base, 120 - char_length(suffix))) || suffix) ORDER BY "created_at", "id") AS n
  FROM cut
)
UPDATE "email_templates" AS r SET "name" = f.name
FROM fitted AS f
WHERE f."id" = r."id" AND f.n = 1
  AND NOT EXISTS (SELECT 1 FROM "email_templates" AS o WHERE o."business_id" IS NOT DISTINCT FROM f.owner AND lower(o."name") = lower(f.name));
--> statement-breakpoint
WITH cut AS (
  SELECT "id", "business_id" AS owner, "created_at", substring("name" from '_\d+$') AS suffix, substring("name" from '^(.*)_\d+$') AS base
  FROM "ws_templates"
  WHERE char_length("name") > 512 AND "name" ~ '_\d+$'
), fitted AS (
  SELECT "id", owner, rtrim(left(base, 512 - char_length(suffix))) || suffix AS name,
    row_number() OVER (PARTITION BY owner, lower(rtrim(left(base, 512 - char_length(suffix))) || suffix) ORDER BY "created_at", "id") AS n
  FROM cut
)
UPDATE "ws_templates" AS r SET "name" = f.name
FROM fitted AS f
WHERE f."id" = r."id" AND f.n = 1
  AND NOT EXISTS (SELECT 1 FROM "ws_templates" AS o WHERE o."business_id" IS NOT DISTINCT FROM f.owner AND lower(o."name") = lower(f.name));
--> statement-breakpoint
WITH cut AS (
  SELECT "id", NULL::uuid AS owner, "created_at", substring("name" from ' \(\d+\)$') AS suffix, substring("name" from '^(.*) \(\d+\)$') AS base
  FROM "roles"
  WHERE char_length("name") > 40 AND "name" ~ ' \(\d+\)$'
), fitted AS (
  SELECT "id", owner, rtrim(left(base, 40 - char_length(suffix))) || suffix AS name,
    row_number() OVER (PARTITION BY owner, lower(rtrim(left(base, 40 - char_length(suffix))) || suffix) ORDER BY "created_at", "id") AS n
  FROM cut
)
UPDATE "roles" AS r SET "name" = f.name
FROM fitted AS f
WHERE f."id" = r."id" AND f.n = 1
  AND NOT EXISTS (SELECT 1 FROM "roles" AS o WHERE lower(o."name") = lower(f.name));
--> statement-breakpoint
WITH cut AS (
  SELECT "id", NULL::uuid AS owner, "created_at", substring("name" from ' \(\d+\)$') AS suffix, substring("name" from '^(.*) \(\d+\)$') AS base
  FROM "companies"
  WHERE char_length("name") > 120 AND "name" ~ ' \(\d+\)$'
), fitted AS (
  SELECT "id", owner, rtrim(left(base, 120 - char_length(suffix))) || suffix AS name,
    row_number() OVER (PARTITION BY owner, lower(rtrim(left(base, 120 - char_length(suffix))) || suffix) ORDER BY "created_at", "id") AS n
  FROM cut
)
UPDATE "companies" AS r SET "name" = f.name
FROM fitted AS f
WHERE f."id" = r."id" AND f.n = 1
  AND NOT EXISTS (SELECT 1 FROM "companies" AS o WHERE lower(o."name") = lower(f.name));
--> statement-breakpoint
WITH cut AS (
  SELECT "id", "business_id" AS owner, "created_at", substring("name" from ' \(\d+\)$') AS suffix, substring("name" from '^(.*) \(\d+\)$') AS base
  FROM "fleet_customers"
  WHERE char_length("name") > 120 AND "name" ~ ' \(\d+\)$'
), fitted AS (
  SELECT "id", owner, rtrim(left(base, 120 - char_length(suffix))) || suffix AS name,
    row_number() OVER (PARTITION BY owner, lower(rtrim(left(base, 120 - char_length(suffix))) || suffix) ORDER BY "created_at", "id") AS n
  FROM cut
)
UPDATE "fleet_customers" AS r SET "name" = f.name
FROM fitted AS f
WHERE f."id" = r."id" AND f.n = 1
  AND NOT EXISTS (SELECT 1 FROM "fleet_customers" AS o WHERE o."business_id" IS NOT DISTINCT FROM f.owner AND lower(o."name") = lower(f.name));
--> statement-breakpoint
WITH cut AS (
  SELECT "id", "business_id" AS owner, "created_at", substring("name" from ' \(\d+\)$') AS suffix, substring("name" from '^(.*) \(\d+\)$') AS base
  FROM "catalogue_items"
  WHERE char_length("name") > 120 AND "name" ~ ' \(\d+\)$'
), fitted AS (
  SELECT "id", owner, rtrim(left(base, 120 - char_length(suffix))) || suffix AS name,
    row_number() OVER (PARTITION BY owner, lower(rtrim(left(base, 120 - char_length(suffix))) || suffix) ORDER BY "created_at", "id") AS n
  FROM cut
)
UPDATE "catalogue_items" AS r SET "name" = f.name
FROM fitted AS f
WHERE f."id" = r."id" AND f.n = 1
  AND NOT EXISTS (SELECT 1 FROM "catalogue_items" AS o WHERE o."business_id" IS NOT DISTINCT FROM f.owner AND lower(o."name") = lower(f.name));
--> statement-breakpoint
WITH cut AS (
  SELECT "id", "business_id" AS owner, "created_at", substring("name" from ' \(\d+\)$') AS suffix, substring("name" from '^(.*) \(\d+\)$') AS base
  FROM "venues"
  WHERE char_length("name") > 100 AND "name" ~ ' \(\d+\)$'
), fitted AS (
  SELECT "id", owner, rtrim(left(base, 100 - char_length(suffix))) || suffix AS name,
    row_number() OVER (PARTITION BY owner, lower(rtrim(left(base, 100 - char_length(suffix))) || suffix) ORDER BY "created_at", "id") AS n
  FROM cut
)
UPDATE "venues" AS r SET "name" = f.name
FROM fitted AS f
WHERE f."id" = r."id" AND f.n = 1
  AND NOT EXISTS (SELECT 1 FROM "venues" AS o WHERE o."business_id" IS NOT DISTINCT FROM f.owner AND lower(o."name") = lower(f.name));