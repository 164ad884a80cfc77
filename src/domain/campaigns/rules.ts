/**
 * A campaign's rules, shared by the form and the server (one schema, one message per field): its
 * name, sender, template, subject (and an optional second subject for an A/B test), audience
 * segment, hourly cap and daily send window, and the schedule. What needs
 * the database (a verified sender, a non-empty audience, every variable resolved for every
 * contact) is the server's, answered with the same messages.
 */
import * as z from 'zod/mini';
import { isCalendarDay } from '../calendar-day';
import { formatMessage, MESSAGES } from '../messages';
import { oneLine } from '../schemas/one-line';
import { pickedRecordId } from '../schemas/record-id';
import { wholeNumberType } from '../schemas/whole-number';
import { isUuid } from '../uuid';
import { clockText, placeOfZone, wallTimeIn } from './wall-clock';

export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'sending', 'paused', 'sent', 'cancelled'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const CAMPAIGN_NAME_MAX = 100;
export const CAMPAIGN_SUBJECT_MAX = 200;
export const SEGMENT_CONDITIONS_MAX = 10;
export const HOURLY_CAP_MAX = 100_000;
/** An A/B test's share of the audience (split evenly between the two subjects), in percent. */
export const AB_PERCENT_MIN = 2;
export const AB_PERCENT_MAX = 100;
/** Hours after the send starts at which the subject with more opens wins. */
export const AB_WAIT_MAX_HOURS = 168;
/** A segment condition's value naming the business's campaign that started sending last. */
export const LAST_CAMPAIGN = 'last';

/** What a segment can test on a contact (src/resources/contacts), and how. */
export const SEGMENT_FIELDS = {
  status: ['is', 'isNot'],
  tag: ['has', 'hasNot'],
  email: ['contains', 'notContains'],
  fullName: ['contains', 'notContains'],
  createdAt: ['after', 'before', 'withinDays'],
  /** Past email events: the contact was sent that campaign and opened / clicked it, or did not. */
  campaign: ['opened', 'notOpened', 'clicked', 'notClicked'],
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
  'opened',
  'notOpened',
  'clicked',
  'notClicked',
] as const;
export type SegmentOp = (typeof SEGMENT_OPS)[number];
export const CONTACT_STATUSES = ['lead', 'customer', 'inactive'] as const;

/** A time of day, 24-hour HH:MM (the schedule's and the send window's). */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;
export const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Whether a condition's value fits its field and operator. */
export function conditionValid(c: { field: SegmentField; op: SegmentOp; value: string }): boolean {
  if (!(SEGMENT_FIELDS[c.field] as readonly string[]).includes(c.op)) return false;
  const value = c.value.trim();
  if (!value) return false;
  if (c.field === 'status') return (CONTACT_STATUSES as readonly string[]).includes(value);
  if (c.field === 'campaign') return value === LAST_CAMPAIGN || isUuid(value);
  if (c.op === 'withinDays') return /^\d{1,4}$/.test(value) && Number(value) > 0;
  if (c.field === 'createdAt') return isCalendarDay(value);
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

/**
 * The campaign's `updatedAt` as the caller read it: if the campaign was saved since (another tab,
 * another person), the server answers 409 (campaignChangedMeanwhile) instead of letting the last
 * write win over what nobody saw. Required on a change (campaignChangeSchema: a change replaces
 * the whole draft, so one sent blind would undo another's save); optional on a schedule, which
 * sends the draft as stored and checks it then (docs/email-campaigns.md).
 */
const seenVersion = z.iso.datetime({ offset: true, error: MESSAGES.campaignUpdatedAtRequired });

const required = (message: string) => z.string({ error: message }).check(z.trim(), z.minLength(1, message));

const wholeNumber = (min: number, max: number, message: string) =>
  z.nullable(wholeNumberType(message).check(z.int(message), z.minimum(min, message), z.maximum(max, message)));
const timeOfDay = z.nullable(
  z.string({ error: MESSAGES.campaignWindowInvalid }).check(
    z.trim(),
    z.refine((v) => v === '' || TIME_OF_DAY.test(v), MESSAGES.campaignWindowInvalid),
  ),
);

const campaignFields = z.object({
  name: required(MESSAGES.campaignNameRequired).check(
    z.maxLength(CAMPAIGN_NAME_MAX, formatMessage('campaignNameTooLong', { max: CAMPAIGN_NAME_MAX })),
  ),
  senderId: pickedRecordId(MESSAGES.campaignSenderRequired),
  templateId: pickedRecordId(MESSAGES.campaignTemplateRequired),
  subject: required(MESSAGES.emailTemplateSubjectRequired).check(
    z.maxLength(CAMPAIGN_SUBJECT_MAX, formatMessage('emailTemplateSubjectTooLong', { max: CAMPAIGN_SUBJECT_MAX })),
    oneLine(),
  ),
  segment: segmentSchema,
  /**
   * At most this many mails an hour; null: as fast as the queue goes. Left out is null too (no
   * cap), on a create and on a change alike (a change replaces the whole draft): it was required,
   * and a caller that left it out was told the range ("a whole number from 1 to 100,000") as if
   * it had sent a wrong number.
   */
  hourlyCap: z._default(
    wholeNumber(
      1,
      HOURLY_CAP_MAX,
      // en-US digits, as every number the app shows: "100,000", not "100000".
      formatMessage('campaignHourlyCapRange', { max: HOURLY_CAP_MAX.toLocaleString('en-US') }),
    ),
    null,
  ),
  /**
   * A second subject: an A/B test. `abPercent` of the audience is split evenly between the two
   * subjects; `abWaitHours` after the send starts, the one opened by the larger share wins
   * (a tie: the first) and goes to the rest. Empty or null: no test.
   */
  subjectB: z.optional(
    z.nullable(
      z
        .string()
        .check(
          z.trim(),
          z.maxLength(
            CAMPAIGN_SUBJECT_MAX,
            formatMessage('emailTemplateSubjectTooLong', { max: CAMPAIGN_SUBJECT_MAX }),
          ),
          oneLine(),
        ),
    ),
  ),
  abPercent: z.optional(
    wholeNumber(
      AB_PERCENT_MIN,
      AB_PERCENT_MAX,
      formatMessage('campaignAbPercentRange', { min: AB_PERCENT_MIN, max: AB_PERCENT_MAX }),
    ),
  ),
  abWaitHours: z.optional(
    wholeNumber(1, AB_WAIT_MAX_HOURS, formatMessage('campaignAbWaitRange', { max: AB_WAIT_MAX_HOURS })),
  ),
  /** A daily send window in the business's time zone (HH:MM; an end before the start passes midnight); empty: any time. */
  windowStart: z.optional(timeOfDay),
  windowEnd: z.optional(timeOfDay),
});

/**
 * Whether two subjects are the same to a reader: "Big night" and " big night " test nothing
 * against each other, so case and the spaces around do not make a second subject.
 */
export const sameSubject = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/** The rules between fields (the A/B test's parts, the send window's order), on a create and a change alike. */
const crossFieldRules = () =>
  z.superRefine((v: z.output<typeof campaignFields>, ctx) => {
    const issue = (path: string, message: string) =>
      ctx.issues.push({ code: 'custom', message, path: [path], input: v });
    if (v.subjectB) {
      if (sameSubject(v.subjectB, v.subject)) issue('subjectB', MESSAGES.campaignAbSameSubject);
      if (v.abPercent == null)
        issue('abPercent', formatMessage('campaignAbPercentRange', { min: AB_PERCENT_MIN, max: AB_PERCENT_MAX }));
      if (v.abWaitHours == null) issue('abWaitHours', formatMessage('campaignAbWaitRange', { max: AB_WAIT_MAX_HOURS }));
    }
    const start = v.windowStart || null;
    const end = v.windowEnd || null;
    if (Boolean(start) !== Boolean(end)) issue(start ? 'windowEnd' : 'windowStart', MESSAGES.campaignWindowIncomplete);
    // An end before the start passes midnight (18:00 to 09:00); the same time twice is no window.
    else if (start && end && TIME_OF_DAY.test(start) && TIME_OF_DAY.test(end) && minutesOf(end) === minutesOf(start))
      issue('windowEnd', MESSAGES.campaignWindowSameTimes);
  });

/** A new campaign's fields, and the edit form's (which adds the `updatedAt` it started from). */
export const campaignSchema = campaignFields.check(crossFieldRules());
/** A change of a draft: its fields and the draft's `updatedAt` as the caller read it (seenVersion). */
export const campaignChangeSchema = z.extend(campaignFields, { updatedAt: seenVersion }).check(crossFieldRules());
export type CampaignInput = z.input<typeof campaignSchema>;
export type CampaignValues = z.output<typeof campaignSchema>;
export type CampaignChange = z.output<typeof campaignChangeSchema>;

/** The A/B test a campaign's values ask for, or null (no second subject). */
export const abTestOf = (v: Pick<CampaignValues, 'subjectB' | 'abPercent' | 'abWaitHours'>) =>
  v.subjectB && v.abPercent && v.abWaitHours
    ? { subjectB: v.subjectB, percent: v.abPercent, waitHours: v.abWaitHours }
    : null;

/** The daily send window a campaign's values ask for (minutes of the day), or null (any time). */
export const sendWindowOf = (v: { windowStart?: string | null; windowEnd?: string | null }) =>
  v.windowStart && v.windowEnd && TIME_OF_DAY.test(v.windowStart) && TIME_OF_DAY.test(v.windowEnd)
    ? { start: minutesOf(v.windowStart), end: minutesOf(v.windowEnd) }
    : null;

/**
 * Whether a minute of the day (the business's wall clock) is inside the window [start, end). A
 * window whose end comes before its start passes midnight: from its start to the end of the day,
 * and from the day's start to its end (18:00 to 09:00 is the evening and the early morning).
 */
/** A send window whose end comes before its start runs past midnight into the next day (18:00 to 09:00). */
export const passesMidnight = (start: string, end: string) => minutesOf(end) < minutesOf(start);

export const insideWindow = (window: { start: number; end: number } | null, minute: number) =>
  !window ||
  (window.start < window.end
    ? minute >= window.start && minute < window.end
    : minute >= window.start || minute < window.end);

/**
 * Now, or a day and a time of day in the business's time zone (the server refuses a past one, and
 * with the zone, scheduleSchemaIn refuses a time that does not exist there).
 * Told apart by `mode`, so a missing day or time is named on its field (a plain union answered
 * only "Invalid input", in English, over the form).
 */
export const scheduleSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('now'), updatedAt: z.optional(seenVersion) }),
  z.object({
    mode: z.literal('at'),
    updatedAt: z.optional(seenVersion),
    date: z
      .string({ error: MESSAGES.campaignScheduleInvalid })
      .check(z.refine(isCalendarDay, MESSAGES.campaignScheduleInvalid)),
    time: z
      .string({ error: MESSAGES.campaignScheduleInvalid })
      .check(z.regex(TIME_OF_DAY, MESSAGES.campaignScheduleInvalid)),
  }),
]);
export type ScheduleInput = z.output<typeof scheduleSchema>;

/**
 * Why a day and time cannot be scheduled in the business's time zone, or null: a wall time in the
 * spring-forward gap does not exist (wall-clock.ts). A time that happens twice is allowed: it is
 * sent at its first occurrence (scheduledInstant).
 */
export function scheduleGapMessage(date: string, time: string, timeZone: string): string | null {
  if (!isCalendarDay(date) || !TIME_OF_DAY.test(time)) return null;
  const wall = wallTimeIn(date, minutesOf(time), timeZone);
  if (wall.kind !== 'gap') return null;
  return formatMessage('campaignScheduleGap', {
    place: placeOfZone(timeZone),
    from: clockText(wall.from),
    to: clockText(wall.to),
  });
}

/** The instant a schedule's day and time are sent at (a time that happens twice: the first). */
export function scheduledInstant(date: string, time: string, timeZone: string): number {
  const wall = wallTimeIn(date, minutesOf(time), timeZone);
  if (wall.kind === 'gap') throw new Error('scheduledInstant: a time that does not exist (scheduleGapMessage)');
  return wall.at;
}

/** The schedule in a business's time zone: the form's schema, and the server's check once it knows the zone. */
export const scheduleSchemaIn = (timeZone: string) =>
  scheduleSchema.check(
    z.superRefine((v, ctx) => {
      if (v.mode !== 'at') return;
      const message = scheduleGapMessage(v.date, v.time, timeZone);
      if (message) ctx.issues.push({ code: 'custom', message, path: ['time'], input: v });
    }),
  );

export const audienceQuery = z.object({ segment: segmentSchema });
export const previewSchema = z.object({
  templateId: pickedRecordId(MESSAGES.campaignTemplateRequired),
  subject: required(MESSAGES.emailTemplateSubjectRequired).check(oneLine()),
  contactId: pickedRecordId(MESSAGES.fieldRequired),
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
