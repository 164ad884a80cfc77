import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/tables/core';

/** An attachment as the outbox keeps it (jsonb): the bytes in base64. */
export interface StoredAttachment {
  filename: string;
  contentType: string;
  /** Base64. */
  content: string;
}

/**
 * Every mail the app sends; the embedded mail adapter stops here (plus a log line). Under SMTP a
 * row is also the delivery's job (delivery.ts): until SMTP accepts it, it keeps the message's
 * bytes (`raw`) and when it may next be tried (`next_attempt_at`); any server process's worker
 * claims due rows (FOR UPDATE SKIP LOCKED), and a row that failed every attempt ends `failed_at`.
 */
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
    /** The last attempt's failure (cleared when a later attempt is accepted). */
    error: text('error'),
    /** SMTP: the message as composed and signed, CRLF, sent as is by every attempt; null once sent. */
    raw: text('raw'),
    /** SMTP attempts started (a claim counts one: a process that died mid-send used it up). */
    attempts: integer('attempts').notNull().default(0),
    /**
     * SMTP, not yet sent nor given up: when a worker may take it — after a fresh row's grace (its
     * writer delivers it first), a claim's lease or a failure's back-off. Null otherwise.
     */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** SMTP gave up after the last attempt failed (`error` says why). */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  // By address (a person's latest code); by time, newest first (the status page's recent mail);
  // the SMTP rows awaiting delivery, by when they are due (the worker's claim).
  (t) => [
    index('mail_outbox_to_idx').on(t.to, t.createdAt),
    index('mail_outbox_created_idx').on(t.createdAt, t.id),
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
  ],
);
