/**
 * Passkey sign-in (the product brief, section 7, The calls it makes, Auth: assertion-options, the browser ceremony, assertion).
 * Type-only domain imports: the login page loads this on mount and must not pull in the zod
 * schemas with it (the profile's passkey list goes through Refine in PasskeysSection).
 */
import type { AuthenticationResponseJSON } from '@simplewebauthn/browser';
import { API } from '../../domain/api-paths';
import type { AssertionOptionsResult } from '../../domain/schemas/passkey';
import type { UserData } from '../../domain/user';
import { followAccountLanguage } from '../../providers/auth/account-language';
import { buildUrl, http } from '../../providers/http';
import { getSelectedBusiness, setSelectedBusiness, setStoredUser } from '../../providers/session';
import { loadWebAuthnSignIn } from '../../ui/passkeys/passkey-ceremony';

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
  followAccountLanguage(data);
  const business = data.business;
  if (business && getSelectedBusiness()?.businessId !== business.id) {
    setSelectedBusiness({
      businessId: business.id,
      businessName: business.companyName,
      businessStatus: business.status,
    });
  }
}

/** Which step of a passkey sign-in failed: before the browser asked, in the browser, or at the server's verify. */
export class PasskeySignInError extends Error {
  constructor(
    readonly stage: 'options' | 'browser' | 'verify',
    override readonly cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = cause instanceof Error ? cause.name : 'PasskeySignInError';
  }
}

async function step<T>(stage: PasskeySignInError['stage'], run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new PasskeySignInError(stage, error);
  }
}

/**
 * Signs in with a passkey. `autofill` waits on the browser's autofill list (conditional
 * mediation) and resolves only once the user picks a passkey there; otherwise the browser asks
 * at once. Starting one cancels a ceremony already waiting (the library aborts it).
 */
export async function signInWithPasskey(options: {
  autofill: boolean;
  email?: string;
  /**
   * Asked once the server has said yes: false when the page that started this sign-in is gone
   * (the user signed in another way, or left, or signed out meanwhile). Then the session it
   * opened is ended at once instead of being stored: a late answer must not sign someone back in.
   */
  stillWanted?: () => boolean;
}): Promise<UserData> {
  const { data } = await step('options', () =>
    http.post<AssertionOptionsResult>(API.passkeyAssertionOptions, options.email ? { email: options.email } : {}),
  );
  const assertionRawResponse: AuthenticationResponseJSON = await step('browser', async () =>
    (await loadWebAuthnSignIn()).startAuthentication({
      optionsJSON: data.assertionOptions,
      useBrowserAutofill: options.autofill,
    }),
  );
  const signedIn = await step('verify', () =>
    http.post<UserData>(API.passkeyAssertion, { assertionRawResponse, userId: data.userId }),
  );
  if (options.stillWanted && !options.stillWanted()) {
    // A plain fetch: http's sign-out-on-401 for this path would end the session that IS stored.
    void fetch(buildUrl(API.logout), {
      method: 'POST',
      headers: { authorization: signedIn.headers.get('authorization') ?? '' },
    }).catch(() => undefined);
    throw new DOMException('The page that asked for this passkey sign-in is gone', 'AbortError');
  }
  storeSession(signedIn.data, signedIn.headers);
  return signedIn.data;
}
