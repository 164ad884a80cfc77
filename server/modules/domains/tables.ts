/**
 * What the domains area keeps beside a declared domain (src/resources/domains, table
 * email_domains): its DKIM key pair and the last DNS check. One row per domain, written only by
 * this module. The private key never leaves the server: no route answers this table's rows.
 */
import { integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { DomainCheck } from '../../../src/domain/domains/wire';
import { businesses } from '../../db/tables/core';

/**
 * The declared table as far as the foreign key needs it (created and migrated by the engine; not
 * exported from server/db/schema.ts, so drizzle-kit sees it once).
 */
const domainsRef = pgTable('email_domains', { id: uuid('id').primaryKey() });

export const emailDomainKeys = pgTable('email_domain_keys', {
  /** Deleting the domain deletes its key and its last check. */
  domainId: uuid('domain_id')
    .primaryKey()
    .references(() => domainsRef.id, { onDelete: 'cascade' }),
  businessId: uuid('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  /**
   * The 2048-bit RSA key that signs the business's mail: its PKCS#8 PEM sealed by the secret box
   * (dkim-keys.ts, sending.ts), never a PEM at rest.
   */
  privateKey: text('private_key').notNull(),
  /** Base64 of the DER SubjectPublicKeyInfo: the DKIM record's p= value. */
  publicKey: text('public_key').notNull(),
  /** The last check's verdict (wire shape), null until checked. */
  lastCheck: jsonb('last_check').$type<DomainCheck>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

const sendersRef = pgTable('email_senders', { id: uuid('id').primaryKey() });

/** The code mailed to a sender's address to prove it (one at a time), kept as a hash. */
export const emailSenderCodes = pgTable('email_sender_codes', {
  senderId: uuid('sender_id')
    .primaryKey()
    .references(() => sendersRef.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  attempts: integer('attempts').notNull().default(0),
});

/**
 * When a sender code was last mailed to an address for a business, kept apart from the sender:
 * deleting the sender and adding the address again must not mail it again within the minute the
 * resend waits (sender-service.ts claimCodeMail). The address is lower-cased.
 */
export const emailSenderCodeMails = pgTable(
  'email_sender_code_mails',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    mailedAt: timestamp('mailed_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.address] })],
);
