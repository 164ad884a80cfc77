-- A venue's night (its row, hours, special dates, floor plan and bookings) is answered from a
-- memory in each server process (server/modules/reservations/night-cache.ts). Every change to
-- what it remembers tells every process, in the transaction that makes it: NOTIFY
-- 'venue_changed' with the venue's id (TG_ARGV[0] names the row's venue id column), delivered
-- when it commits; without an argument (a business's time zone) the payload names no venue and
-- every venue is forgotten. Identical notifications of one transaction arrive once.
CREATE FUNCTION "notify_venue_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_NARGS = 0 THEN
		PERFORM pg_notify('venue_changed', '{}');
	ELSE
		PERFORM pg_notify('venue_changed', json_build_object('venueId',
			(CASE WHEN TG_OP = 'DELETE' THEN to_jsonb(OLD) ELSE to_jsonb(NEW) END) ->> TG_ARGV[0])::text);
	END IF;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "venues_venue_changed" AFTER UPDATE OR DELETE ON "venues" FOR EACH ROW EXECUTE FUNCTION "notify_venue_changed"('id');--> statement-breakpoint
CREATE TRIGGER "businesses_venue_changed" AFTER UPDATE OF "time_zone" OR DELETE ON "businesses" FOR EACH ROW EXECUTE FUNCTION "notify_venue_changed"();--> statement-breakpoint
CREATE TRIGGER "venue_hours_venue_changed" AFTER INSERT OR UPDATE OR DELETE ON "venue_hours" FOR EACH ROW EXECUTE FUNCTION "notify_venue_changed"('venue_id');--> statement-breakpoint
CREATE TRIGGER "venue_special_dates_venue_changed" AFTER INSERT OR UPDATE OR DELETE ON "venue_special_dates" FOR EACH ROW EXECUTE FUNCTION "notify_venue_changed"('venue_id');--> statement-breakpoint
CREATE TRIGGER "venue_layouts_venue_changed" AFTER INSERT OR UPDATE OR DELETE ON "venue_layouts" FOR EACH ROW EXECUTE FUNCTION "notify_venue_changed"('venue_id');--> statement-breakpoint
CREATE TRIGGER "reservations_venue_changed" AFTER INSERT OR UPDATE OR DELETE ON "reservations" FOR EACH ROW EXECUTE FUNCTION "notify_venue_changed"('venue_id');--> statement-breakpoint
CREATE TRIGGER "reservation_tables_venue_changed" AFTER INSERT OR UPDATE OR DELETE ON "reservation_tables" FOR EACH ROW EXECUTE FUNCTION "notify_venue_changed"('venue_id');
