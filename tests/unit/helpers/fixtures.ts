import type { Role } from '../../../src/domain/roles';
import type { StoredUser, UserData } from '../../../src/domain/user';

/** A user who passes every guard unless a test says otherwise. */
export function userData(overrides: Partial<UserData> = {}): UserData {
  return {
    id: 'u1',
    name: 'Ada',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@demo.test',
    phone: null,
    roleName: 'USER',
    business: {
      id: 'b1',
      companyName: 'Analytical Engines',
      companyLogo: null,
      companyWebSite: null,
      status: 'active',
    },
    isProfileCompleted: true,
    detailsSubmited: true,
    isVerified: true,
    shouldHaveSubscription: false,
    freeTrial: 0,
    subscriptionActive: false,
    plan: null,
    settings: { twoFactor: false },
    language: 'en',
    ...overrides,
  };
}

export function asRole(roleName: Role, overrides: Partial<UserData> = {}): UserData {
  return userData({ roleName, ...overrides });
}

export function storedUser(overrides: Partial<UserData> = {}, token = 'old'): StoredUser {
  return {
    auth: { authorization: `Bearer ${token}`, refreshtoken: `refresh-${token}` },
    userData: userData(overrides),
    isLoggedIn: true,
  };
}

/** A fetch Response with a JSON body, as the server answers. */
export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}
