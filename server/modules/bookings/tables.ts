/**
 * A business's bookings (calendar_management).
 * product_id names a catalogue item (the engine's catalogue_items table) without a foreign key:
 * that table is built from its declaration at load time, and a product deleted later must not
 * take its bookings' history with it (the calendar shows such a booking without a product).
 */
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { BookingStatus } from '../../../src/domain/bookings/rules';
import { businesses, createdAt, id, users } from '../../db/tables/core';

export const bookings = pgTable(
  'bookings',
  {
    id: id(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    productId: uuid('product_id'),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull().default(''),
    customerPhone: text('customer_phone').notNull().default(''),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    status: text('status').$type<BookingStatus>().notNull().default('confirmed'),
    notes: text('notes').notNull().default(''),
    /** The .ics SEQUENCE: 0 when booked, +1 on every reschedule or cancel the customer is sent. */
    sequence: integer('sequence').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The calendar and the free-slot search read a business's bookings by time.
  (t) => [index('bookings_business_starts_idx').on(t.businessId, t.startsAt)],
);
