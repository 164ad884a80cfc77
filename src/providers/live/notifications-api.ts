import { API } from '../../domain/api-paths';
import type { AnnouncementInput, LatestNotifications, NotificationItem } from '../../domain/notifications';
import { http } from '../http/client';

/**
 * The notifications API (the product brief, section 7: notifications), under the shared path
 * names (src/domain/api-paths.ts).
 */
export const NOTIFICATION_API = {
  list: API.notifications,
  latest: API.latestNotifications,
  markRead: API.markNotificationRead,
  archive: API.archiveNotification,
  markReadMany: API.markNotificationsRead,
  archiveMany: API.archiveNotifications,
  announcement: API.announcement,
  vapidKey: API.vapidPublicKey,
  subscribePush: API.subscribePush,
  unsubscribePush: API.unsubscribePush,
  pushSubscriptionChange: API.pushSubscriptionChange,
} as const;

export async function fetchLatest(): Promise<LatestNotifications> {
  const { data } = await http.get<LatestNotifications>(NOTIFICATION_API.latest);
  return { count: data?.count ?? 0, notifications: data?.notifications ?? [] };
}

export async function markAsRead(id: string): Promise<NotificationItem> {
  return (await http.patch<NotificationItem>(NOTIFICATION_API.markRead, undefined, { query: { notificationId: id } }))
    .data;
}

export async function archive(id: string): Promise<NotificationItem> {
  return (await http.patch<NotificationItem>(NOTIFICATION_API.archive, undefined, { query: { notificationId: id } }))
    .data;
}

/** The bulk actions take a multipart body with one `ids` field per notification. */
export function idsForm(ids: readonly string[]): FormData {
  const form = new FormData();
  for (const id of ids) form.append('ids', id);
  return form;
}

export async function sendAnnouncement(input: AnnouncementInput): Promise<unknown> {
  return (await http.post<unknown>(NOTIFICATION_API.announcement, input)).data;
}
