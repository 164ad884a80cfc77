/**
 * Two-factor on the client: the guard, the `valid` cookie, the HTTP client's reaction to the
 * server's two-factor gate, and the /verify screen (product brief sections 2, 4, 5 and 8).
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { Refine } from '@refinedev/core';
import { mainLayoutGuard } from '../../src/custom/route-access';
import { MESSAGES } from '../../src/domain/messages';
import VerifyPage from '../../src/custom/pages/VerifyPage';
import { authProvider } from '../../src/providers/auth/auth-provider';
import { http } from '../../src/providers/http';
import {
  clearTwoFactorCookie,
  getStoredUser,
  hasTwoFactorCookie,
  setStoredUser,
  setTwoFactorCookie,
  signOut,
  subscribe,
} from '../../src/providers/session';
import { ThemeModeProvider } from '../../src/providers/theme/ThemeModeProvider';
import { jsonResponse, storedUser, userData } from './helpers/fixtures';
import { initEnglish } from './helpers/i18n';

beforeAll(async () => {
  await initEnglish();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearTwoFactorCookie();
  localStorage.clear();
});

const to = (path: string) => ({ kind: 'redirect', to: path });

describe('two-factor guard', () => {
  const twoFactorUser = userData({ settings: { twoFactor: true } });

  it.each(['', 'profile', 'notifications', 'settings'])('sends /%s to /verify until the cookie exists', (path) => {
    expect(mainLayoutGuard({ user: twoFactorUser, pathname: `/${path}`, twoFactorValidated: false })).toEqual(
      to('/verify'),
    );
    expect(mainLayoutGuard({ user: twoFactorUser, pathname: `/${path}`, twoFactorValidated: true })).not.toEqual(
      to('/verify'),
    );
  });

  it('comes after the layout guard and before the subscription guard', () => {
    const incomplete = userData({ settings: { twoFactor: true }, isVerified: false, roleName: 'USER' });
    expect(mainLayoutGuard({ user: incomplete, pathname: '/', twoFactorValidated: false })).toEqual(to('/register'));
    const unpaid = userData({ settings: { twoFactor: true }, shouldHaveSubscription: true, freeTrial: 0 });
    expect(mainLayoutGuard({ user: unpaid, pathname: '/', twoFactorValidated: false })).toEqual(to('/verify'));
    expect(mainLayoutGuard({ user: unpaid, pathname: '/', twoFactorValidated: true })).toEqual(to('/checkout'));
  });

  it('lets a validated browser and a user without two-factor through', () => {
    expect(mainLayoutGuard({ user: twoFactorUser, pathname: '/profile', twoFactorValidated: true })).toEqual({
      kind: 'pass',
    });
    expect(mainLayoutGuard({ user: userData(), pathname: '/profile', twoFactorValidated: false })).toEqual({
      kind: 'pass',
    });
  });
});

describe('the valid cookie', () => {
  it('is set and cleared, telling subscribers each time, and goes with sign-out', () => {
    const seen = vi.fn();
    const stop = subscribe(seen);
    expect(hasTwoFactorCookie()).toBe(false);
    setTwoFactorCookie();
    expect(hasTwoFactorCookie()).toBe(true);
    expect(document.cookie).toContain('valid=true');
    clearTwoFactorCookie();
    expect(hasTwoFactorCookie()).toBe(false);
    expect(seen).toHaveBeenCalledTimes(2);
    stop();

    setStoredUser(storedUser({ settings: { twoFactor: true } }));
    setTwoFactorCookie();
    signOut('logout');
    expect(hasTwoFactorCookie()).toBe(false);
  });
});

describe("the server's two-factor gate", () => {
  it('a 403 twoFactorRequired drops the cookie and marks two-factor on, so the guard routes to /verify', async () => {
    setStoredUser(storedUser({ settings: { twoFactor: false } }));
    setTwoFactorCookie();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(403, { message: MESSAGES.twoFactorRequired, errors: {} })),
    );
    await expect(http.get('/api/User/logs')).rejects.toThrow(MESSAGES.twoFactorRequired);
    expect(hasTwoFactorCookie()).toBe(false);
    expect(getStoredUser()?.userData.settings.twoFactor).toBe(true);
  });

  it('another 403 leaves both alone', async () => {
    setStoredUser(storedUser({ settings: { twoFactor: true } }));
    setTwoFactorCookie();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(403, { message: MESSAGES.forbidden, errors: {} })),
    );
    await expect(http.get('/api/AdminAccount/online-users')).rejects.toThrow(MESSAGES.forbidden);
    expect(hasTwoFactorCookie()).toBe(true);
  });
});

function renderVerify() {
  return render(
    <ThemeModeProvider>
      <MemoryRouter initialEntries={['/verify']}>
        <Refine authProvider={authProvider} options={{ disableTelemetry: true }}>
          <Routes>
            <Route path="/verify" element={<VerifyPage />} />
            <Route path="/" element={<p>home page</p>} />
          </Routes>
        </Refine>
      </MemoryRouter>
    </ThemeModeProvider>,
  );
}

describe('/verify', () => {
  // By text: antd keeps a loading icon (part of the accessible name) until its leave animation
  // ends, which happy-dom never finishes.
  const verifyButton = () => screen.getByText('Verify').closest('button') as HTMLButtonElement;
  const codeInput = () => screen.getByLabelText('Authentication code') as HTMLInputElement;

  it('is titled Verify Your Identity and enables Verify only with exactly 6 digits', async () => {
    setStoredUser(storedUser({ settings: { twoFactor: true } }));
    renderVerify();
    expect(await screen.findByRole('heading', { name: 'Verify Your Identity' })).toBeTruthy();
    expect(verifyButton().disabled).toBe(true);
    fireEvent.change(codeInput(), { target: { value: '12345' } });
    expect(verifyButton().disabled).toBe(true);
    fireEvent.change(codeInput(), { target: { value: '12a34b56' } });
    expect(codeInput().value).toBe('123456');
    expect(verifyButton().disabled).toBe(false);
  });

  it('shows a failure in an alert and clears the input', async () => {
    setStoredUser(storedUser({ settings: { twoFactor: true } }));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(400, { message: MESSAGES.codeInvalid, errors: { inputCode: MESSAGES.codeInvalid } }),
      ),
    );
    renderVerify();
    fireEvent.change(await screen.findByLabelText('Authentication code'), { target: { value: '000000' } });
    fireEvent.click(verifyButton());
    expect((await screen.findByRole('alert')).textContent).toContain('The code is not valid or has expired');
    expect(codeInput().value).toBe('');
    expect(verifyButton().disabled).toBe(true);
    expect(hasTwoFactorCookie()).toBe(false);
  });

  it('keeps what was typed while a wrong code was being checked', async () => {
    setStoredUser(storedUser({ settings: { twoFactor: true } }));
    let answer!: () => void;
    vi.stubGlobal(
      'fetch',
      vi.fn(
        () =>
          new Promise<Response>((resolve) => {
            answer = () =>
              resolve(
                jsonResponse(400, { message: MESSAGES.codeInvalid, errors: { inputCode: MESSAGES.codeInvalid } }),
              );
          }),
      ),
    );
    renderVerify();
    fireEvent.change(await screen.findByLabelText('Authentication code'), { target: { value: '000000' } });
    fireEvent.click(verifyButton());
    await waitFor(() => expect(answer).toBeTypeOf('function'));
    // The person saw the mistake and started again before the answer came.
    fireEvent.change(codeInput(), { target: { value: '12' } });
    await act(async () => answer());
    expect((await screen.findByRole('alert')).textContent).toContain('The code is not valid or has expired');
    expect(codeInput().value).toBe('12');
  });

  it('on success sets the cookie and goes to /', async () => {
    setStoredUser(storedUser({ settings: { twoFactor: true } }));
    const fetchMock = vi.fn(async () =>
      jsonResponse(200, { result: { authorized: true, usedRecoveryCode: false, recoveryCodesLeft: 10 } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderVerify();
    fireEvent.change(await screen.findByLabelText('Authentication code'), { target: { value: '123456' } });
    fireEvent.click(verifyButton());
    expect(await screen.findByText('home page')).toBeTruthy();
    expect(hasTwoFactorCookie()).toBe(true);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/User/authorize-two-factor?inputCode=123456');
    expect(init.method).toBe('POST');
  });

  it('takes a recovery code instead, where the 6-digit rule does not apply', async () => {
    setStoredUser(storedUser({ settings: { twoFactor: true } }));
    const fetchMock = vi.fn(async () =>
      jsonResponse(200, { result: { authorized: true, usedRecoveryCode: true, recoveryCodesLeft: 9 } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderVerify();
    fireEvent.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    const input = screen.getByLabelText('Recovery code') as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'abcde-fghj' } });
    expect(verifyButton().disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'abcde-fghjk' } });
    expect(verifyButton().disabled).toBe(false);
    fireEvent.click(verifyButton());
    expect(await screen.findByText('home page')).toBeTruthy();
    expect((fetchMock.mock.calls[0] as unknown as [string])[0]).toBe(
      '/api/User/authorize-two-factor?inputCode=abcde-fghjk',
    );
  });

  it('Cancel signs out', async () => {
    setStoredUser(storedUser({ settings: { twoFactor: true } }));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, { result: true })),
    );
    renderVerify();
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    });
    await waitFor(() => expect(getStoredUser()).toBeNull());
  });

  it('sends a user without two-factor, or an already validated browser, to /', async () => {
    setStoredUser(storedUser({ settings: { twoFactor: false } }));
    renderVerify();
    expect(await screen.findByText('home page')).toBeTruthy();
    cleanup();
    setStoredUser(storedUser({ settings: { twoFactor: true } }));
    setTwoFactorCookie();
    renderVerify();
    expect(await screen.findByText('home page')).toBeTruthy();
  });
});
