import { API } from '../../domain/api-paths';
import type { TwoFactorAuthorized, TwoFactorEnabled, TwoFactorSetup } from '../../domain/schemas/two-factor';
import { http } from '../http';
import { clearTwoFactorCookie, getStoredUser, setTwoFactorCookie, updateSession } from '../session';

/**
 * The two-factor calls of product brief section 7 and what each does to the browser session (product
 * brief section 4): the `valid` cookie when a code passes, settings.twoFactor when it is turned on or off.
 */

function setTwoFactorSetting(enabled: boolean): void {
  const current = getStoredUser();
  if (current) updateSession({ userData: { settings: { ...current.userData.settings, twoFactor: enabled } } });
}

/** A new secret to scan (not active until enableTwoFactor confirms it). */
export async function fetchTwoFactorSetup(): Promise<TwoFactorSetup> {
  const { data } = await http.get<TwoFactorSetup>(API.twoFactor);
  return data;
}

/** Confirms the scanned secret; answers the recovery codes, which are never shown again. */
export async function enableTwoFactor(inputCode: string, nonce: string): Promise<string[]> {
  const { data } = await http.post<TwoFactorEnabled>(API.enableTwoFactor, undefined, { query: { inputCode, nonce } });
  // The server counts this session as verified, and so does this browser.
  setTwoFactorCookie();
  setTwoFactorSetting(true);
  return data.recoveryCodes;
}

/** /verify: a code from the app, or a recovery code. */
export async function authorizeTwoFactor(inputCode: string): Promise<TwoFactorAuthorized> {
  const { data } = await http.post<TwoFactorAuthorized>(API.authorizeTwoFactor, undefined, { query: { inputCode } });
  setTwoFactorCookie();
  return data;
}

export async function disableTwoFactor(inputCode: string): Promise<void> {
  await http.post<boolean>(API.disableTwoFactor, undefined, { query: { inputCode } });
  clearTwoFactorCookie();
  setTwoFactorSetting(false);
}
