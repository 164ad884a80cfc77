import i18n, { type TFunction } from 'i18next';
import { noticeParamTexts } from '../../domain/notification-notices';
import type { LiveNotice, NoticeParams, NotificationItem } from '../../domain/notifications';
import { clockFor } from '../../ui/format';

/**
 * A notification the system wrote, in the screen's language: its codes (`messages.<code>`)
 * with their parameters, dates, times and amounts written as every screen writes them, and a
 * moment on its business's clock with the zone named where it is not this device's. The stored
 * English text when there is no code (an administrator's announcement, an older row) or this
 * app does not know it (a newer server's).
 */
export function noticeText(t: TFunction, key: string | null, params: NoticeParams | null, stored: string): string {
  if (!key || !i18n.exists(`messages.${key}`)) return stored;
  return t(
    `messages.${key}`,
    noticeParamTexts(params, (at, zone) => clockFor(zone).dateTime(at)),
  );
}

/** A notification's title and message as the screen shows them. */
export function notificationText(t: TFunction, item: NotificationItem): { title: string; message: string } {
  return {
    title: noticeText(t, item.titleKey, item.params, item.title),
    message: noticeText(t, item.messageKey, item.params, item.message),
  };
}

/** ReceiveMessage's second argument when it is a notice (src/domain/notification-wire.ts, LiveNotice). */
function asLiveNotice(value: unknown): LiveNotice | null {
  if (!value || typeof value !== 'object') return null;
  const { titleKey, params } = value as Record<string, unknown>;
  if (typeof titleKey !== 'string') return null;
  return { titleKey, params: params && typeof params === 'object' ? (params as NoticeParams) : null };
}

/** The toast of a ReceiveMessage(title, notice?): the notice's title in the screen's language, else the title as sent. */
export function liveNoticeTitle(t: TFunction, title: string, notice: unknown): string {
  const live = asLiveNotice(notice);
  return live ? noticeText(t, live.titleKey, live.params, title) : title;
}
