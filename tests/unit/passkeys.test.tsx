import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import i18n from 'i18next';
import LoginPage from '../../src/custom/auth/LoginPage';
import { PasskeySignInError } from '../../src/custom/auth/passkey-api';
import { PasskeysSection } from '../../src/custom/profile/PasskeysSection';
import { deviceName, isAbort } from '../../src/ui/passkeys/passkey-ceremony';
import { passkeyErrorText } from '../../src/ui/passkeys/passkey-error-text';
import { fieldErrors } from '../../src/domain/schemas/common';
import { assertionOptionsSchema, renamePasskeySchema, type PasskeySummary } from '../../src/domain/schemas/passkey';
import { ApiError } from '../../src/providers/http';
import * as toastBus from '../../src/providers/notification/toast-bus';
import { ThemeModeProvider } from '../../src/providers/theme/ThemeModeProvider';
import { jsonResponse } from './helpers/fixtures';
import { initEnglish } from './helpers/i18n';
import { renderInApp } from './helpers/render-in-app';
import { stubFetch, type FetchHandler } from './helpers/stub-fetch';

beforeAll(async () => {
  await initEnglish();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

const t = i18n.t.bind(i18n);

describe('passkey texts', () => {
  it('names a new passkey after the browser and system', () => {
    const linux =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/142.0.0.0 Safari/537.36';
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
    const edge =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36 Edg/142.0.0.0';
    expect(deviceName(t, linux)).toBe('Chrome on Linux');
    expect(deviceName(t, iphone)).toBe('Safari on iOS');
    expect(deviceName(t, edge)).toBe('Edge on Windows');
  });

  it('turns browser and server failures into one short text', () => {
    const server = new ApiError('This passkey is not registered for any account', 401);
    expect(passkeyErrorText(t, new PasskeySignInError('verify', server))).toBe(
      'This passkey is not registered for any account',
    );
    const cancelled = Object.assign(new Error('The operation either timed out or was not allowed.'), {
      name: 'NotAllowedError',
    });
    expect(passkeyErrorText(t, new PasskeySignInError('browser', cancelled))).toBe(
      'The passkey request was cancelled or timed out.',
    );
    const insecure = Object.assign(new Error('127.0.0.1 is an invalid domain'), {
      name: 'SecurityError',
      code: 'ERROR_INVALID_DOMAIN',
    });
    expect(passkeyErrorText(t, insecure)).toBe('Passkeys need a secure address: https, or localhost.');
    const twice = Object.assign(new Error('x'), { code: 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' });
    expect(passkeyErrorText(t, twice)).toBe('This passkey is already registered');
    expect(
      isAbort(new PasskeySignInError('browser', Object.assign(new Error('x'), { code: 'ERROR_CEREMONY_ABORTED' }))),
    ).toBe(true);
    expect(isAbort(new PasskeySignInError('browser', cancelled))).toBe(false);
  });
});

describe('passkey schemas (shared with the server)', () => {
  it('checks the name as the rename dialog and the server do', () => {
    const errorsOf = (name: unknown) => {
      const parsed = renamePasskeySchema.safeParse({ name });
      return parsed.success ? null : fieldErrors(parsed.error);
    };
    expect(errorsOf(undefined)).toEqual({ name: 'Passkey name is required' });
    expect(errorsOf('  ')).toEqual({ name: 'Passkey name is required' });
    expect(errorsOf('x'.repeat(65))).toEqual({ name: 'Passkey name must be at most 64 characters long' });
    expect(renamePasskeySchema.parse({ name: '  Laptop ' })).toEqual({ name: 'Laptop' });
  });

  it('takes an empty identity for discoverable sign-in, or an email', () => {
    expect(assertionOptionsSchema.parse({})).toEqual({});
    expect(assertionOptionsSchema.parse({ email: ' Ada@Demo.Test ' })).toEqual({ email: 'ada@demo.test' });
    expect(assertionOptionsSchema.safeParse({ email: 'nope' }).success).toBe(false);
  });
});

describe('login page without WebAuthn', () => {
  it("says 'Mediation is not supported :(' and disables the passkey button", async () => {
    // happy-dom has no PublicKeyCredential, like a browser without WebAuthn.
    render(
      <ThemeModeProvider>
        <MemoryRouter>
          <LoginPage />
        </MemoryRouter>
      </ThemeModeProvider>,
    );
    expect(screen.getByLabelText('Email').getAttribute('autocomplete')).toBe('username webauthn');
    expect(await screen.findByText('Mediation is not supported :(')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in with a passkey' }).hasAttribute('disabled')).toBe(true);
  });
});

describe('profile passkeys section', () => {
  const LAPTOP: PasskeySummary = {
    id: '7e1f0c2a-0000-4000-8000-000000000001',
    name: 'Chrome on Linux',
    deviceType: 'multiDevice',
    backedUp: true,
    transports: ['internal'],
    createdAt: '2026-11-20T15:04:00.000Z',
    lastUsedAt: null,
  };

  function renderSection(handler: FetchHandler) {
    const calls = stubFetch(handler);
    vi.spyOn(toastBus, 'showToast').mockImplementation(() => undefined);
    // The section reads through Refine's data layer, as inside the signed-in app.
    renderInApp('/', <PasskeysSection />);
    return calls;
  }
  const reads = (calls: { url: URL; init: RequestInit }[]) =>
    calls.filter((c) => (c.init.method ?? 'GET') === 'GET' && c.url.pathname === '/api/Passkey/passkeys');

  it('lists the passkeys (one page holds them all); renaming sends the new name, then reads the list again', async () => {
    let name = LAPTOP.name;
    const calls = renderSection((url, init) => {
      if (init.method === 'PATCH') name = (JSON.parse(String(init.body)) as { name: string }).name;
      return jsonResponse(200, { result: init.method === 'PATCH' ? { ...LAPTOP, name } : [{ ...LAPTOP, name }] });
    });
    const row = (await screen.findByText('Chrome on Linux')).closest('tr')!;
    expect(within(row).getByText('Synced')).toBeTruthy();
    expect(within(row).getByText('Never')).toBeTruthy();
    expect(Object.fromEntries(reads(calls)[0]!.url.searchParams)).toEqual({ page: '1', perPage: '10' });

    fireEvent.click(within(row).getByRole('button', { name: 'Rename: Chrome on Linux' }));
    const input = await screen.findByLabelText('Name');
    fireEvent.change(input, { target: { value: '  Work laptop ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Work laptop')).toBeTruthy();
    const patch = calls.find((c) => c.init.method === 'PATCH')!;
    expect(patch.url.pathname).toBe('/api/Passkey/passkeys');
    expect(patch.url.searchParams.get('passkeyId')).toBe(LAPTOP.id);
    expect(JSON.parse(String(patch.init.body))).toEqual({ name: 'Work laptop' });
    expect(reads(calls)).toHaveLength(2);
    expect(toastBus.showToast).toHaveBeenCalledWith(expect.objectContaining({ content: 'Passkey renamed' }));
  });

  it('keeps the rename dialog open with the reason when the server refuses', async () => {
    renderSection((url, init) =>
      init.method === 'PATCH'
        ? jsonResponse(400, { message: 'There was an error', errors: { name: ['There was an error'] } })
        : jsonResponse(200, { result: [LAPTOP] }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Rename: Chrome on Linux' }));
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Work laptop' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('There was an error')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Rename passkey' })).toBeTruthy();
  });

  it('deletes after confirming, then reads the list again', async () => {
    let gone = false;
    const calls = renderSection((url, init) => {
      if (init.method === 'DELETE') gone = true;
      return jsonResponse(200, { result: init.method === 'DELETE' ? true : gone ? [] : [LAPTOP] });
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete: Chrome on Linux' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No passkeys yet')).toBeTruthy();
    const remove = calls.find((c) => c.init.method === 'DELETE')!;
    expect(remove.url.searchParams.get('passkeyId')).toBe(LAPTOP.id);
    expect(toastBus.showToast).toHaveBeenCalledWith(expect.objectContaining({ content: 'Passkey deleted' }));
  });

  it('shows a failed read in its words', async () => {
    renderSection(() => jsonResponse(403, { message: 'You do not have access to this resource' }));
    const alert = (await screen.findByText('You do not have access to this resource')).closest('.ant-alert')!;
    expect(alert.className).toContain('ant-alert-error');
  });
});
