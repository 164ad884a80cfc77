-- A campaign cancelled before it sent anything gives its name back to its business (cancel it,
-- then make it again right, as mail tools let you); one that reached contacts keeps it, since its
-- name stands in their history and in the past-event conditions' list. Only rows leave the index:
-- every name it held stays unique.
DROP INDEX "campaigns_business_name_key";--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_business_name_key" ON "campaigns" USING btree ("business_id",lower("name")) WHERE "campaigns"."status" <> 'cancelled' or "campaigns"."started_at" is not null;