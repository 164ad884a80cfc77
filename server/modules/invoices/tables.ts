/**
 * Invoice settings, one row per business: the defaults a new invoice starts with and the footer
 * its PDF prints. The number pattern and next number live in the engine's counter row
 * (record_counters, server/resources/numbering.ts), the one the invoice insert takes its number from.
 */
import { integer, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
