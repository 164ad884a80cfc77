-- Exact report-list totals without count(*) per request (server/resources/exact-count.ts), as 0009
-- did for users: every statement that changes fleet_reports bumps its version in the same
-- transaction. BEFORE STATEMENT, so a plain write takes the version row's lock before any report
-- row's; a transaction that locks a report row first takes the version row before it
-- (lockTableVersion), so the two orders never meet.
INSERT INTO "table_versions" ("table_name", "version") VALUES ('fleet_reports', 1) ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE TRIGGER "fleet_reports_bump_version" BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON "fleet_reports" FOR EACH STATEMENT EXECUTE FUNCTION "bump_table_version"();
