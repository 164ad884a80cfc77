import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { useSessionNavigation } from '../../src/custom/routes/use-session-navigation';
import { attachRenderer, type Toast } from '../../src/providers/notification/toast-bus';
import { getStoredUser, setStoredUser, signOut } from '../../src/providers/session';
import type { StoredUser } from '../../src/domain/user';
import { initEnglish, switchLanguage } from './helpers/i18n';
import { storedUser } from './helpers/fixtures';

const wrapper = ({ children }: { children: ReactNode }) => createElement(MemoryRouter, null, children);

/** The toasts the sign-in page is left with when the session ends with `note` from the server. */
async function toastsAfterSignOut(note?: string): Promise<Toast[]> {
  const shown: Toast[] = [];
  const detach = attachRenderer({ show: (toast) => shown.push(toast), close: () => undefined });
  setStoredUser(storedUser());
  const { rerender } = renderHook(({ session }: { session: StoredUser | null }) => useSessionNavigation(session), {
    wrapper,
    initialProps: { session: getStoredUser() },
  });
  act(() => signOut('expired', note));
  rerender({ session: null });
  await waitFor(() => expect(shown).toHaveLength(1));
  detach();
  return shown;
}

beforeAll(() => initEnglish());
afterEach(() => switchLanguage('en'));

describe('signed out by the server', () => {
  it("says why when the refused renewal said it (the password changed elsewhere), in the reader's language", async () => {
    const [toast] = await toastsAfterSignOut('Your password was changed, so this session was signed out');
    expect(toast).toMatchObject({
      type: 'warning',
      content: 'Your password was changed, so this session was signed out',
    });
    await switchLanguage('es');
    const [spanish] = await toastsAfterSignOut('This account is disabled');
    expect(spanish!.content).toBe('Esta cuenta está desactivada');
  });

  it('says the session expired when the server gave no reason', async () => {
    const [toast] = await toastsAfterSignOut();
    expect(toast!.content).toBe('The session has expired. Please sign in again');
  });
});
