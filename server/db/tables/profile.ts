/**
 * Profile tables: pending email/phone changes (a 6-digit code sent to the NEW address or
 * number, stored hashed, expiring, with an attempt counter and the time it was last sent for
 * the resend cooldown) and the per-user profile extras the users table does not hold (avatar).
 */
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './core';

export const contactChangeCodes = pgTable(
  'contact_change_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'email' | 'phone'. */
    kind: text('kind').notNull(),
    /** The new email (lower-cased) or phone number (E.164) the code was sent to. */
    target: text('target').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** Last (re)send; a resend within the cooldown is refused. */
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_change_codes_user_idx').on(t.userId, t.kind)],
);

export const userProfiles = pgTable('user_profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** File name inside DATA_DIR/avatars (random, so the public URL cannot be guessed). */
  avatarFile: text('avatar_file'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
