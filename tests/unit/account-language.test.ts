/**
 * Signing in opens the app in the account's language (src/providers/auth/account-language.ts):
 * the password login switches to it when the screen shows the other one, and leaves an answer
 * without a language (an older server) or in the screen's language alone.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { login } from '../../src/providers/auth/auth-api';
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
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      jsonResponse(200, { result: { ...userData(), language } }, { authorization: 'Bearer t', refreshtoken: 'r' }),
    ),
  );
  await login('ada@demo.test', 'Demo1234!');
};

beforeEach(() => {
  localStorage.clear();
  i18n.language = 'en';
  i18n.changes = [];
});
afterEach(() => vi.unstubAllGlobals());

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
