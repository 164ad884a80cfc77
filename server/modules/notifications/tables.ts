import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { NoticeParams } from '../../../src/domain/notification-wire';
import { foldedTrigramIndex } from '../../db/folded-like';
import { createdAt, id, users } from '../../db/tables/core';

/**
 * A notification is stored once for its audience: one user, every user of a role, or everyone.
 * Each user's status lives in notification_receipts (no receipt = unread), so an announcement to
 * everyone is one row, not one per user.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    /** The English text: what API clients and older screens show, and the fallback of the codes below. */
    title: text('title').notNull(),
    message: text('message').notNull(),
    /**
     * A notification the system wrote: its title's and message's codes in the shared catalogue
     * (src/domain/notification-notices.ts) and the parameters they name, so each reader's screen
     * writes it in their language. Null for an announcement (typed by a person) and older rows.
     */
    titleKey: text('title_key'),
    messageKey: text('message_key'),
    params: jsonb('params').$type<NoticeParams>(),
    type: text('type').notNull().default('system'),
    /** 'user' | 'role' | 'all'. */
    audience: text('audience').notNull(),
    recipientUserId: uuid('recipient_user_id').references(() => users.id, { onDelete: 'cascade' }),
    recipientRole: text('recipient_role'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_idx').on(t.recipientUserId, t.createdAt),
    index('notifications_role_idx').on(t.recipientRole, t.createdAt),
    index('notifications_audience_idx').on(t.audience, t.createdAt),
    // The list's search as an English reader's (queries.ts searchCondition: the stored words).
    foldedTrigramIndex('notifications_title_folded_trgm', t.title),
    foldedTrigramIndex('notifications_message_folded_trgm', t.message),
    check(
      'notifications_audience_check',
      sql`(${t.audience} = 'user' and ${t.recipientUserId} is not null) or (${t.audience} = 'role' and ${t.recipientRole} is not null) or ${t.audience} = 'all'`,
    ),
  ],
);

/** One user's read/archived state of a notification; absent until they act on it. */
export const notificationReceipts = pgTable(
  'notification_receipts',
  {
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'notification_receipts_pkey', columns: [t.notificationId, t.userId] }),
    index('notification_receipts_user_idx').on(t.userId),
  ],
);

/** Web Push subscriptions of a user's browsers; an endpoint belongs to one user at a time. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);
