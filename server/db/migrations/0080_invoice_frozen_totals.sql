-- An invoice's figures are stored when it leaves draft (invoice_totals) and read instead of
-- computing a closed invoice again. Invoices closed before this have no row and are computed as
-- before (src/domain/invoices/totals.ts invoiceFigures).
CREATE TABLE "invoice_totals" (
	"invoice_id" uuid PRIMARY KEY NOT NULL,
	"subtotal_cents" bigint NOT NULL,
	"discount_cents" bigint NOT NULL,
	"tax_cents" bigint NOT NULL,
	"total_cents" bigint NOT NULL,
	"taxes" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"frozen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoice_totals" ADD CONSTRAINT "invoice_totals_invoice_id_mover_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."mover_invoices"("id") ON DELETE cascade ON UPDATE no action;
