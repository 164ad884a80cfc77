/**
 * The `venues` table as far as other tables' foreign keys need it. The table itself is a
 * declared resource's (src/resources/venues/resource.ts), created and migrated by the engine;
 * this view is not exported from server/db/schema.ts, so drizzle-kit sees the table once.
 */
import { pgTable, uuid } from 'drizzle-orm/pg-core';

export const venuesRef = pgTable('venues', { id: uuid('id').primaryKey() });

/** A venue id column: deleting the venue deletes what hangs off it. */
export const venueIdColumn = () =>
  uuid('venue_id')
    .notNull()
    .references(() => venuesRef.id, { onDelete: 'cascade' });
