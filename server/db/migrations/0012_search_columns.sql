DROP INDEX "users_first_name_trgm";--> statement-breakpoint
DROP INDEX "users_last_name_trgm";--> statement-breakpoint
DROP INDEX "users_name_trgm";--> statement-breakpoint
DROP INDEX "companies_name_trgm";--> statement-breakpoint
DROP INDEX "contacts_full_name_trgm";--> statement-breakpoint
DROP INDEX "deals_title_trgm";--> statement-breakpoint
DROP INDEX "email_events_subject_trgm";--> statement-breakpoint
DROP INDEX "markets_symbol_trgm";--> statement-breakpoint
DROP INDEX "markets_name_trgm";--> statement-breakpoint
DROP INDEX "roles_name_trgm";--> statement-breakpoint
DROP INDEX "tasks_title_trgm";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce("email", '') || ' ' || coalesce("first_name", '') || ' ' || coalesce("last_name", '') || ' ' || coalesce("name", ''))) STORED;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce("name", ''))) STORED;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce("full_name", '') || ' ' || coalesce("email", ''))) STORED;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce("title", ''))) STORED;--> statement-breakpoint
ALTER TABLE "email_events" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce("recipient", '') || ' ' || coalesce("subject", ''))) STORED;--> statement-breakpoint
ALTER TABLE "markets" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce("symbol", '') || ' ' || coalesce("name", ''))) STORED;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce("name", ''))) STORED;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce("title", ''))) STORED;--> statement-breakpoint
CREATE INDEX "users_search_trgm" ON "users" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "companies_search_trgm" ON "companies" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_search_trgm" ON "contacts" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "deals_search_trgm" ON "deals" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "email_events_search_trgm" ON "email_events" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "markets_search_trgm" ON "markets" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "roles_search_trgm" ON "roles" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tasks_search_trgm" ON "tasks" USING gin ("search_text" gin_trgm_ops);