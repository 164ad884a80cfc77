CREATE TABLE "table_versions" (
	"table_name" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "users_status_created_idx";--> statement-breakpoint
CREATE INDEX "users_filters_idx" ON "users" USING btree ("role","status","is_verified","is_profile_completed","stripe_enrolled");--> statement-breakpoint
CREATE INDEX "users_status_created_idx" ON "users" USING btree ("status","created_at","id");--> statement-breakpoint
-- Exact list totals without count(*) per request (server/resources/exact-count.ts): every
-- statement that changes users bumps its version in the same transaction. BEFORE STATEMENT,
-- so a transaction takes this row's lock before any users row lock (no lock-order deadlock).
CREATE FUNCTION "bump_table_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "table_versions" SET "version" = "version" + 1 WHERE "table_name" = TG_TABLE_NAME;
	RETURN NULL;
END;
$$;--> statement-breakpoint
INSERT INTO "table_versions" ("table_name", "version") VALUES ('users', 1);--> statement-breakpoint
CREATE TRIGGER "users_bump_version" BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "bump_table_version"();
