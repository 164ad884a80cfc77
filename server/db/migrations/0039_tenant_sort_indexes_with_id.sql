DROP INDEX "mover_invoices_issue_date_tenant_idx";--> statement-breakpoint
DROP INDEX "mover_quotes_move_date_tenant_idx";--> statement-breakpoint
DROP INDEX "fleet_reports_period_from_tenant_idx";--> statement-breakpoint
CREATE INDEX "mover_invoices_issue_date_tenant_idx" ON "mover_invoices" USING btree ("business_id","issue_date","id");--> statement-breakpoint
CREATE INDEX "mover_quotes_move_date_tenant_idx" ON "mover_quotes" USING btree ("business_id","move_date","id");--> statement-breakpoint
CREATE INDEX "fleet_reports_period_from_tenant_idx" ON "fleet_reports" USING btree ("business_id","period_from","id");