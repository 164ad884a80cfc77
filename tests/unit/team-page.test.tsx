import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import * as toastBus from '../../src/providers/notification/toast-bus';
import TeamPage from '../../src/custom/team/TeamPage';
import type { TeamMember } from '../../src/custom/team/team-api';
import { jsonResponse, storedUser } from './helpers/fixtures';
import { stubFetch, type FetchHandler } from './helpers/stub-fetch';
import { initEnglish } from './helpers/i18n';
import { renderInApp } from './helpers/render-in-app';

beforeAll(async () => {
  await initEnglish();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

const ADA: TeamMember = {
  id: '5d1f0c2a-0000-4000-8000-000000000001',
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  status: 'active',
  privileges: ['reservations'],
  createdAt: '2026-11-20T15:04:00.000Z',
};
const BOB: TeamMember = {
  ...ADA,
  id: ADA.id.replace(/1$/, '2'),
  email: 'bob@example.com',
  name: 'Bob Invited',
  status: 'invited',
};

const page = (rows: TeamMember[], total = rows.length) =>
  jsonResponse(
    200,
    { result: rows },
    {
      'paging-data': JSON.stringify({
        currentPage: 1,
        pageSize: 10,
        totalCount: total,
        totalPages: Math.ceil(total / 10),
      }),
    },
  );

function renderPage(handler: FetchHandler) {
  const calls = stubFetch(handler);
  vi.spyOn(toastBus, 'showToast').mockImplementation(() => undefined);
  // The page reads through Refine's data layer, as inside the signed-in app.
  renderInApp('/team', <TeamPage />, { user: storedUser({ roleName: 'CLUBOWNER' }) });
  return calls;
}

const reads = (calls: { url: URL; init: RequestInit }[]) =>
  calls.filter((c) => (c.init.method ?? 'GET') === 'GET' && c.url.pathname === '/api/crmmanagement/team');

describe('team page', () => {
  it('lists the team a page at a time and sends the search as a query parameter, from page 1', async () => {
    const calls = renderPage(() => page([ADA, BOB], 2));
    const ada = (await screen.findByText('Ada Lovelace')).closest('tr')!;
    expect(within(ada).getByText('Active')).toBeTruthy();
    expect(
      within(screen.getByText('Bob Invited').closest('tr')!).getByRole('button', { name: 'Resend invitation' }),
    ).toBeTruthy();
    expect(Object.fromEntries(reads(calls)[0]!.url.searchParams)).toEqual({ page: '1', perPage: '10' });

    const search = screen.getByRole('searchbox', { name: 'Search name or email' });
    fireEvent.change(search, { target: { value: ' ada ' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(reads(calls).at(-1)!.url.searchParams.get('query')).toBe('ada'));
    expect(reads(calls).at(-1)!.url.searchParams.get('page')).toBe('1');
  });

  it('says when there is nobody yet, and shows a failed read in its words', async () => {
    renderPage(() => page([]));
    expect(await screen.findByText('No team members yet')).toBeTruthy();
    cleanup();

    renderPage(() => jsonResponse(403, { message: 'You do not have access to this resource' }));
    expect((await screen.findByRole('alert')).textContent).toContain('You do not have access to this resource');
  });

  it('changes a member, says so and reads the list again', async () => {
    let status: TeamMember['status'] = 'active';
    const calls = renderPage((url, init) => {
      if (init.method === 'PATCH') {
        status = 'inactive';
        return jsonResponse(200, { result: { ...ADA, status } });
      }
      return page([{ ...ADA, status }]);
    });
    fireEvent.click(await screen.findByRole('switch', { name: 'Ada Lovelace may sign in' }));
    await waitFor(() => expect(screen.getByText('Inactive')).toBeTruthy());
    const patch = calls.find((c) => c.init.method === 'PATCH')!;
    expect(patch.url.pathname).toBe('/api/crmmanagement/team/status');
    expect(JSON.parse(String(patch.init.body))).toEqual({ memberId: ADA.id, status: 'inactive' });
    expect(reads(calls)).toHaveLength(2);
    expect(toastBus.showToast).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'success', content: 'Team member updated' }),
    );
  });

  it('shows ticked privileges at once, and the reason when saving them fails', async () => {
    const calls = renderPage((url, init) =>
      init.method === 'PUT' ? jsonResponse(400, { message: 'There was an error' }) : page([ADA]),
    );
    const privileges = await screen.findByLabelText('Privileges of Ada Lovelace');
    fireEvent.click(within(privileges).getByRole('checkbox', { name: 'QR verification' }));
    expect((await screen.findByRole('alert')).textContent).toContain('There was an error');
    expect((within(privileges).getByRole('checkbox', { name: 'QR verification' }) as HTMLInputElement).checked).toBe(
      true,
    );
    const put = calls.find((c) => c.init.method === 'PUT')!;
    expect(JSON.parse(String(put.init.body))).toEqual({
      memberId: ADA.id,
      privileges: ['reservations', 'qrVerification'],
    });
    // A refusal is not followed by a new read.
    expect(reads(calls)).toHaveLength(1);
  });
});
