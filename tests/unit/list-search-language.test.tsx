/**
 * An engine list's search is matched by the server in the reader's words (a seeded plan name is
 * found as "Gratuito" in Spanish), which the client sends as Accept-Language: a search on screen
 * is read again when the language changes, while a list without a search is not. The same for
 * the Notifications Center, whose search the server matches in the reader's language too.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { resourceNamed } from '../../src/resources/registry';
import ResourceList from '../../src/resources/engine/ResourceList';
import NotificationCenterPage from '../../src/custom/notifications/NotificationCenterPage';
import * as toastBus from '../../src/providers/notification/toast-bus';
import { jsonResponse, storedUser } from './helpers/fixtures';
import { stubFetch } from './helpers/stub-fetch';
import { initEnglish, switchLanguage } from './helpers/i18n';
import { renderInApp } from './helpers/render-in-app';

const plans = resourceNamed('plans')!;
const at = '2026-11-20T15:04:00.000Z';
const free = {
  id: '0b7c1d2e-0000-4000-8000-0000000000f1',
  name: 'Free',
  priceCents: 0,
  quota: 10,
  pagesPerPdf: 5,
  createdAt: at,
  updatedAt: at,
};

// The app keeps <html lang> (what the HTTP client sends as Accept-Language) on the language (src/providers/i18n/i18n.ts).
const keepLang = (language: string) => {
  document.documentElement.lang = language;
};

beforeAll(async () => {
  await initEnglish();
  keepLang('en');
  i18n.on('languageChanged', keepLang);
});
afterAll(() => i18n.off('languageChanged', keepLang));
afterEach(async () => {
  cleanup();
  await switchLanguage('en');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

function listReads() {
  const calls = stubFetch((url) => {
    if (url.pathname.startsWith('/api/User/preferences/')) return jsonResponse(200, { result: { hidden: [] } });
    return jsonResponse(200, { result: [free] });
  });
  return () =>
    calls
      .filter((call) => call.url.pathname === '/api/Plans/manage')
      .map((call) => ({
        query: call.url.searchParams.get('query'),
        language: new Headers(call.init.headers).get('accept-language'),
      }));
}

function renderPlans(path: string) {
  vi.spyOn(toastBus, 'showToast').mockImplementation(() => undefined);
  return renderInApp(path, <ResourceList resource={plans} />, {
    route: '/plan_management',
    user: storedUser({ roleName: 'ADMIN' }),
  });
}

describe("a list's search and the reader's language", () => {
  it('reads a search on screen again in the new language, with its Accept-Language', async () => {
    const reads = listReads();
    renderPlans('/plan_management?query=gratuito');
    await within(await screen.findByRole('table')).findByText('Free');
    expect(reads()).toEqual([{ query: 'gratuito', language: 'en' }]);

    await act(() => switchLanguage('es'));
    await waitFor(() => expect(reads()).toHaveLength(2));
    expect(reads()[1]).toEqual({ query: 'gratuito', language: 'es' });
    // The row's seeded name now reads in Spanish, from the answer to the Spanish read.
    expect(await within(screen.getByRole('table')).findByText('Gratuito')).toBeTruthy();
  });

  it('does not read a list without a search again on a switch', async () => {
    const reads = listReads();
    renderPlans('/plan_management');
    await within(await screen.findByRole('table')).findByText('Free');
    await act(() => switchLanguage('es'));
    // The seeded name is translated on screen: nothing the server answers depends on the language.
    expect(await within(screen.getByRole('table')).findByText('Gratuito')).toBeTruthy();
    expect(reads()).toEqual([{ query: null, language: 'en' }]);
  });
});

describe("the Notifications Center's search and the reader's language", () => {
  const centerReads = () => {
    const calls = stubFetch((url) =>
      url.pathname.endsWith('latest_notifications')
        ? jsonResponse(200, { result: { count: 0, notifications: [] } })
        : jsonResponse(200, { result: [] }),
    );
    return () =>
      calls
        .filter((call) => call.url.pathname === '/api/Notification/notifications')
        .map((call) => ({
          query: call.url.searchParams.get('query'),
          language: new Headers(call.init.headers).get('accept-language'),
        }));
  };

  it('reads a search on screen again in the new language', async () => {
    const reads = centerReads();
    renderInApp('/notifications?query=presupuesto', <NotificationCenterPage />);
    await waitFor(() => expect(reads()).toEqual([{ query: 'presupuesto', language: 'en' }]));
    await act(() => switchLanguage('es'));
    await waitFor(() => expect(reads()).toHaveLength(2));
    expect(reads()[1]).toEqual({ query: 'presupuesto', language: 'es' });
  });

  it('does not read the list again on a switch without a search', async () => {
    const reads = centerReads();
    renderInApp('/notifications', <NotificationCenterPage />);
    await waitFor(() => expect(reads()).toHaveLength(1));
    await act(() => switchLanguage('es'));
    expect(await screen.findByPlaceholderText('Buscar notificaciones')).toBeTruthy();
    expect(reads()).toEqual([{ query: null, language: 'en' }]);
  });
});
