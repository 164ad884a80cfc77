/**
 * The browser half of WebAuthn, loaded on demand: @simplewebauthn/browser is imported only
 * when a passkey screen needs it, and only the half it needs (webauthn-sign-in.ts for the
 * login page, webauthn-register.ts for the profile). Browser failures become one short text
 * the screens show (passkey-error-text.ts, apart so the login page loads the message catalogue
 * only when it has a failure to say).
 */
import type { TFunction } from 'i18next';
import type * as WebAuthnRegisterModule from './webauthn-register';
import type * as WebAuthnSignInModule from './webauthn-sign-in';

export type WebAuthnBrowser = typeof WebAuthnRegisterModule;

let loading: Promise<WebAuthnBrowser> | null = null;

/** The registration half (webauthn-register.ts): the profile's passkey screen. */
export function loadWebAuthn(): Promise<WebAuthnBrowser> {
  loading ??= import('./webauthn-register').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

export type WebAuthnSignIn = typeof WebAuthnSignInModule;

let loadingSignIn: Promise<WebAuthnSignIn> | null = null;

/** Only the sign-in half of the library (webauthn-sign-in.ts): what the login page fetches. */
export function loadWebAuthnSignIn(): Promise<WebAuthnSignIn> {
  loadingSignIn ??= import('./webauthn-sign-in').catch((error: unknown) => {
    loadingSignIn = null;
    throw error;
  });
  return loadingSignIn;
}

/** True when the ceremony ended because another one started or the page moved on: say nothing. */
export function isAbort(error: unknown): boolean {
  const cause = unwrap(error) as { name?: string; code?: string } | null;
  return cause?.name === 'AbortError' || cause?.code === 'ERROR_CEREMONY_ABORTED';
}

/** The original error inside a PasskeySignInError (passkey-api.ts), or the error itself. */
export function unwrap(error: unknown): unknown {
  return error && typeof error === 'object' && 'stage' in error && 'cause' in error ? error.cause : error;
}

/** A default name for a new passkey: "Chrome on macOS", from what the browser says about itself. */
export function deviceName(t: TFunction, userAgent: string = navigator.userAgent): string {
  const browser =
    [
      ['Edge', /Edg\//],
      ['Opera', /OPR\//],
      ['Firefox', /Firefox\//],
      ['Chrome', /Chrom(e|ium)\//],
      ['Safari', /Safari\//],
    ].find(([, re]) => (re as RegExp).test(userAgent))?.[0] ?? 'Browser';
  const os =
    [
      ['Android', /Android/],
      ['iOS', /iPhone|iPad|iPod/],
      ['macOS', /Mac OS X|Macintosh/],
      ['Windows', /Windows/],
      ['ChromeOS', /CrOS/],
      ['Linux', /Linux/],
    ].find(([, re]) => (re as RegExp).test(userAgent))?.[0] ?? 'this device';
  return t('passkeys.deviceName', { browser, os });
}
