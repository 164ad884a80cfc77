import type { NotificationProvider } from '@refinedev/core';
import { closeToast, showToast } from './toast-bus';

/** Refine's notifications (mutation results, auth errors) through the app's toast queue. */
export const notificationProvider: NotificationProvider = {
  open: ({ key, type, message, description }) =>
    showToast({
      kind: 'notification',
      // 'progress' is Refine's undoable countdown; this app does not use undoable mutations.
      type: type === 'progress' ? 'info' : type,
      content: message,
      description,
      key,
    }),
  close: (key) => closeToast(key),
};
