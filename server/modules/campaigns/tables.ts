/**
 * Email campaigns (email_campaigns), their recipients — the durable send queue — the business's
 * suppression list and the provider events already applied. sender_id and template_id name rows
 * of other modules' tables (the declared senders, the email templates) without a foreign key:
 * a sent campaign's history outlives a deleted sender or template.
 */
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { CampaignStatus, Segment } from '../../../src/domain/campaigns/rules';
import { businesses, createdAt, id, users } from '../../db/tables/core';

export const campaigns = pgTable(
  'campaigns',
  {
    id: id(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    status: text('status').$type<CampaignStatus>().notNull().default('draft'),
    senderId: uuid('sender_id').notNull(),
    templateId: uuid('template_id').notNull(),
    /** The version approved when it was scheduled: later saves of the template do not change the mail. */
    templateVersion: integer('template_version'),
    subject: text('subject').notNull(),
    segment: jsonb('segment').$type<Segment>().notNull(),
    hourlyCap: integer('hourly_cap'),
    /** The A/B test (src/domain/campaigns/rules.ts): the second subject, the tested share, the wait. */
    subjectB: text('subject_b'),
    abPercent: integer('ab_percent'),
    abWaitHours: integer('ab_wait_hours'),
    /** The subject that won, when it was chosen; the rest of the audience was then queued with it. */
    abWinner: text('ab_winner').$type<Variant>(),
    abDecidedAt: timestamp('ab_decided_at', { withTimezone: true }),
    /** The daily send window, HH:MM in the business's time zone; null: any time. */
    windowStart: text('window_start'),
    windowEnd: text('window_end'),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    audienceSize: integer('audience_size'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The sender's loop finds due and sending campaigns by status.
    index('campaigns_status_idx').on(t.status, t.scheduledAt),
    index('campaigns_business_idx').on(t.businessId),
    // A name is its business's once, whatever its case: the owner tells campaigns apart by name
    // (the list, the report, "Past campaign" conditions), as templates are (email_templates).
    // A campaign cancelled before it sent anything gives its name back (cancel, then do it again
    // right, as mail tools let you); one that reached contacts keeps it, since the name stands in
    // their history and in the past-event conditions' list (startedCampaigns). Cancelled is final
    // and a send never starts on a cancelled campaign, so no row comes back into the index.
    uniqueIndex('campaigns_business_name_key')
      .on(t.businessId, sql`lower(${t.name})`)
      .where(sql`${t.status} <> 'cancelled' or ${t.startedAt} is not null`),
  ],
);

/** `held`: the part of an A/B campaign's audience waiting for the winning subject. */
export type RecipientStatus = 'queued' | 'held' | 'sent' | 'skipped' | 'cancelled';
/** Which subject a recipient gets: 'a' the campaign's subject, 'b' its second one. */
export type Variant = 'a' | 'b';

/**
 * One row per (campaign, contact), made when the send starts: the queue the senders take from
 * with FOR UPDATE SKIP LOCKED. A row turns `sent` in the transaction that writes its mail to
 * the outbox, so a process killed mid-send leaves each row either sent with its mail or queued
 * without one.
 */
export const campaignRecipients = pgTable(
  'campaign_recipients',
  {
    id: id(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id').notNull(),
    email: text('email').notNull(),
    /** The contact's merge values when the send started (contact.firstName …). */
    values: jsonb('values').$type<Record<string, string>>().notNull(),
    status: text('status').$type<RecipientStatus>().notNull().default('queued'),
    /** The subject this recipient gets (an A/B campaign's test group, then the winner); null: the only one. */
    variant: text('variant').$type<Variant>(),
    /** Why a row was skipped: suppressed, or the variable that had no value. */
    skipReason: text('skip_reason'),
    outboxId: uuid('outbox_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    clickedAt: timestamp('clicked_at', { withTimezone: true }),
    bouncedAt: timestamp('bounced_at', { withTimezone: true }),
    complainedAt: timestamp('complained_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  },
  (t) => [
    unique('campaign_recipients_contact_key').on(t.campaignId, t.contactId),
    index('campaign_recipients_queue_idx').on(t.campaignId, t.status),
    index('campaign_recipients_sent_idx').on(t.campaignId, t.sentAt),
  ],
);

export type SuppressionReason = 'unsubscribed' | 'bounced' | 'complained';

/**
 * Addresses a business never mails again by any campaign (lower-cased). A soft bounce only
 * counts until the second one; `suppressed_at` null means counted but still mailed.
 */
export const emailSuppressions = pgTable(
  'email_suppressions',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    reason: text('reason').$type<SuppressionReason>(),
    softBounces: integer('soft_bounces').notNull().default(0),
    suppressedAt: timestamp('suppressed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.email] })],
);

/** Provider notifications already applied, by the provider's own event id: a retry is stored once. */
export const campaignProviderEvents = pgTable('campaign_provider_events', {
  eventId: text('event_id').primaryKey(),
  kind: text('kind').notNull(),
  recipientId: uuid('recipient_id'),
  receivedAt: createdAt(),
});
