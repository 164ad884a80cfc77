/**
 * A venue's events (club_event_management), their ticket types, and the tickets issued to
 * guests. A ticket's pass code is what its QR carries and what the door admits
 * (server/modules/reservations/tables.ts, door_admissions).
 */
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { businesses, users } from '../../db/tables/core';
import { venueIdColumn } from '../../db/venue-ref';

export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    venueId: venueIdColumn(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** scheduled or cancelled. */
    status: text('status').notNull().default('scheduled'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('events_business_time_idx').on(t.businessId, t.startsAt)],
);

export const eventTicketTypes = pgTable(
  'event_ticket_types',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    priceCents: integer('price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('event_ticket_types_event_idx').on(t.eventId)],
);

export const eventTickets = pgTable(
  'event_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    ticketTypeId: uuid('ticket_type_id')
      .notNull()
      .references(() => eventTicketTypes.id, { onDelete: 'cascade' }),
    guestName: text('guest_name').notNull(),
    guestEmail: text('guest_email').notNull(),
    /** The pass code its QR carries. */
    code: text('code').notNull(),
    /**
     * The price the ticket was issued at, its type's then: a later change of the type's price is
     * for tickets issued after it, and never moves what a guest already holds.
     */
    priceCents: integer('price_cents').notNull(),
    /** valid or cancelled (the event was cancelled, or the ticket voided). */
    status: text('status').notNull().default('valid'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('event_tickets_event_idx').on(t.eventId), uniqueIndex('event_tickets_code_idx').on(t.code)],
);
