-- A ticket keeps the price it was issued at. Tickets issued before this column existed take their
-- type's price as it is now: the closest record there is of what they were issued at.
ALTER TABLE "event_tickets" ADD COLUMN "price_cents" integer;--> statement-breakpoint
UPDATE "event_tickets" SET "price_cents" = "event_ticket_types"."price_cents" FROM "event_ticket_types" WHERE "event_ticket_types"."id" = "event_tickets"."ticket_type_id";--> statement-breakpoint
ALTER TABLE "event_tickets" ALTER COLUMN "price_cents" SET NOT NULL;
