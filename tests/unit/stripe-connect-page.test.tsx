import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import StripeConnectPage from '../../src/custom/payments/connect/StripeConnectPage';
import type { ConnectAccountState } from '../../src/domain/payments/connect-wire';
import { jsonResponse, storedUser } from './helpers/fixtures';
import { initEnglish } from './helpers/i18n';
import { renderInApp } from './helpers/render-in-app';
import { stubFetch, type FetchHandler } from './helpers/stub-fetch';

beforeAll(async () => {
  await initEnglish();
});

const NONE: ConnectAccountState = {
  accountId: null,
  status: 'none',
  detailsSubmitted: false,
  chargesEnabled: false,
  payoutsEnabled: false,
  requirements: [],
  processor: 'local',
};
const PENDING: ConnectAccountState = { ...NONE, accountId: 'acct_1', status: 'pending' };

function renderPage(handler: FetchHandler) {
  const calls = stubFetch(handler);
  // The page reads through Refine's data layer, as inside the signed-in app.
  renderInApp('/stripe_connect', <StripeConnectPage />, { user: storedUser({ roleName: 'CLUBOWNER' }) });
  return calls;
}

describe('payout account page', () => {
  it('creates the account under an idempotency key, then reads it and what hangs on it', async () => {
    let account = NONE;
    const calls = renderPage((url, init) => {
      if (init.method === 'POST') {
        account = PENDING;
        return jsonResponse(200, { result: PENDING });
      }
      if (url.pathname === '/api/Business/account-status') return jsonResponse(200, { result: account });
      if (url.pathname === '/api/Business/balances')
        return jsonResponse(200, { result: { available: 1250, pending: 0 } });
      return jsonResponse(200, { result: [] });
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Create payout account' }));
    expect(await screen.findByText('No bank account yet')).toBeTruthy();
    await waitFor(() => expect(document.body.textContent).toContain('$12.50'));
    const paths = calls.map((c) => c.url.pathname);
    // Nothing but the account is asked for while there is none.
    expect(paths.slice(0, 2)).toEqual(['/api/Business/account-status', '/api/Business/create-connected-account']);
    expect(calls[0]!.url.searchParams.get('userId')).toBeTruthy();
    expect(new Headers(calls[1]!.init.headers).get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(paths).toEqual(
      expect.arrayContaining(['/api/Business/external-accounts', '/api/Business/balances', '/api/Business/payouts']),
    );
  });

  it('shows a failed reading in its words, and closes it', async () => {
    renderPage(() => jsonResponse(403, { message: 'You do not have access to this resource' }));
    const alert = (await screen.findByText('You do not have access to this resource')).closest('.ant-alert')!;
    fireEvent.click(alert.querySelector('.ant-alert-close-icon')!);
    expect(screen.queryByText('You do not have access to this resource')).toBeNull();
  });
});
