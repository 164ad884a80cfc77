import { useEffect } from 'react';
import type { UserData } from '../../domain/user';
import { opensLiveChannel } from './live-roles';

/**
 * Opens the live channel while a user whose role uses it (live-roles.ts) is signed in and closes
 * it when they sign out (the component using this unmounts) or another user signs in. The
 * SignalR client is fetched here, on demand, so other roles and the login page never download it.
 * Switching business opens it again: the hub delivers by the business a connection was opened in.
 */
export function useLiveChannel(
  user: (Pick<UserData, 'id' | 'roleName'> & { business?: { id: string } | null }) | null | undefined,
): void {
  const userId = user?.id;
  const businessId = user?.business?.id ?? null;
  const realtime = !!user && opensLiveChannel(user.roleName);
  useEffect(() => {
    if (!realtime || !userId) return;
    let cancelled = false;
    let stop: (() => Promise<void>) | null = null;
    void import('./live-channel')
      .then(({ createAppLiveManager }) => {
        if (cancelled) return;
        const manager = createAppLiveManager();
        stop = () => manager.stop();
        return manager.start();
      })
      .catch((error: unknown) => console.warn('live: the live channel could not load', error));
    return () => {
      cancelled = true;
      void stop?.();
    };
  }, [realtime, userId, businessId]);
}
