/**
 * The Facebook screen asks Facebook for the pages once per reason. "Use this page" is checked on
 * the server against the account's pages as Facebook lists them now, and answers the new status:
 * the screen then reads the status again, but not the pages' list (which would ask Facebook a
 * second time for nothing: the page in use is the status's, not the list's). The list marks
 * "in use" on the status's page.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import FacebookPage from '../../src/custom/facebook/FacebookPage';
import { FACEBOOK_API } from '../../src/domain/facebook/api';
import type { FacebookPage as Page, FacebookStatus } from '../../src/domain/facebook/wire';
import { jsonResponse, storedUser } from './helpers/fixtures';
import { initEnglish } from './helpers/i18n';
import { renderInApp } from './helpers/render-in-app';
import { stubFetch } from './helpers/stub-fetch';

beforeAll(async () => {
  await initEnglish();
});

const PAGES: Page[] = [
  { id: '2001', name: 'Blue Note Club', category: 'Bar' },
  { id: '2002', name: 'Blue Note Jazz Nights', category: 'Concert Venue' },
];
const connected = (page: { id: string; name: string } | null): FacebookStatus => ({
  configured: true,
  connected: true,
  needsReconnect: false,
  account: { id: '1001', name: 'Carla Owner' },
  page,
  connectedAt: '2026-11-30T15:00:00.000Z',
});

/** The screen on a server that answers as the real one; each call recorded. */
function open() {
  let status = connected({ id: '2001', name: 'Blue Note Club' });
  const calls = stubFetch((url, init) => {
    const method = init.method ?? 'GET';
    if (url.pathname === FACEBOOK_API.status) return jsonResponse(200, { result: status });
    if (url.pathname === FACEBOOK_API.pages && method === 'GET') return jsonResponse(200, { result: PAGES });
    if (url.pathname === FACEBOOK_API.page) {
      status = connected({ id: '2002', name: 'Blue Note Jazz Nights' });
      return jsonResponse(200, { result: status });
    }
    if (url.pathname === FACEBOOK_API.pages) return jsonResponse(200, { result: { id: '3001', name: 'Rooftop' } });
    return jsonResponse(404, { message: 'Not found' });
  });
  renderInApp('/facebook_ads', <FacebookPage />, { user: storedUser({ roleName: 'CLUBOWNER' }) });
  const count = (path: string, method = 'GET') =>
    calls.filter((c) => c.url.pathname === path && (c.init.method ?? 'GET') === method).length;
  return { count };
}

/** A page's line in the list (its radio's label: name, category, id and "in use"). */
const line = (name: string) => screen.getByRole('radio', { name: new RegExp(`^${name}`) }).closest('label')!;

describe('Facebook pages', () => {
  it('"Use this page" reads the status again, not the pages (Facebook is asked by the choice alone)', async () => {
    const { count } = open();
    await screen.findByText('Blue Note Jazz Nights');
    expect(line('Blue Note Club').textContent).toContain('in use');
    expect(line('Blue Note Jazz Nights').textContent).not.toContain('in use');
    expect(count(FACEBOOK_API.pages)).toBe(1);

    fireEvent.click(screen.getByRole('radio', { name: /Blue Note Jazz Nights/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Use this page' }));
    await waitFor(() => expect(count(FACEBOOK_API.status)).toBe(2));
    // "in use" follows the status read again, the list held as it was.
    await waitFor(() => expect(line('Blue Note Jazz Nights').textContent).toContain('in use'));
    expect(line('Blue Note Club').textContent).not.toContain('in use');
    expect(count(FACEBOOK_API.page, 'POST')).toBe(1);
    expect(count(FACEBOOK_API.pages)).toBe(1);
  });
});
