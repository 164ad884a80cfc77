import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { resourceNamed } from '../../src/resources/registry';
import { OnlineUsersDrawer, ONLINE_REFRESH_MS } from '../../src/resources/users/screens/OnlineUsersDrawer';
import { jsonResponse, storedUser } from './helpers/fixtures';
import { initEnglish } from './helpers/i18n';
import { renderInApp } from './helpers/render-in-app';

const users = resourceNamed('users')!;

beforeAll(async () => {
  await initEnglish();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const ONLINE = [
  {
    id: '0b6c7a52-7d1e-4e0c-9a51-0f5d0a1b2c3d',
    email: 'dana@example.com',
    firstName: 'Dana',
    lastName: 'Scully',
    roleName: 'IT',
    lastSeenAt: '2026-11-21T22:10:00.000Z',
    sessions: 2,
  },
  {
    id: '1c7d8b63-8e2f-4f1d-8b62-1a6e1b2c3d4e',
    email: 'solo@example.com',
    firstName: '',
    lastName: '',
    roleName: 'USER',
    lastSeenAt: '2026-11-21T22:09:00.000Z',
    sessions: 1,
  },
];

function stub() {
  const fetch = vi.fn(async () =>
    jsonResponse(
      200,
      { result: ONLINE },
      {
        'paging-data': JSON.stringify({ currentPage: 1, pageSize: 20, totalCount: 2, totalPages: 1 }),
      },
    ),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** The drawer reads through Refine's data layer, as inside the signed-in app. */
function renderDrawer(open: boolean, onCount = vi.fn()) {
  const ui = (isOpen: boolean) => (
    <OnlineUsersDrawer resource={users} open={isOpen} onClose={() => undefined} onCount={onCount} />
  );
  const view = renderInApp('/users', ui(open), { user: storedUser({ roleName: 'ADMIN' }) });
  return { ...view, setOpen: (isOpen: boolean) => view.rerenderApp(ui(isOpen)) };
}

describe('online users drawer', () => {
  it('lists who is online with links to their details, role, last activity and sessions', async () => {
    const fetch = stub();
    const onCount = vi.fn();
    renderDrawer(true, onCount);
    const dana = await screen.findByRole('link', { name: 'Dana Scully' });
    expect(dana.getAttribute('href')).toBe(`/user_management/${ONLINE[0]!.id}/user_details`);
    // No name: the email is the link.
    expect(screen.getByRole('link', { name: 'solo@example.com' })).toBeTruthy();
    expect(screen.getByText('IT')).toBeTruthy();
    expect(screen.getByText(/Last active 11\/21\/2026 \d{1,2}:\d{2} [AP]M · 2 sessions/)).toBeTruthy();
    expect(screen.getByText(/1 session$/)).toBeTruthy();
    expect(screen.getByText(/^2 people online, checked at \d{2}\/\d{2}\/\d{4}/)).toBeTruthy();
    expect(onCount).toHaveBeenCalledWith(2);
    const url = new URL(String((fetch.mock.calls[0] as unknown[])[0]), 'http://localhost');
    expect(url.pathname).toBe('/api/AdminAccount/online-users');
    expect(url.searchParams.get('page')).toBe('1');
  });

  it('asks again every 30 seconds only while open', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const fetch = stub();
    const view = renderDrawer(false);
    vi.advanceTimersByTime(ONLINE_REFRESH_MS * 2);
    expect(fetch).not.toHaveBeenCalled();
    view.setOpen(true);
    await screen.findByRole('link', { name: 'Dana Scully' });
    expect(fetch).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(ONLINE_REFRESH_MS);
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    view.setOpen(false);
    vi.advanceTimersByTime(ONLINE_REFRESH_MS * 3);
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
