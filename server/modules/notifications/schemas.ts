/** What the notification routes answer: one shape per body, the ones /docs shows. */
import { z } from 'zod';
import { NOTIFICATION_AUDIENCES } from '../../../src/domain/notifications';
import { timestamp } from '../../http/response';

/** One notification as the caller sees it, and the bell's latest: the shared wire shapes. */
export { latestNotifications, notificationItem } from '../../../src/domain/notifications';

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
