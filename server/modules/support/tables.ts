/**
 * The platform's support desk (src/domain/support/tickets.ts): a signed-in user's tickets with
 * the platform, their conversation (public replies, IT's internal notes, changes of state) and
 * the files attached to them. A ticket keeps the opener's business so IT sees whom it helps and
 * a business's page lists its recent tickets.
 */
import { index, integer, jsonb, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type {
  TicketCategory,
  TicketMessageKind,
  TicketPriority,
  TicketStatus,
} from '../../../src/domain/support/tickets';
import { foldedTrigramIndex } from '../../db/folded-like';
import { businesses, users } from '../../db/tables/core';

export const supportTickets = pgTable(
  'support_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The number people quote ("ticket #1042"). */
    number: serial('number').notNull(),
    openedBy: uuid('opened_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The opener's business when the ticket was opened (null for an account without one). */
    businessId: uuid('business_id').references(() => businesses.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    category: text('category').$type<TicketCategory>().notNull(),
    description: text('description').notNull(),
    priority: text('priority').$type<TicketPriority>().notNull().default('normal'),
    status: text('status').$type<TicketStatus>().notNull().default('open'),
    assigneeId: uuid('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    /** 'user' or 'staff': who wrote the last public word (the desk's "awaiting reply", the user's "new reply"). */
    lastReplyBy: text('last_reply_by').$type<'user' | 'staff'>().notNull().default('user'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Last reply, note or change: both lists show the liveliest first. */
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    index('support_tickets_opener_idx').on(t.openedBy, t.lastActivityAt),
    index('support_tickets_status_idx').on(t.status, t.lastActivityAt),
    index('support_tickets_business_idx').on(t.businessId, t.createdAt),
    index('support_tickets_assignee_idx').on(t.assigneeId),
    // The desk's search (queries.ts deskSearch): each of its conditions an index on this table.
    foldedTrigramIndex('support_tickets_subject_folded_trgm', t.subject),
    index('support_tickets_number_idx').on(t.number),
  ],
);

export const supportMessages = pgTable(
  'support_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** 'reply' (public), 'note' (IT only, never shown to the opener) or 'event' (a change of state). */
    kind: text('kind').$type<TicketMessageKind>().notNull(),
    body: text('body').notNull().default(''),
    /** For an event: what changed, e.g. { type: 'status', to: 'resolved' }. */
    event: jsonb('event').$type<{ type: string; to: string | null; internal?: boolean }>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('support_messages_ticket_idx').on(t.ticketId, t.createdAt)],
);

export const supportAttachments = pgTable(
  'support_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    /** Storage key (random; never the client's name). */
    key: text('key').notNull(),
    /** The name the file had on the uploader's machine, shown and offered on download. */
    name: text('name').notNull(),
    size: integer('size').notNull(),
    contentType: text('content_type').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('support_attachments_ticket_idx').on(t.ticketId)],
);
