import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import i18n from 'i18next';
import LoginPage from '../../src/custom/auth/LoginPage';
import { PasskeySignInError } from '../../src/custom/auth/passkey-api';
import { deviceName, isAbort, passkeyErrorText } from '../../src/custom/auth/passkey-ceremony';
import { fieldErrors } from '../../src/domain/schemas/common';
import { assertionOptionsSchema, renamePasskeySchema } from '../../src/domain/schemas/passkey';
import { ApiError } from '../../src/providers/http';
import { ThemeModeProvider } from '../../src/providers/theme/ThemeModeProvider';
import { initEnglish } from './helpers/i18n';

beforeAll(async () => {
  await initEnglish();
});
afterEach(cleanup);

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
