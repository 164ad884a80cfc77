/**
 * The campaigns' answers (docs/architecture.md, "Wire shapes"): the routes answer through these
 * and the screens read their output types.
 */
import * as z from 'zod/mini';
import { timestamp } from '../wire';
import { CAMPAIGN_STATUSES, segmentSchema } from './rules';

export const VARIANTS = ['a', 'b'] as const;

export const campaignRow = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  subject: z.string(),
  senderId: z.string(),
  templateId: z.string(),
  /** The template's version approved when it was scheduled; null while a draft. */
  templateVersion: z.nullable(z.number()),
  segment: segmentSchema,
  hourlyCap: z.nullable(z.number()),
  /** The A/B test: the second subject, the tested share (percent), the wait (hours); null: none. */
  subjectB: z.nullable(z.string()),
  abPercent: z.nullable(z.number()),
  abWaitHours: z.nullable(z.number()),
  /** The subject that won ('a': the first), and when; null until chosen. */
  abWinner: z.nullable(z.enum(VARIANTS)),
  abDecidedAt: z.nullable(timestamp),
  /** The daily send window, HH:MM in the business's time zone; null: any time. */
  windowStart: z.nullable(z.string()),
  windowEnd: z.nullable(z.string()),
  scheduledAt: z.nullable(timestamp),
  startedAt: z.nullable(timestamp),
  finishedAt: z.nullable(timestamp),
  /** Recipients queued when the send started (the segment evaluated then); null before. */
  audienceSize: z.nullable(z.number()),
  sent: z.number(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type CampaignRow = z.output<typeof campaignRow>;

export const REPORT_COUNTS = [
  'sent',
  'delivered',
  'opened',
  'clicked',
  'bounced',
  'unsubscribed',
  'complained',
] as const;
export type ReportCount = (typeof REPORT_COUNTS)[number];

export const campaignReport = z.object({
  status: z.enum(CAMPAIGN_STATUSES),
  audienceSize: z.nullable(z.number()),
  queued: z.number(),
  /** Left out at send time: suppressed, or a variable with no value. */
  skipped: z.number(),
  counts: z.record(z.enum(REPORT_COUNTS), z.number()),
  /** Per hour since the send started (UTC hour starts): how many of each. */
  series: z.array(z.object({ hour: timestamp, sent: z.number(), opened: z.number(), clicked: z.number() })),
  /** Outside its daily send window now: the queue waits. */
  outsideWindow: z.boolean(),
  /** An A/B campaign's two subjects (each with its own counts), the held rest, the winner. */
  ab: z.nullable(
    z.object({
      variants: z.array(
        z.object({
          variant: z.enum(VARIANTS),
          subject: z.string(),
          sent: z.number(),
          opened: z.number(),
          clicked: z.number(),
        }),
      ),
      /** Waiting for the winner's subject. */
      held: z.number(),
      winner: z.nullable(z.enum(VARIANTS)),
      /** When the winner is (or was to be) chosen: the send's start plus the wait; null before the start. */
      decidesAt: z.nullable(timestamp),
    }),
  ),
});
export type CampaignReport = z.output<typeof campaignReport>;

export const campaignOptions = z.object({
  senders: z.array(z.object({ id: z.string(), label: z.string() })),
  templates: z.array(z.object({ id: z.string(), name: z.string(), subject: z.string(), version: z.number() })),
  /** The business's campaigns that have started sending, newest first: what a segment's past-events condition can name. */
  campaigns: z.array(z.object({ id: z.string(), name: z.string() })),
  timeZone: z.string(),
});
export type CampaignOptions = z.output<typeof campaignOptions>;

export const audienceAnswer = z.object({
  count: z.number(),
  sample: z.array(z.object({ id: z.string(), fullName: z.string(), email: z.string() })),
});
export type AudienceAnswer = z.output<typeof audienceAnswer>;

export const previewAnswer = z.object({
  to: z.string(),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  /** Variables with no value and no fallback for this contact: the send would be refused. */
  unresolved: z.array(z.string()),
});
export type PreviewAnswer = z.output<typeof previewAnswer>;

export const unsubscribeAnswer = z.object({
  email: z.string(),
  businessName: z.string(),
  unsubscribed: z.boolean(),
});
export type UnsubscribeAnswer = z.output<typeof unsubscribeAnswer>;
