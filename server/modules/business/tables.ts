/**
 * Who owns which business (business_management). A user works in one business at a time,
 * users.business_id, the one every tenant check reads; this table lists every business they may
 * switch to. The migration that made it gave each existing user (but venue employees, who work in
 * their owner's business) the business they belonged to, and a trigger keeps that true whenever a
 * user is given a business by any other path (sign-up, the admin, the seed).
 */
import { index, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { businesses, users } from '../../db/tables/core';

export const businessOwners = pgTable(
  'business_owners',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.businessId] }), index('business_owners_business_idx').on(t.businessId)],
);
