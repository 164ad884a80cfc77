/**
 * The bell's list is refreshed on every live message, reconnect and bulk action, and the answer is
 * most often the list it already has. The store keeps the same array then, so each row's words
 * (useNotificationTexts: a lookup and its parameters' dates per row) are not written again.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, renderHook, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../../public/locales/en/translation.json';
import type { NotificationItem } from '../../src/domain/notifications';
import { NotificationBell } from '../../src/custom/notifications/NotificationBell';
import { useNotificationTexts } from '../../src/custom/notifications/use-notification-texts';
import {
  getLatest,
  refreshLatest,
  resetLatest,
  subscribeLatest,
  useLatestNotifications,
} from '../../src/providers/live/latest-store';
import { jsonResponse } from './helpers/fixtures';

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { translation: en } },
    interpolation: { escapeValue: false },
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetLatest();
});

const accepted: NotificationItem = {
  id: 'n1',
  type: 'quote',
  status: 'unread',
  notificationDate: '2026-11-20T15:04:00.000Z',
  title: 'Quote Q-0042 accepted',
  message: 'Ana Díaz accepted quote Q-0042.',
  titleKey: 'quoteAcceptedTitle',
  messageKey: 'quoteAcceptedMessage',
  params: { number: 'Q-0042', customer: 'Ana Díaz', moveDate: { date: '2026-12-24' }, startTime: { time: '09:30' } },
};
const announcement: NotificationItem = {
  ...accepted,
  id: 'n2',
  type: 'announcement',
  title: 'Scheduled maintenance',
  message: 'Typed by an administrator.',
  titleKey: null,
  messageKey: null,
  params: null,
};

/** The server answers these rows, as fresh JSON each time (as a real refresh does). */
const answer = (count: number, notifications: NotificationItem[]) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse(200, { result: { count, notifications } })),
  );

describe("the bell's list across refreshes", () => {
  it('keeps the same array and state when a refresh answers the same rows, and tells no one', async () => {
    answer(2, [accepted, announcement]);
    await refreshLatest();
    const first = getLatest();
    const told = vi.fn();
    const stop = subscribeLatest(told);
    await refreshLatest();
    stop();
    expect(getLatest()).toBe(first);
    expect(getLatest().notifications).toBe(first.notifications);
    expect(told).not.toHaveBeenCalled();
  });

  it('keeps the array when only the count moved, and takes a new one when a row changed', async () => {
    answer(2, [accepted, announcement]);
    await refreshLatest();
    const rows = getLatest().notifications;
    answer(3, [accepted, announcement]);
    await refreshLatest();
    expect(getLatest()).toMatchObject({ count: 3, status: 'ready' });
    expect(getLatest().notifications).toBe(rows);

    for (const changed of [
      [accepted],
      [announcement, accepted],
      [{ ...accepted, status: 'read' as const }, announcement],
      [{ ...accepted, params: { ...accepted.params, number: 'Q-0043' } }, announcement],
    ]) {
      const before = getLatest().notifications;
      answer(3, changed);
      await refreshLatest();
      expect(getLatest().notifications).not.toBe(before);
      expect(getLatest().notifications).toEqual(changed);
    }
  });

  it("does not write the rows' words again when a refresh brings nothing new", async () => {
    answer(2, [accepted, announcement]);
    const { result } = renderHook(() => useNotificationTexts(useLatestNotifications().notifications));
    await act(() => refreshLatest());
    const textOf = result.current;
    expect(textOf(accepted).title).toBe('Quote Q-0042 accepted');
    const lookups = vi.spyOn(i18n, 't');
    await act(() => refreshLatest());
    await act(() => refreshLatest());
    expect(result.current).toBe(textOf);
    expect(lookups).not.toHaveBeenCalled();
    // A new row is written (the check above would pass if nothing were ever written again).
    answer(3, [{ ...accepted, id: 'n3' }, accepted, announcement]);
    await act(() => refreshLatest());
    expect(result.current).not.toBe(textOf);
    expect(lookups).toHaveBeenCalled();
  });
});

describe('the bell when its tab is shown again', () => {
  it('reads the count again, so what another tab marked read no longer shows here', async () => {
    answer(2, [accepted, announcement]);
    render(
      <MemoryRouter>
        <NotificationBell />
      </MemoryRouter>,
    );
    await screen.findByTitle('2');
    // Another tab marked both read; this tab was hidden meanwhile and no live message says so.
    answer(0, []);
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() => expect(screen.queryByTitle('2')).toBeNull());
    expect(getLatest().count).toBe(0);
  });
});
