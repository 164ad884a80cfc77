/**
 * A delivery report's deliveries (report_management/:reportId/report_details). The report itself
 * is a declared resource (src/resources/reports, table fleet_reports); the deliveries are this
 * area's rows. Money in integer cents; a discount is (kind, value) as src/domain/reports/money.ts
 * keeps it (cents, or basis points for a percent).
 */
import { doublePrecision, index, integer, pgTable, text, timestamp, uuid, date } from 'drizzle-orm/pg-core';
import { businesses } from '../../db/tables/core';

/**
 * The declared tables as far as these foreign keys need them (created and migrated by the
 * engine; not exported from server/db/schema.ts, so drizzle-kit sees each table once).
 */
const reportsRef = pgTable('fleet_reports', { id: uuid('id').primaryKey() });
const employeesRef = pgTable('fleet_employees', { id: uuid('id').primaryKey() });

export const fleetDeliveries = pgTable(
  'fleet_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    /** Deleting a report deletes its deliveries (an open report only: a closed one cannot be deleted). */
    reportId: uuid('report_id')
      .notNull()
      .references(() => reportsRef.id, { onDelete: 'cascade' }),
    deliveredOn: date('delivered_on', { mode: 'string' }).notNull(),
    origin: text('origin').notNull(),
    destination: text('destination').notNull(),
    distanceMiles: doublePrecision('distance_miles').notNull().default(0),
    weightLb: integer('weight_lb').notNull().default(0),
    priceCents: integer('price_cents').notNull(),
    discountKind: text('discount_kind'),
    discountValue: integer('discount_value'),
    /** An employee with deliveries is not deleted (a delete guard answers 409 first; the key backs it). */
    employeeId: uuid('employee_id').references(() => employeesRef.id, { onDelete: 'restrict' }),
    /** The proof of delivery (photo or signature) in the storage adapter, and its sniffed type. */
    proofKey: text('proof_key'),
    proofType: text('proof_type'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('fleet_deliveries_report_idx').on(t.reportId, t.deliveredOn),
    index('fleet_deliveries_employee_idx').on(t.employeeId),
  ],
);

export type DeliveryRow = typeof fleetDeliveries.$inferSelect;
