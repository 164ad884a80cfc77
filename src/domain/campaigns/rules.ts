/**
 * A campaign's rules, shared by the form and the server (one schema, one message per field): its
 * name, sender, template, subject, audience segment and hourly cap, and the schedule. What needs
 * the database (a verified sender, a non-empty audience, every variable resolved for every
 * contact) is the server's, answered with the same messages.
 */
import * as z from 'zod/mini';
import { formatMessage, MESSAGES } from '../messages';

export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'sending', 'paused', 'sent', 'cancelled'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const CAMPAIGN_NAME_MAX = 100;
export const CAMPAIGN_SUBJECT_MAX = 200;
export const SEGMENT_CONDITIONS_MAX = 10;
export const HOURLY_CAP_MAX = 100_000;

/** What a segment can test on a contact (src/resources/contacts), and how. */
export const SEGMENT_FIELDS = {
  status: ['is', 'isNot'],
  tag: ['has', 'hasNot'],
  email: ['contains', 'notContains'],
  fullName: ['contains', 'notContains'],
  createdAt: ['after', 'before', 'withinDays'],
} as const;
export type SegmentField = keyof typeof SEGMENT_FIELDS;
export const SEGMENT_OPS = [
  'is',
  'isNot',
  'has',
  'hasNot',
  'contains',
  'notContains',
  'after',
  'before',
  'withinDays',
] as const;
export type SegmentOp = (typeof SEGMENT_OPS)[number];
export const CONTACT_STATUSES = ['lead', 'customer', 'inactive'] as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (v: string) => DAY.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));

/** Whether a condition's value fits its field and operator. */
export function conditionValid(c: { field: SegmentField; op: SegmentOp; value: string }): boolean {
  if (!(SEGMENT_FIELDS[c.field] as readonly string[]).includes(c.op)) return false;
  const value = c.value.trim();
  if (!value) return false;
  if (c.field === 'status') return (CONTACT_STATUSES as readonly string[]).includes(value);
  if (c.op === 'withinDays') return /^\d{1,4}$/.test(value) && Number(value) > 0;
  if (c.field === 'createdAt') return isDay(value);
  return value.length <= 100;
}

export const segmentCondition = z
  .object({
    field: z.enum(Object.keys(SEGMENT_FIELDS) as [SegmentField, ...SegmentField[]], {
      error: MESSAGES.campaignConditionInvalid,
    }),
    op: z.enum(SEGMENT_OPS, { error: MESSAGES.campaignConditionInvalid }),
    value: z.string({ error: MESSAGES.campaignConditionInvalid }).check(z.trim(), z.maxLength(100)),
  })
  .check(z.refine(conditionValid, { message: MESSAGES.campaignConditionInvalid, path: ['value'] }));
export type SegmentCondition = z.output<typeof segmentCondition>;

export const segmentSchema = z.object({
  match: z.enum(['all', 'any']),
  conditions: z
    .array(segmentCondition)
    .check(
      z.maxLength(SEGMENT_CONDITIONS_MAX, formatMessage('campaignConditionsMax', { max: SEGMENT_CONDITIONS_MAX })),
    ),
});
export type Segment = z.output<typeof segmentSchema>;
/** Everyone with an email address: the segment a new campaign starts with. */
export const EVERYONE: Segment = { match: 'all', conditions: [] };

const required = (message: string) => z.string({ error: message }).check(z.trim(), z.minLength(1, message));

export const campaignSchema = z.object({
  name: required(MESSAGES.campaignNameRequired).check(
    z.maxLength(CAMPAIGN_NAME_MAX, formatMessage('campaignNameTooLong', { max: CAMPAIGN_NAME_MAX })),
  ),
  senderId: required(MESSAGES.campaignSenderRequired),
  templateId: required(MESSAGES.campaignTemplateRequired),
  subject: required(MESSAGES.emailTemplateSubjectRequired).check(
    z.maxLength(CAMPAIGN_SUBJECT_MAX, formatMessage('emailTemplateSubjectTooLong', { max: CAMPAIGN_SUBJECT_MAX })),
  ),
  segment: segmentSchema,
  /** At most this many mails an hour; null: as fast as the queue goes. */
  hourlyCap: z.nullable(
    z
      .number({ error: formatMessage('campaignHourlyCapRange', { max: HOURLY_CAP_MAX }) })
      .check(
        z.int(formatMessage('campaignHourlyCapRange', { max: HOURLY_CAP_MAX })),
        z.minimum(1, formatMessage('campaignHourlyCapRange', { max: HOURLY_CAP_MAX })),
        z.maximum(HOURLY_CAP_MAX, formatMessage('campaignHourlyCapRange', { max: HOURLY_CAP_MAX })),
      ),
  ),
});
export type CampaignInput = z.input<typeof campaignSchema>;
export type CampaignValues = z.output<typeof campaignSchema>;

/** Now, or a day and a time of day in the business's time zone (the server refuses a past one). */
export const scheduleSchema = z.union([
  z.object({ mode: z.literal('now') }),
  z.object({
    mode: z.literal('at'),
    date: z
      .string({ error: MESSAGES.campaignScheduleInvalid })
      .check(z.refine(isDay, MESSAGES.campaignScheduleInvalid)),
    time: z
      .string({ error: MESSAGES.campaignScheduleInvalid })
      .check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, MESSAGES.campaignScheduleInvalid)),
  }),
]);
export type ScheduleInput = z.output<typeof scheduleSchema>;

export const audienceQuery = z.object({ segment: segmentSchema });
export const previewSchema = z.object({
  templateId: required(MESSAGES.campaignTemplateRequired),
  subject: required(MESSAGES.emailTemplateSubjectRequired),
  contactId: required(MESSAGES.fieldRequired),
});

/** The statuses whose campaign the owner may still change. */
export const EDITABLE: readonly CampaignStatus[] = ['draft'];
/** Which action each status allows (the detail page's buttons and the server's checks). */
export const ACTIONS = {
  schedule: ['draft'],
  pause: ['scheduled', 'sending'],
  resume: ['paused'],
  cancel: ['draft', 'scheduled', 'sending', 'paused'],
} as const satisfies Record<string, readonly CampaignStatus[]>;
export type CampaignAction = keyof typeof ACTIONS;
export const allows = (action: CampaignAction, status: CampaignStatus) =>
  (ACTIONS[action] as readonly CampaignStatus[]).includes(status);

/** A contact's tags as typed ("VIP, newsletter"): trimmed, lower-cased, empty ones dropped. */
export const tagsOf = (raw: string | null | undefined): string[] =>
  (raw ?? '')
    .split(',')
    .map((t) => t.trim().toLowerCase())
    .filter(Boolean);
