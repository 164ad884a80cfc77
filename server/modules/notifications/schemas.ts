/** What the notification routes answer: one shape per body, the ones /docs shows. */
import { z } from 'zod';
import { NOTIFICATION_AUDIENCES, NOTIFICATION_STATUSES } from '../../../src/domain/notifications';
import { timestamp } from '../../http/response';

/** One notification as the caller sees it (src/domain/notifications.ts, NotificationItem). */
export const notificationItem = z.object({
  id: z.string(),
  title: z.string(),
  message: z.string(),
  type: z.string(),
  status: z.enum(NOTIFICATION_STATUSES).meta({ description: "The caller's own state" }),
  notificationDate: timestamp,
});

export const latestNotifications = z.object({
  count: z.number().int().meta({ description: 'Unread notifications in all' }),
  notifications: z.array(notificationItem),
});

/** An announcement as sent: who it is for and when. */
export const announcementAnswer = z.object({
  id: z.string(),
  title: z.string(),
  message: z.string(),
  type: z.string(),
  audience: z.enum(NOTIFICATION_AUDIENCES),
  userId: z.string().nullable(),
  role: z.string().nullable(),
  notificationDate: timestamp,
});

export const vapidKeyAnswer = z.object({ publicKey: z.string() });
