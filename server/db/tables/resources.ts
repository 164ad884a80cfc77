/**
 * Tables of the resource engine itself: the audit log every declared resource writes to,
 * per-user preferences (e.g. which list columns a user hid), and the counters behind numbers
 * assigned on save.
 */
import { index, integer, jsonb, pgTable, text, timestamp, uuid, primaryKey } from 'drizzle-orm/pg-core';
import { businesses, users } from './core';

/** One row per change to a record: who, when, and each changed field's from → to. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    resource: text('resource').notNull(),
    recordId: text('record_id').notNull(),
    businessId: uuid('business_id'),
    action: text('action').$type<'create' | 'update' | 'delete' | 'import' | 'bulk'>().notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** field → { from, to } */
    changes: jsonb('changes').$type<Record<string, { from: unknown; to: unknown }>>().notNull().default({}),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_record_idx').on(t.resource, t.recordId, t.at)],
);

export const userPreferences = pgTable(
  'user_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/**
 * One business's counter for a numbered resource (ResourceDeclaration.numbering): the pattern
 * and the next value. A create takes the value with UPDATE … RETURNING in its own transaction, so
 * the row lock orders concurrent creates and a rolled-back create gives its value back (gapless).
 */
export const recordCounters = pgTable(
  'record_counters',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    counter: text('counter').notNull(),
    pattern: text('pattern').notNull(),
    nextValue: integer('next_value').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.counter] })],
);
