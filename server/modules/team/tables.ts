/**
 * Team members: the venue employees a club owner invited, their privileges, and the pending
 * invitation code (hashed, expiring, with an attempt count) until they activate. And the
 * invitations sent to addresses that already have an account (see `teamInvitations`).
 */
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { businesses, users } from '../../db/tables/core';
import { foldedTrigramIndex } from '../../db/folded-like';

export const teamMembers = pgTable(
  'team_members',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    /** Privilege keys (src/domain/team.ts). */
    privileges: text('privileges').array().notNull().default([]),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('team_members_business_idx').on(t.businessId)],
);

export const memberInvitations = pgTable('member_invitations', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  attempts: integer('attempts').notNull().default(0),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An invitation to an address that already belongs to an account. One address signs in to one
 * account, so no member account is made; the row exists so the owner's team list shows it as
 * invited, exactly like an invitation to a new address (the list must not reveal which addresses
 * have accounts). It stays invited until the owner removes it.
 */
export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    /** Lower-cased, as accounts store it. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    privileges: text('privileges').array().notNull().default([]),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('team_invitations_business_email_idx').on(t.businessId, t.email),
    // The team list's search (service.ts invitationSearch), as users_name/email_folded_trgm serve its members'.
    foldedTrigramIndex('team_invitations_name_folded_trgm', t.name),
    foldedTrigramIndex('team_invitations_email_folded_trgm', t.email),
  ],
);
