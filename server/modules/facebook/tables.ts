/**
 * A business's Facebook connection (facebook_ads): the account its owner connected and the page
 * it uses. One row per business. The tokens are sealed by the server's secret box
 * (server/auth/secret-box.ts, connection-store.ts says how they are bound), never sent back.
 */
import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { businesses, users } from '../../db/tables/core';

export const facebookConnections = pgTable('facebook_connections', {
  businessId: uuid('business_id')
    .primaryKey()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  connectedBy: uuid('connected_by').references(() => users.id, { onDelete: 'set null' }),
  /** The Facebook user the owner signed in as, and their name as Facebook gave it. */
  accountId: text('account_id').notNull(),
  accountName: text('account_name').notNull(),
  /** The user access token (long-lived when Facebook gave one), sealed. */
  userToken: text('user_token').notNull(),
  /** When Facebook said the token ends; null when it said nothing (a token that does not expire). */
  tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
  /** When Facebook last refused the token (expired, withdrawn): the owner must reconnect. */
  tokenRejectedAt: timestamp('token_rejected_at', { withTimezone: true }),
  pageId: text('page_id'),
  pageName: text('page_name'),
  /** The selected page's access token, sealed. */
  pageToken: text('page_token'),
  connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type FacebookConnectionRow = typeof facebookConnections.$inferSelect;
