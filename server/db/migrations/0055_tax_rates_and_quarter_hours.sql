-- Tax rates and percent discounts were basis points (8.25 % = 825); they become the percent itself
-- with up to 3 decimals (8.875), exact: 825 / 100.0 is 8.250, no value lost. Hours were whole
-- numbers; quarter hours keep them as they are (3 → 3.00).
ALTER TABLE "invoice_settings" ALTER COLUMN "default_tax_rate" SET DATA TYPE numeric(6, 3) USING "default_tax_rate" / 100.0;--> statement-breakpoint
ALTER TABLE "mover_invoices" ALTER COLUMN "discount_percent" SET DATA TYPE numeric(6, 3) USING "discount_percent" / 100.0;--> statement-breakpoint
ALTER TABLE "mover_invoices_lines" ALTER COLUMN "tax_rate" SET DATA TYPE numeric(6, 3) USING "tax_rate" / 100.0;--> statement-breakpoint
ALTER TABLE "mover_quotes" ALTER COLUMN "estimated_hours" SET DATA TYPE numeric(5, 2);--> statement-breakpoint
ALTER TABLE "mover_quotes" ALTER COLUMN "minimum_hours" SET DATA TYPE numeric(5, 2);
