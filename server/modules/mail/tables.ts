import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/tables/core';
import type { StoredAttachment } from './types';

/** Every mail the app sends; the embedded mail adapter stops here (plus a log line). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** Files sent with the message (a booking's .ics), base64; null when none. */
    attachments: jsonb('attachments').$type<StoredAttachment[]>(),
    transport: text('transport').notNull().default('outbox'),
    /** The From the message went out with: a business's default sender, or the platform's MAIL_FROM. */
    fromAddress: text('from_address'),
    /**
     * The message's header block as built (From, Reply-To, DKIM-Signature…), so the outbox shows
     * what a receiver would check; null for rows written before it was kept and for texts.
     */
    headers: text('headers'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
    createdAt: createdAt(),
  },
  // By address (a person's latest code); by time, newest first (the status page's recent mail).
  (t) => [index('mail_outbox_to_idx').on(t.to, t.createdAt), index('mail_outbox_created_idx').on(t.createdAt, t.id)],
);
