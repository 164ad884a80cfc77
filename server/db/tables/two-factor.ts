/**
 * Two-factor (TOTP) tables. `users.two_factor_enabled` stays the flag userData reports; a
 * credential row exists exactly while it is true. Secrets are stored encrypted (AES-256-GCM,
 * see server/modules/security/two-factor-crypto.ts); nonces and recovery codes only as hashes.
 * Every time column is written from the app clock, so tests can move time.
 */
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sessions, users } from './core';

/** A user's enabled authenticator, with the replay guard and the brute-force counter. */
export const twoFactorCredentials = pgTable('two_factor_credentials', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretEncrypted: text('secret_encrypted').notNull(),
  /** The newest 30-second time step a code was accepted for; codes of that step or older are refused. */
  lastUsedStep: integer('last_used_step'),
  /** Attempts since the last success or lock (counted before checking, so parallel guesses count too). */
  failedAttempts: integer('failed_attempts').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  enabledAt: timestamp('enabled_at', { withTimezone: true }).notNull(),
});

/**
 * A secret shown by GET two-factor and not yet confirmed. The nonce the client echoes on enable
 * binds the confirmation to this user and this secret; it is short-lived and spent on success.
 */
export const twoFactorEnrollments = pgTable(
  'two_factor_enrollments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    secretEncrypted: text('secret_encrypted').notNull(),
    nonceHash: text('nonce_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('two_factor_enrollments_nonce_key').on(t.nonceHash),
    index('two_factor_enrollments_user_idx').on(t.userId),
  ],
);

/** One-time recovery codes, SHA-256 hashed with the user id; shown once when two-factor is enabled. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('two_factor_recovery_codes_user_code_key').on(t.userId, t.codeHash)],
);

/**
 * Sessions that passed two-factor. Until its row exists, a session of a two-factor user may call
 * only the routes flagged `allowBeforeTwoFactor` (server/auth/access.ts). Keyed by session, so a
 * refresh (same session, new tokens) keeps it and a new sign-in starts without it.
 */
export const twoFactorSessions = pgTable(
  'two_factor_sessions',
  {
    sessionId: uuid('session_id')
      .primaryKey()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    authorizedAt: timestamp('authorized_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('two_factor_sessions_user_idx').on(t.userId)],
);
