-- Quotes carry a tax rate. The quotes written before it promised their total without tax, so they get 0 %;
-- the column keeps no default afterwards (the form and the API set it: the declaration's rule).
ALTER TABLE "mover_quotes" ADD COLUMN "tax_rate" numeric(6, 3) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mover_quotes" ALTER COLUMN "tax_rate" DROP DEFAULT;
