/**
 * Notifications and the live channel (the product brief, sections 3, 4, 6 and 7): statuses, hub
 * event names, the shapes the API answers, and the rules of the admin announcement form.
 */
import { z } from 'zod/mini';
import { formatMessage, MESSAGES } from './messages';
import { ROLES } from './roles';

export const NOTIFICATION_STATUSES = ['unread', 'read', 'archived'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

/** Kinds of notification; `type` is free to grow, these are the ones the product sends today. */
export const NOTIFICATION_TYPES = ['announcement', 'account', 'subscription', 'message', 'system'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NOTIFICATION_AUDIENCES = ['user', 'role', 'all'] as const;
export type NotificationAudience = (typeof NOTIFICATION_AUDIENCES)[number];

/** One notification as the caller sees it (status is theirs). */
export interface NotificationItem {
  id: string;
  title: string;
  message: string;
  type: string;
  status: NotificationStatus;
  /** ISO 8601. */
  notificationDate: string;
}

/** `latest_notifications`: the caller's unread count and newest unread notifications. */
export interface LatestNotifications {
  count: number;
  notifications: NotificationItem[];
}

/** Server → client hub targets (the product brief, section 4: real-time events). */
export const HUB_EVENTS = {
  receiveMessage: 'ReceiveMessage',
  subscriptionCancel: 'SubscriptionCancel',
  accountVerified: 'AccountVerified',
  userStartedTyping: 'UserStartedTyping',
  userStoppedTyping: 'UserStoppedTyping',
  /**
   * Records of a declared resource changed: one argument `{ resource, action, ids? }` (action
   * 'created' | 'updated' | 'deleted'; no ids when many changed). Never the record itself: the
   * client re-reads it through the API. Not in the product brief: it drives live lists.
   */
  recordsChanged: 'RecordsChanged',
} as const;

/** The argument of a RecordsChanged push. */
export interface RecordsChange {
  resource: string;
  action: 'created' | 'updated' | 'deleted';
  ids?: string[];
}

export const HUB_PATH = '/hubs/notifications';
/**
 * The Refine resource name the Notifications Center reads under: a ReceiveMessage on the live
 * channel re-reads it like a RecordsChanged would.
 */
export const NOTIFICATIONS_RESOURCE = 'notifications';
export const LATEST_NOTIFICATIONS_LIMIT = 5;

/** The admin announcement: a title and message for one user, one role or everyone. */
export const announcementSchema = z
  .object({
    title: z
      .string({ error: MESSAGES.fieldRequired })
      .check(
        z.trim(),
        z.minLength(1, MESSAGES.fieldRequired),
        z.maxLength(120, formatMessage('textTooLong', { max: 120 })),
      ),
    message: z
      .string({ error: MESSAGES.fieldRequired })
      .check(
        z.trim(),
        z.minLength(1, MESSAGES.fieldRequired),
        z.maxLength(2000, formatMessage('textTooLong', { max: 2000 })),
      ),
    type: z.optional(z.enum(NOTIFICATION_TYPES, { error: MESSAGES.invalidValue })),
    audience: z.enum(NOTIFICATION_AUDIENCES, { error: MESSAGES.invalidValue }),
    userId: z.optional(z.uuid({ error: MESSAGES.invalidValue })),
    role: z.optional(z.enum(ROLES, { error: MESSAGES.roleInvalid })),
  })
  .check(
    z.refine((v) => v.audience !== 'user' || !!v.userId, { path: ['userId'], message: MESSAGES.fieldRequired }),
    z.refine((v) => v.audience !== 'role' || !!v.role, { path: ['role'], message: MESSAGES.fieldRequired }),
  );
export type AnnouncementInput = z.input<typeof announcementSchema>;

/** Answers of the bulk mark-as-read / archive calls when the ids are wrong (nothing is changed). */
/** The bulk actions' error texts (kept in MESSAGES so the client translates them). */
export const NOTIFICATION_ERRORS = {
  idsRequired: MESSAGES.notificationIdsRequired,
  idsInvalid: MESSAGES.notificationIdsInvalid,
  idsNotFound: MESSAGES.notificationIdsNotFound,
} as const;
