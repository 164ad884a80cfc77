-- An invoice line's quantity takes 2 decimals (6.5 hours of labor). Every stored whole quantity
-- (at most 10,000) becomes the same number exactly (3 → 3.00): integer to numeric loses nothing.
ALTER TABLE "mover_invoices_lines" ALTER COLUMN "quantity" SET DATA TYPE numeric(12, 2);
