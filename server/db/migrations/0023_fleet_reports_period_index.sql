DROP INDEX "fleet_reports_period_from_idx";--> statement-breakpoint
CREATE INDEX "fleet_reports_period_from_tenant_idx" ON "fleet_reports" USING btree ("business_id","period_from");