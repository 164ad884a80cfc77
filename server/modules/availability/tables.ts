/**
 * A business's availability (schedule_management): weekly time slots with their breaks, and
 * dated exceptions that close the day(s) or replace their hours. Times are minutes after
 * midnight in the business's time zone (businesses.time_zone); days are the business's days.
 */
import { boolean, date, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { businesses } from '../../db/tables/core';

/** A break or replacement hours: minutes after midnight, end after start. */
export interface MinuteRange {
  start: number;
  end: number;
}

export const availabilitySlots = pgTable(
  'availability_slots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    /** 0 Sunday … 6 Saturday. */
    dayOfWeek: integer('day_of_week').notNull(),
    startMinute: integer('start_minute').notNull(),
    endMinute: integer('end_minute').notNull(),
    breaks: jsonb('breaks').$type<MinuteRange[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('availability_slots_business_idx').on(t.businessId, t.dayOfWeek, t.startMinute)],
);

export const availabilityExceptions = pgTable(
  'availability_exceptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    closed: boolean('closed').notNull(),
    /** The day's hours instead of the weekly slots (empty when closed). */
    hours: jsonb('hours').$type<MinuteRange[]>().notNull().default([]),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('availability_exceptions_business_idx').on(t.businessId, t.startDate)],
);
