import type { TFunction } from 'i18next';
import { NOTIFICATION_TOAST_MS } from '../../domain/constants';
import { errorText } from '../../providers/i18n/translate-message';
import { showToast } from '../../providers/notification/toast-bus';

export type NotificationAction = 'read' | 'archive';

/** 'Notification Marked as Read' / 'Archived Notification' for 500 ms (product brief sections 4 and 9). */
export function toastActionDone(t: TFunction, kind: NotificationAction): void {
  showToast({
    kind: 'message',
    type: 'success',
    content: t(kind === 'read' ? 'messages.notificationMarkedRead' : 'messages.notificationArchived'),
    duration: NOTIFICATION_TOAST_MS / 1000,
    key: `notification-${kind}`,
  });
}

export function toastActionFailed(t: TFunction, error: unknown): void {
  showToast({
    kind: 'message',
    type: 'error',
    content: errorText(t, error),
  });
}
