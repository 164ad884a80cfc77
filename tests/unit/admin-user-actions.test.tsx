import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import * as toastBus from '../../src/providers/notification/toast-bus';
import { resourceNamed } from '../../src/resources/registry';
import { UserActions } from '../../src/resources/users/screens/UserActions';
import { jsonResponse, storedUser } from './helpers/fixtures';
import { initEnglish } from './helpers/i18n';
import { renderInApp } from './helpers/render-in-app';

const users = resourceNamed('users')!;
const ID = '0b6c7a52-7d1e-4e0c-9a51-0f5d0a1b2c3d';

beforeAll(async () => {
  await initEnglish();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

function renderActions(record: Record<string, unknown>, selfId = 'u1') {
  const toast = vi.spyOn(toastBus, 'showToast').mockImplementation(() => undefined);
  const fetch = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
    jsonResponse(200, { result: { id: ID } }),
  );
  vi.stubGlobal('fetch', fetch);
  renderInApp('/', <UserActions resource={users} record={{ id: ID, email: 'dana@example.com', ...record }} />, {
    user: storedUser({ roleName: 'ADMIN', id: selfId }),
  });
  const bodies = () =>
    fetch.mock.calls.map(([url, init]) => ({
      url: String(url),
      method: init?.method,
      body: JSON.parse(String(init?.body)),
    }));
  return { fetch, toast, bodies };
}

describe('user_details actions', () => {
  it('deactivates only after confirming, with the sign-out warning', async () => {
    const { fetch, toast, bodies } = renderActions({ status: 'active', isVerified: true });
    expect(screen.queryByRole('button', { name: 'Activate' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Verify' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Deactivate' }));
    await screen.findByText('Deactivate dana@example.com?');
    expect(screen.getByText(/signed out on every device/)).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
    const buttons = screen.getAllByRole('button', { name: 'Deactivate' });
    fireEvent.click(buttons[buttons.length - 1]!);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(bodies()[0]).toEqual({
      url: expect.stringMatching(/\/api\/AdminAccount\/user-status$/),
      method: 'PATCH',
      body: { id: ID, status: 'inactive' },
    });
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({
          type: 'success',
          content: 'dana@example.com was deactivated and signed out everywhere',
        }),
      ),
    );
  });

  it('activates an inactive account and verifies an unverified one', async () => {
    const { fetch, bodies } = renderActions({ status: 'inactive', isVerified: false });
    expect(screen.queryByRole('button', { name: 'Deactivate' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Activate' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Verify' }).hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    expect(bodies().map((b) => b.body)).toEqual([
      { id: ID, status: 'active' },
      { id: ID, isVerified: true },
    ]);
  });

  it('shows a refusal as an error toast', async () => {
    const { toast } = renderActions({ status: 'inactive', isVerified: true });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(404, { message: 'Not found' })),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Activate' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(expect.objectContaining({ type: 'error', content: 'Not found' })),
    );
  });

  it('never offers an administrator to deactivate themselves', () => {
    renderActions({ status: 'active', isVerified: true }, ID);
    expect(screen.queryByRole('button', { name: 'Deactivate' })).toBeNull();
    expect(screen.getByText('You cannot deactivate your own account.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Set password' })).toBeTruthy();
  });
});
