/**
 * Signing in opens the app in the account's language (src/providers/auth/account-language.ts):
 * the password login switches to it when the screen shows the other one, and leaves an answer
 * without a language (an older server) or in the screen's language alone. A language the person
 * picked on the signed-out page just before wins instead, and is saved to the account.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { login, logout } from '../../src/providers/auth/auth-api';
import { chooseLanguage } from '../../src/providers/auth/account-language';
import { jsonResponse, userData } from './helpers/fixtures';

const i18n = vi.hoisted(() => ({ language: 'en', changes: [] as string[] }));
vi.mock('../../src/providers/i18n/i18n', async (original) => ({
  ...(await original<object>()),
  currentLanguage: () => i18n.language,
  changeLanguage: async (language: string) => {
    i18n.changes.push(language);
  },
}));

const signInAnswering = async (language: unknown) => {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) =>
    jsonResponse(200, { result: { ...userData(), language } }, { authorization: 'Bearer t', refreshtoken: 'r' }),
  );
  vi.stubGlobal('fetch', fetch);
  await login('ada@demo.test', 'Demo1234!');
  return fetch;
};

/** The languages saved to the account since the sign-in (PATCH /api/User/profile/language). */
const saved = (fetch: Awaited<ReturnType<typeof signInAnswering>>) =>
  fetch.mock.calls
    .filter(([url, init]) => String(url).endsWith('/api/User/profile/language') && init?.method === 'PATCH')
    .map(([, init]) => JSON.parse(String(init?.body)).language as string);

beforeEach(() => {
  localStorage.clear();
  i18n.language = 'en';
  i18n.changes = [];
});

describe("signing in follows the account's language", () => {
  it('switches an English screen to the Spanish account', async () => {
    await signInAnswering('es');
    expect(i18n.changes).toEqual(['es']);
  });

  it('leaves the screen alone when it already shows the account language, or the answer names none', async () => {
    i18n.language = 'es';
    await signInAnswering('es');
    await signInAnswering(undefined);
    await signInAnswering('fr');
    expect(i18n.changes).toEqual([]);
  });
});

describe('a language picked on the sign-in page', () => {
  it('wins over the account language and is saved to the account; the next sign-in follows the account again', async () => {
    // Signed out, the screen in English, the person picks Español and signs in to an English account.
    chooseLanguage('es');
    i18n.language = 'es';
    const fetch = await signInAnswering('en');
    expect(i18n.changes).toEqual(['es']);
    await vi.waitFor(() => expect(saved(fetch)).toEqual(['es']));

    // Picked once: signing in again later, with no new choice, follows the account.
    await logout();
    const again = await signInAnswering('en');
    expect(i18n.changes).toEqual(['es', 'en']);
    expect(saved(again)).toEqual([]);
  });

  it('saves nothing when the account already has it', async () => {
    chooseLanguage('es');
    i18n.language = 'es';
    const fetch = await signInAnswering('es');
    expect(i18n.changes).toEqual(['es']);
    expect(saved(fetch)).toEqual([]);
  });
});
