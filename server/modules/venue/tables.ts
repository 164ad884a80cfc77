/**
 * A venue's opening hours: one row per open weekday, and dated exceptions (closed, or other
 * hours). Times are minutes after midnight in the business's time zone; a night that passes
 * midnight closes at a time not after it opens (22:00 → 04:00 is 1320 → 240).
 */
import { boolean, date, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { venueIdColumn } from '../../db/venue-ref';

export const venueHours = pgTable(
  'venue_hours',
  {
    venueId: venueIdColumn(),
    /** 0 Sunday … 6 Saturday: the day the night starts. */
    weekday: integer('weekday').notNull(),
    opensAt: integer('opens_at').notNull(),
    closesAt: integer('closes_at').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.venueId, t.weekday] })],
);

export const venueSpecialDates = pgTable(
  'venue_special_dates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    venueId: venueIdColumn(),
    /** The day the night starts, YYYY-MM-DD in the business's time zone. */
    date: date('date', { mode: 'string' }).notNull(),
    closed: boolean('closed').notNull().default(false),
    /** Both set when open with other hours; both null when closed. */
    opensAt: integer('opens_at'),
    closesAt: integer('closes_at'),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('venue_special_dates_day_idx').on(t.venueId, t.date)],
);
