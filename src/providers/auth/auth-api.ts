import { API } from '../../domain/api-paths';
import type { UserData } from '../../domain/user';
import { http } from '../http';
import { followAccountLanguage } from './account-language';
import {
  getSelectedBusiness,
  getStoredUser,
  setSelectedBusiness,
  setSigningOutByChoice,
  setStoredUser,
  signOut,
  updateSession,
} from '../session';

/**
 * Every account has at most one business today, so signing in selects it (stored as
 * `selected-business`, product brief section 3); screens that switch business will call the same setter.
 */
function selectOwnBusiness(user: UserData): void {
  const business = user.business;
  if (!business || getSelectedBusiness()?.businessId === business.id) return;
  setSelectedBusiness({ businessId: business.id, businessName: business.companyName, businessStatus: business.status });
}

/** The auth calls of product brief section 7, and what each does to the stored session. */

export async function login(email: string, password: string): Promise<UserData> {
  try {
    const { data, headers } = await http.post<UserData>(API.login, { email, password });
    setStoredUser({
      auth: { authorization: headers.get('authorization') ?? '', refreshtoken: headers.get('refreshtoken') ?? '' },
      userData: data,
      isLoggedIn: true,
    });
    selectOwnBusiness(data);
    followAccountLanguage(data);
    return data;
  } catch (error) {
    // Product brief section 4: on login failure the user is cleared and the message kept (by the caller).
    signOut('logout');
    throw error;
  }
}

/** Tells the server, then ends the session here whatever it answered. */
export async function logout(): Promise<void> {
  // A request refused meanwhile (the server ends the session at once) is this sign-out, not an expiry.
  setSigningOutByChoice(true);
  try {
    if (getStoredUser()) await http.post<boolean>(API.logout);
  } finally {
    signOut('logout');
    setSigningOutByChoice(false);
  }
}

/** Re-reads the session's user from the server (flags such as isVerified may have changed). */
export async function refreshUserData(): Promise<UserData> {
  const { data } = await http.get<UserData>(API.me);
  updateSession({ userData: data });
  return data;
}

export async function requestRecoveryCode(email: string): Promise<void> {
  await http.post(API.forgotPassword, { email });
}

export async function resendRecoveryCode(email: string): Promise<void> {
  await http.post(API.resendCode, { email });
}

/** Step 1 of recovery: the server only checks the code. */
export async function verifyRecoveryCode(email: string, code: string): Promise<void> {
  await http.post(API.recoveryChangePassword, { email, code });
}

/** Step 2 of recovery: sets the new password and uses up the code. */
export async function setRecoveredPassword(email: string, code: string, password: string): Promise<void> {
  await http.post(API.recoveryChangePassword, { email, code, password });
}
