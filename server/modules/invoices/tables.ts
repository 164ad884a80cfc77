/**
 * Invoice settings, one row per business: the defaults a new invoice starts with and the footer
 * its PDF prints. The number pattern and next number live in the engine's counter row
 * (record_counters, server/resources/numbering.ts), the one the invoice insert takes its number from.
 *
 * An invoice's frozen figures, one row per invoice that left draft (invoice_totals): what it
 * totalled at that moment (src/domain/invoices/totals.ts invoiceFigures), read by every reader of
 * a closed invoice instead of computing them again.
 */
import { bigint, integer, jsonb, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { InvoiceLineTotals, RateTax } from '../../../src/domain/invoices/totals';
import { businesses } from '../../db/tables/core';

export const invoiceSettings = pgTable('invoice_settings', {
  businessId: uuid('business_id')
    .primaryKey()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  defaultDueDays: integer('default_due_days').notNull().default(30),
  /** A percent as typed (8.875), exact: the engine's percent column (server/resources/table.ts). */
  defaultTaxRate: numeric('default_tax_rate', { precision: 6, scale: 3, mode: 'number' }).notNull().default(0),
  footer: text('footer'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The declared invoices table as far as the foreign key needs it (src/resources/invoices). */
const invoicesRef = pgTable('mover_invoices', { id: uuid('id').primaryKey() });

/** Sums reach 10^14 cents (100 lines of 10,000 × $1,000,000): past a 32-bit integer. */
const cents = (name: string) => bigint(name, { mode: 'number' }).notNull();

export const invoiceTotals = pgTable('invoice_totals', {
  invoiceId: uuid('invoice_id')
    .primaryKey()
    .references(() => invoicesRef.id, { onDelete: 'cascade' }),
  subtotalCents: cents('subtotal_cents'),
  discountCents: cents('discount_cents'),
  taxCents: cents('tax_cents'),
  totalCents: cents('total_cents'),
  /** The tax of each rate, lowest rate first. */
  taxes: jsonb('taxes').$type<RateTax[]>().notNull(),
  /** Each line's amount, discount share, tax share and total, in the lines' order. */
  lines: jsonb('lines').$type<InvoiceLineTotals[]>().notNull(),
  frozenAt: timestamp('frozen_at', { withTimezone: true }).notNull(),
});
