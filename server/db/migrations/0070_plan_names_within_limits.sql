-- Plan names 0061 told apart took " (2)", " (3)"… on top of a name that could already be as long as
-- the field allows (60 characters, src/resources/plans/resource.ts), so the plan's form refused
-- every save on a name no one had touched. As 0067 did for the other tables (written by hand): the
-- name before its suffix is cut so the whole fits again; a cut name that would meet another plan's
-- name (whatever the case), or an older plan's same cut, is left as it is rather than failing the
-- migration on the unique index, and an administrator can still rename it.
WITH cut AS (
  SELECT "id", "created_at", substring("name" from ' \(\d+\)$') AS suffix, substring("name" from '^(.*) \(\d+\)$') AS base
  FROM "plans"
  WHERE char_length("name") > 60 AND "name" ~ ' \(\d+\)$'
), fitted AS (
  SELECT "id", rtrim(left(base, 60 - char_length(suffix))) || suffix AS name,
    row_number() OVER (PARTITION BY lower(rtrim(left(base, 60 - char_length(suffix))) || suffix) ORDER BY "created_at", "id") AS n
  FROM cut
)
UPDATE "plans" AS r SET "name" = f.name
FROM fitted AS f
WHERE f."id" = r."id" AND f.n = 1
  AND NOT EXISTS (SELECT 1 FROM "plans" AS o WHERE lower(o."name") = lower(f.name));
