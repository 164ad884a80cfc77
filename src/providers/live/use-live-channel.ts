import { useEffect } from 'react';
import type { UserData } from '../../domain/user';
import { opensLiveChannel } from './live-roles';

/**
 * Opens the live channel while a user whose role uses it (live-roles.ts) is signed in and closes
 * it when they sign out (the component using this unmounts) or another user signs in. The
 * SignalR client is fetched here, on demand, so other roles and the login page never download it.
 */
export function useLiveChannel(user: Pick<UserData, 'id' | 'roleName'> | null | undefined): void {
  const userId = user?.id;
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
  }, [realtime, userId]);
}
