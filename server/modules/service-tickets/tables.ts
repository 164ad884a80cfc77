/**
 * A service ticket's comments and attachments (the ticket itself is a declared resource,
 * src/resources/service-tickets, table fleet_service_tickets). Both go with their ticket.
 */
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { businesses, users } from '../../db/tables/core';

/** The declared table as far as the foreign keys need it (the engine creates and migrates it). */
const ticketsRef = pgTable('fleet_service_tickets', { id: uuid('id').primaryKey() });

export const serviceTicketComments = pgTable(
  'fleet_service_ticket_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => ticketsRef.id, { onDelete: 'cascade' }),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    /** Who wrote it; kept as "a former user" if the account goes. */
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('fleet_service_ticket_comments_ticket_idx').on(t.ticketId, t.createdAt)],
);

export const serviceTicketAttachments = pgTable(
  'fleet_service_ticket_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => ticketsRef.id, { onDelete: 'cascade' }),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    /** The name the user's file had (shown and offered on download; never a storage path). */
    fileName: text('file_name').notNull(),
    /** Where the storage adapter keeps it (a random key, server/modules/storage). */
    storageKey: text('storage_key').notNull(),
    /** Sniffed from the bytes. */
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('fleet_service_ticket_attachments_ticket_idx').on(t.ticketId, t.createdAt)],
);
