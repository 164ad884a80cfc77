/**
 * The notifications' answers, written once (docs/architecture.md, "Wire shapes"): the routes
 * (server/modules/notifications) answer through these; the bell, the Notifications Center and
 * the live channel read their output types, so no zod reaches the signed-in first load.
 *
 * A notification the system writes carries the codes of its title and message (`messages.<code>`
 * in the translations, src/domain/notification-notices.ts lists them) and their parameters: the
 * screen writes it in its own language. `title` and `message` stay its English text, for API
 * clients, older rows and anything without the translations. An administrator's announcement,
 * typed by a person, has no codes and is shown as typed.
 */
import * as z from 'zod/mini';
import { described, timestamp } from './wire';
import { NOTIFICATION_STATUSES } from './notification-hub';

/**
 * One value a notice's text names. Text and numbers are put in as they are; the others are
 * written by whoever shows the text, as every screen writes them (en-US in every language).
 */
export const noticeParam = z.union([
  z.string(),
  z.number(),
  /** A calendar day, YYYY-MM-DD: MM/DD/YYYY. */
  z.object({ date: z.string() }),
  /** A time of day, HH:MM: h:mm AM. */
  z.object({ time: z.string() }),
  /** An instant on a business's clock (its IANA zone): MM/DD/YYYY h:mm AM, the zone named where it is not the reader's. */
  z.object({ at: z.string(), zone: z.string() }),
  /** An amount in cents: USD. */
  z.object({ cents: z.number() }),
]);
export type NoticeParam = z.output<typeof noticeParam>;

export const noticeParams = z.record(z.string(), noticeParam);
export type NoticeParams = z.output<typeof noticeParams>;

/** One notification as the caller sees it (status is theirs). */
export const notificationItem = z.object({
  id: z.string(),
  title: z.string(),
  message: z.string(),
  type: z.string(),
  status: described(z.enum(NOTIFICATION_STATUSES), "The caller's own state"),
  notificationDate: timestamp,
  /** The title's code (`messages.<code>`); null for an announcement or an older row. */
  titleKey: z.nullable(z.string()),
  /** The message's code; null as for titleKey. */
  messageKey: z.nullable(z.string()),
  /** What the codes' texts name; null when they name nothing. */
  params: z.nullable(noticeParams),
});
export type NotificationItem = z.output<typeof notificationItem>;

/** `latest_notifications`: the caller's unread count and newest unread notifications. */
export const latestNotifications = z.object({
  count: described(z.int(), 'Unread notifications in all'),
  notifications: z.array(notificationItem),
});
export type LatestNotifications = z.output<typeof latestNotifications>;

/**
 * The second argument of a ReceiveMessage for a notification the system wrote (the first is its
 * English title, what the product brief's clients show): the title's code and parameters.
 */
export interface LiveNotice {
  titleKey: string;
  params: NoticeParams | null;
}
