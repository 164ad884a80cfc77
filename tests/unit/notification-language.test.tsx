/**
 * A notification the system wrote is shown in the screen's language: the bell writes its codes
 * through i18next with its parameters (the move's day and time as every screen writes them), an
 * administrator's announcement as typed, and a code this app does not know as the stored English.
 * The live toast does the same with ReceiveMessage's notice.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../../public/locales/en/translation.json';
import es from '../../public/locales/es/translation.json';
import type { NotificationItem } from '../../src/domain/notifications';
import { NotificationBell } from '../../src/custom/notifications/NotificationBell';
import { liveNoticeTitle, noticeText } from '../../src/providers/i18n/notice-text';
import { jsonResponse } from './helpers/fixtures';
import { renderInApp } from './helpers/render-in-app';
import { stubFetch } from './helpers/stub-fetch';

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'es',
    fallbackLng: 'en',
    resources: { en: { translation: en }, es: { translation: es } },
    interpolation: { escapeValue: false },
  });
});

const base = { type: 'quote', status: 'unread', notificationDate: '2026-11-20T15:04:00.000Z' } as const;
const accepted: NotificationItem = {
  ...base,
  id: 'n1',
  title: 'Quote Q-0042 accepted',
  message: 'Ana Díaz accepted quote Q-0042 for the move on 12/24/2026 at 9:30 AM. (English)',
  titleKey: 'quoteAcceptedTitle',
  messageKey: 'quoteAcceptedMessage',
  params: {
    number: 'Q-0042',
    customer: 'Ana Díaz',
    moveDate: { date: '2026-12-24' },
    startTime: { time: '09:30' },
    invoice: 'INV-2026-0007',
  },
};
const announcement: NotificationItem = {
  ...base,
  id: 'n2',
  type: 'announcement',
  title: 'Scheduled maintenance',
  message: 'Typed by an administrator, in English.',
  titleKey: null,
  messageKey: null,
  params: null,
};

describe("a system notification in the screen's language", () => {
  it('the bell writes the code in Spanish and shows an announcement as typed', async () => {
    stubFetch((url) =>
      url.pathname.endsWith('latest_notifications')
        ? jsonResponse(200, { result: { count: 2, notifications: [accepted, announcement] } })
        : jsonResponse(404, { message: 'Not found' }),
    );
    renderInApp('/', <NotificationBell />);
    await waitFor(() => expect(document.querySelector('.bell-count')?.textContent).toBe('2'));
    fireEvent.click(screen.getByRole('button', { name: 'Notificaciones' }));

    const row = await screen.findByRole('button', { name: 'Presupuesto Q-0042 aceptado' });
    expect(row.textContent).toContain(
      'Ana Díaz aceptó el presupuesto Q-0042 para la mudanza del 12/24/2026 a las 9:30 AM. La mudanza está reservada y se creó la factura INV-2026-0007 como borrador.',
    );
    const typed = screen.getByRole('button', { name: 'Scheduled maintenance' });
    expect(typed.textContent).toContain('Typed by an administrator, in English.');

    fireEvent.click(row);
    expect(await screen.findByRole('heading', { name: 'Presupuesto Q-0042 aceptado' })).toBeTruthy();
  });

  it('falls back to the stored text for a code this app does not know', () => {
    expect(noticeText(i18n.t, 'fromANewerServer', null, 'Stored English')).toBe('Stored English');
    expect(noticeText(i18n.t, null, null, 'Typed')).toBe('Typed');
  });

  it('writes a moment on its business clock, and the live toast in Spanish', () => {
    const failed = noticeText(
      i18n.t,
      'quoteAcceptFailedMessage',
      {
        customer: 'Ana',
        number: 'Q-7',
        triedAt: { at: '2026-12-01T19:05:00.000Z', zone: 'America/New_York' },
        move: { at: '2026-12-24T14:30:00.000Z', zone: 'America/New_York' },
      },
      'stored',
    );
    // New York's wall clock, its zone named unless this device is there too.
    expect(failed).toMatch(
      /^Ana intentó aceptar el presupuesto Q-7 el 12\/01\/2026 2:05 PM( EST)?, pero su mudanza \(12\/24\/2026 9:30 AM( EST)?\)/,
    );
    const notice = { titleKey: 'quoteDeclinedTitle', params: { number: 'Q-8' } };
    expect(liveNoticeTitle(i18n.t, 'Quote Q-8 declined', notice)).toBe('Presupuesto Q-8 rechazado');
    // An announcement's ReceiveMessage has no notice: its title as typed.
    expect(liveNoticeTitle(i18n.t, 'Hello everyone', undefined)).toBe('Hello everyone');
  });
});
