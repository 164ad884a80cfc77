/**
 * Reservations at a venue, the tables each one holds, and admissions at the door.
 *
 * `reservation_tables` repeats the reservation's time span per table so the double-booking
 * check is one indexed range query per table; it is written only together with its
 * reservation, in the same transaction. `door_admissions` has the pass code as its key, so two
 * doors scanning the same ticket at once cannot both admit it (the second insert conflicts).
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { foldedTrigramIndex } from '../../db/folded-like';
import { businesses, users } from '../../db/tables/core';
import { venueIdColumn } from '../../db/venue-ref';

export const reservations = pgTable(
  'reservations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    venueId: venueIdColumn(),
    guestName: text('guest_name').notNull(),
    guestPhone: text('guest_phone').notNull().default(''),
    guestEmail: text('guest_email').notNull().default(''),
    partySize: integer('party_size').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    notes: text('notes').notNull().default(''),
    /** booked → seated → paid; or cancelled / no_show. */
    status: text('status').notNull().default('booked'),
    /** The pass code its QR carries (random, unguessable; the QR signs it). */
    code: text('code').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('reservations_venue_time_idx').on(t.venueId, t.startsAt),
    index('reservations_business_idx').on(t.businessId, t.startsAt),
    uniqueIndex('reservations_code_idx').on(t.code),
    // The list's search (queries.ts reservationSearch): a trigram index for each of its
    // conditions, so a search is a bitmap scan of the matches, not a read of every reservation.
    foldedTrigramIndex('reservations_guest_name_folded_trgm', t.guestName),
    foldedTrigramIndex('reservations_guest_email_folded_trgm', t.guestEmail),
    index('reservations_guest_phone_trgm').using('gin', sql`${t.guestPhone} gin_trgm_ops`),
    index('reservations_code_trgm').using('gin', sql`${t.code} gin_trgm_ops`),
  ],
);

export const reservationTables = pgTable(
  'reservation_tables',
  {
    reservationId: uuid('reservation_id')
      .notNull()
      .references(() => reservations.id, { onDelete: 'cascade' }),
    venueId: venueIdColumn(),
    /** A table's id in the venue's layout. */
    tableId: text('table_id').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.reservationId, t.tableId] }),
    index('reservation_tables_slot_idx').on(t.venueId, t.tableId, t.startsAt),
    // A night's bookings across every table (availability, the floor plan's states): without it
    // PostgreSQL walks all of the venue's entries of the slot index (1.2 ms at 10,000 bookings).
    index('reservation_tables_venue_time_idx').on(t.venueId, t.startsAt),
  ],
);

export const doorAdmissions = pgTable(
  'door_admissions',
  {
    code: text('code').primaryKey(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    /** 'reservation' or 'ticket'. */
    kind: text('kind').notNull(),
    refId: uuid('ref_id').notNull(),
    admittedBy: uuid('admitted_by').references(() => users.id, { onDelete: 'set null' }),
    admittedAt: timestamp('admitted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('door_admissions_business_idx').on(t.businessId, t.admittedAt)],
);
