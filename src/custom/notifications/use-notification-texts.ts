import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { NotificationItem } from '../../domain/notifications';
import { notificationText } from '../../providers/i18n/notice-text';

export type NotificationText = { title: string; message: string };

/**
 * Each row's title and message in the screen's language, written once per list and language.
 * A list (the Center's table, the bell's popover) reads them on every render (a row picked, a busy
 * button, the popover opening) in several places, and writing one means a lookup and its
 * parameters' dates and money. A row not in the list (one opened before the list changed) is
 * written when asked.
 */
export function useNotificationTexts(items: readonly NotificationItem[]): (row: NotificationItem) => NotificationText {
  const { t } = useTranslation();
  const texts = useMemo(() => new Map(items.map((row) => [row.id, notificationText(t, row)])), [items, t]);
  return useCallback((row: NotificationItem) => texts.get(row.id) ?? notificationText(t, row), [texts, t]);
}
