-- A business's free slots are answered from a memory in each server process
-- (server/modules/bookings/free-slots.ts). Every change to what it is computed from tells every
-- process, in the transaction that makes it: NOTIFY 'free_slots_changed' with the business's id
-- (TG_ARGV[0] names the row's business id column), delivered when it commits; without an
-- argument (a business's time zone) the payload names no business and every one is forgotten.
-- The per-business version counter the memory used to read on every request goes.
DROP TABLE "booking_versions" CASCADE;--> statement-breakpoint
CREATE FUNCTION "notify_free_slots_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_NARGS = 0 THEN
		PERFORM pg_notify('free_slots_changed', '{}');
	ELSE
		PERFORM pg_notify('free_slots_changed', json_build_object('businessId',
			(CASE WHEN TG_OP = 'DELETE' THEN to_jsonb(OLD) ELSE to_jsonb(NEW) END) ->> TG_ARGV[0])::text);
	END IF;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "bookings_free_slots_changed" AFTER INSERT OR UPDATE OR DELETE ON "bookings" FOR EACH ROW EXECUTE FUNCTION "notify_free_slots_changed"('business_id');--> statement-breakpoint
CREATE TRIGGER "availability_slots_free_slots_changed" AFTER INSERT OR UPDATE OR DELETE ON "availability_slots" FOR EACH ROW EXECUTE FUNCTION "notify_free_slots_changed"('business_id');--> statement-breakpoint
CREATE TRIGGER "availability_exceptions_free_slots_changed" AFTER INSERT OR UPDATE OR DELETE ON "availability_exceptions" FOR EACH ROW EXECUTE FUNCTION "notify_free_slots_changed"('business_id');--> statement-breakpoint
CREATE TRIGGER "businesses_free_slots_changed" AFTER UPDATE OF "time_zone" OR DELETE ON "businesses" FOR EACH ROW EXECUTE FUNCTION "notify_free_slots_changed"();
