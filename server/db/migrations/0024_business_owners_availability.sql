CREATE TABLE "record_counters" (
	"business_id" uuid NOT NULL,
	"counter" text NOT NULL,
	"pattern" text NOT NULL,
	"next_value" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "record_counters_business_id_counter_pk" PRIMARY KEY("business_id","counter")
);
--> statement-breakpoint
CREATE TABLE "business_owners" (
	"user_id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_owners_user_id_business_id_pk" PRIMARY KEY("user_id","business_id")
);
--> statement-breakpoint
CREATE TABLE "availability_exceptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"closed" boolean NOT NULL,
	"hours" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "availability_slots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"day_of_week" integer NOT NULL,
	"start_minute" integer NOT NULL,
	"end_minute" integer NOT NULL,
	"breaks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "record_counters" ADD CONSTRAINT "record_counters_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_owners" ADD CONSTRAINT "business_owners_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_owners" ADD CONSTRAINT "business_owners_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_exceptions" ADD CONSTRAINT "availability_exceptions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_slots" ADD CONSTRAINT "availability_slots_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_owners_business_idx" ON "business_owners" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "availability_exceptions_business_idx" ON "availability_exceptions" USING btree ("business_id","start_date");--> statement-breakpoint
CREATE INDEX "availability_slots_business_idx" ON "availability_slots" USING btree ("business_id","day_of_week","start_minute");--> statement-breakpoint
-- Every existing user owns the business they belong to (venue employees work in their owner's
-- business and own nothing).
INSERT INTO "business_owners" ("user_id", "business_id")
	SELECT "id", "business_id" FROM "users"
	WHERE "business_id" IS NOT NULL AND upper("role") <> 'VENUEEMPLOYEE'
	ON CONFLICT DO NOTHING;--> statement-breakpoint
-- And keeps owning whatever business they are given later by any path (sign-up, the admin, the
-- demo seed, switching): the business a user works in is always one they own.
CREATE FUNCTION "own_users_business"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW."business_id" IS NOT NULL AND upper(NEW."role") <> 'VENUEEMPLOYEE' THEN
		INSERT INTO "business_owners" ("user_id", "business_id") VALUES (NEW."id", NEW."business_id")
		ON CONFLICT DO NOTHING;
	END IF;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "users_own_business" AFTER INSERT OR UPDATE OF "business_id", "role" ON "users" FOR EACH ROW EXECUTE FUNCTION "own_users_business"();
