/**
 * Passkey tables: the WebAuthn credentials users registered, and the server-side challenges of
 * ceremonies in progress (short-lived and spent on first use, so a captured response cannot be
 * replayed and a challenge cannot be minted by the client).
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './core';

export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential ID as the browser reports it (base64url); unique across all users. */
    credentialId: text('credential_id').notNull(),
    /** COSE-encoded public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** Signature counter (uint32); an assertion must move it forward unless both are 0. */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** 'singleDevice' | 'multiDevice' (synced passkey). */
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    aaguid: text('aaguid'),
    /** The RP ID the credential is bound to; assertions are verified against it. */
    rpId: text('rp_id').notNull(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('passkeys_credential_id_key').on(t.credentialId), index('passkeys_user_idx').on(t.userId)],
);

export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** base64url, as sent in the options and echoed in clientDataJSON. */
    challenge: text('challenge').notNull(),
    /** 'registration' | 'authentication'. */
    purpose: text('purpose').notNull(),
    /** Registration: the signed-in user. Sign-in: the account named in the request, if any. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    rpId: text('rp_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('passkey_challenges_challenge_key').on(t.challenge),
    index('passkey_challenges_expires_idx').on(t.expiresAt),
  ],
);
