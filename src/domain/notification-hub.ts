/**
 * Notifications' statuses, kinds and the live channel's hub events and path
 * (notifications.ts tells where they come from): what the live channel and the header's bell
 * read on every signed-in load. Apart from notifications.ts, whose zod schema only the
 * announcement form and the server need (docs/architecture.md, "The design card's packages");
 * notifications.ts re-exports these.
 */
export const NOTIFICATION_STATUSES = ['unread', 'read', 'archived'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

/**
 * Every kind of notification the product writes: an administrator's announcement and each
 * `type` a module passes to createNotification (server/modules/notifications/service.ts takes
 * only these, so a new kind is added here, with its label in notificationCenter.types of both
 * languages, or does not type-check). The Notifications Center's type filter offers exactly these.
 */
export const NOTIFICATION_TYPES = [
  'announcement',
  'account',
  'subscription',
  'message',
  'system',
  'quote',
  'domain',
  'support',
  'form',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NOTIFICATION_AUDIENCES = ['user', 'role', 'all'] as const;
export type NotificationAudience = (typeof NOTIFICATION_AUDIENCES)[number];

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
