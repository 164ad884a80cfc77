/**
 * The passkey calls (spec section 7, Auth: assertion-options and assertion; and the profile's
 * registration and list), each with the browser ceremony between the two halves.
 */
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { API } from '../../domain/api-paths';
import { PASSKEY_LIMITS, type AssertionOptionsResult, type PasskeySummary } from '../../domain/schemas/passkey';
import type { UserData } from '../../domain/user';
import { http } from '../../providers/http';
import { getSelectedBusiness, setSelectedBusiness, setStoredUser } from '../../providers/session';
import { loadWebAuthn } from './passkey-ceremony';

/**
 * Stores the session a passkey sign-in opened, exactly as a password login does (auth-api.ts
 * login()): tokens from the response headers, the userData, and the account's business selected.
 */
function storeSession(data: UserData, headers: Headers): void {
  setStoredUser({
    auth: { authorization: headers.get('authorization') ?? '', refreshtoken: headers.get('refreshtoken') ?? '' },
    userData: data,
    isLoggedIn: true,
  });
  const business = data.business;
  if (business && getSelectedBusiness()?.businessId !== business.id) {
    setSelectedBusiness({
      businessId: business.id,
      businessName: business.companyName,
      businessStatus: business.status,
    });
  }
}

/**
 * Signs in with a passkey. `autofill` waits on the browser's autofill list (conditional
 * mediation) and resolves only once the user picks a passkey there; otherwise the browser asks
 * at once. Starting one cancels a ceremony already waiting (the library aborts it).
 */
export async function signInWithPasskey(options: { autofill: boolean; email?: string }): Promise<UserData> {
  const webauthn = await loadWebAuthn();
  const { data } = await http.post<AssertionOptionsResult>(
    API.passkeyAssertionOptions,
    options.email ? { email: options.email } : {},
  );
  const assertionRawResponse: AuthenticationResponseJSON = await webauthn.startAuthentication({
    optionsJSON: data.assertionOptions as unknown as PublicKeyCredentialRequestOptionsJSON,
    useBrowserAutofill: options.autofill,
  });
  const signedIn = await http.post<UserData>(API.passkeyAssertion, { assertionRawResponse, userId: data.userId });
  storeSession(signedIn.data, signedIn.headers);
  return signedIn.data;
}

/** Creates a passkey on this device for the signed-in user and stores it under `name`. */
export async function registerPasskey(name: string): Promise<PasskeySummary> {
  const webauthn = await loadWebAuthn();
  const { data: optionsJSON } = await http.post<PublicKeyCredentialCreationOptionsJSON>(API.passkeyRegistrationOptions);
  const registrationRawResponse = await webauthn.startRegistration({ optionsJSON });
  const { data } = await http.post<PasskeySummary>(API.passkeyRegistration, { registrationRawResponse, name });
  return data;
}

export async function listPasskeys(signal?: AbortSignal): Promise<PasskeySummary[]> {
  const { data } = await http.get<PasskeySummary[]>(API.passkeys, {
    query: { page: 1, perPage: PASSKEY_LIMITS.maxPerUser },
    signal,
  });
  return data;
}

export async function renamePasskey(passkeyId: string, name: string): Promise<PasskeySummary> {
  const { data } = await http.patch<PasskeySummary>(API.passkeys, { name }, { query: { passkeyId } });
  return data;
}

export async function deletePasskey(passkeyId: string): Promise<void> {
  await http.delete<boolean>(API.passkeys, { query: { passkeyId } });
}
