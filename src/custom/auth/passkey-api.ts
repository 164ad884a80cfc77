/**
 * Passkey sign-in (spec section 7, Auth: assertion-options, the browser ceremony, assertion).
 * Type-only domain imports: the login page loads this on mount and must not pull in the zod
 * schemas with it (the profile's calls are in passkey-profile-api.ts).
 */
import type { AuthenticationResponseJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { API } from '../../domain/api-paths';
import type { AssertionOptionsResult } from '../../domain/schemas/passkey';
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
