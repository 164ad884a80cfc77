/**
 * One seating layout per venue (the product brief, section 3: venue seating layout), stored as
 * the validated document the editor edits, with a version that every save must name: a save
 * made on an older version is refused, so nobody silently overwrites a newer layout.
 */
import { integer, jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../db/tables/core';
import { venueIdColumn } from '../../db/venue-ref';

export const venueLayouts = pgTable('venue_layouts', {
  venueId: venueIdColumn().primaryKey(),
  version: integer('version').notNull().default(1),
  layout: jsonb('layout').notNull(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
