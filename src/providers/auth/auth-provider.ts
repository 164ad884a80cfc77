import type { AuthProvider } from '@refinedev/core';
import { displayName } from '../../domain/user';
import { getStoredUser } from '../session';
import { login, logout } from './auth-api';

/**
 * Refine's view of the session. Navigation after sign-in and sign-out, and the 'session
 * closed' toast, are done by the app's session watcher (App.tsx), because the session can
 * also end outside Refine: a failed token refresh, or a sign-out in another tab.
 */
export const authProvider: AuthProvider = {
  login: async ({ email, password }: { email: string; password: string }) => {
    try {
      await login(email, password);
      return { success: true };
    } catch (error) {
      return { success: false, error: error as Error };
    }
  },

  logout: async () => {
    try {
      await logout();
      return { success: true };
    } catch (error) {
      // The session is cleared anyway; the error is shown (product brief section 8, 'Logout error: shown').
      return { success: false, error: error as Error };
    }
  },

  check: async () =>
    getStoredUser() ? { authenticated: true } : { authenticated: false, redirectTo: '/login', logout: true },

  // The HTTP client has already applied the 401 rule (refresh, retry, sign-out) by the time an
  // error reaches Refine, so nothing more is done here.
  onError: async (error: unknown) => ({ error: error as Error }),

  getPermissions: async () => getStoredUser()?.userData.roleName ?? null,

  getIdentity: async () => {
    const user = getStoredUser()?.userData;
    return user ? { ...user, displayName: displayName(user) } : null;
  },
};
