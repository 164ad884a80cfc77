import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { ROLES } from '../../src/domain/roles';
import { useLiveChannel } from '../../src/providers/live/use-live-channel';

const start = vi.fn(async () => undefined);
const stop = vi.fn(async () => undefined);
const createAppLiveManager = vi.fn(() => ({ start, stop }));
vi.mock('../../src/providers/live/live-channel', () => ({ createAppLiveManager }));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('useLiveChannel', () => {
  for (const role of ROLES) {
    // The product brief's four, the administrator for the live users and contacts lists, the
    // venue employee for the live reservations and door screens, and IT for the support desk.
    const opens = ['USER', 'CLUBOWNER', 'MOVER', 'TRUCKER', 'ADMIN', 'VENUEEMPLOYEE', 'IT'].includes(role);
    it(`${opens ? 'opens' : 'does not open'} the channel for ${role}`, async () => {
      const { unmount } = renderHook(() => useLiveChannel({ id: 'u1', roleName: role }));
      if (opens) {
        await waitFor(() => expect(start).toHaveBeenCalledTimes(1));
        unmount();
        expect(stop).toHaveBeenCalledTimes(1);
      } else {
        await new Promise((resolve) => setTimeout(resolve, 20));
        expect(createAppLiveManager).not.toHaveBeenCalled();
        unmount();
      }
    });
  }

  it('opens it again when the user switches business (the hub delivers by the business it was opened in)', async () => {
    const { rerender } = renderHook(({ business }) => useLiveChannel({ id: 'u1', roleName: 'USER', business }), {
      initialProps: { business: { id: 'b1' } },
    });
    await waitFor(() => expect(start).toHaveBeenCalledTimes(1));
    rerender({ business: { id: 'b1' } });
    rerender({ business: { id: 'b2' } });
    await waitFor(() => expect(start).toHaveBeenCalledTimes(2));
    expect(stop).toHaveBeenCalledTimes(1);
  });

  it('does not open without a user (signed out)', async () => {
    renderHook(() => useLiveChannel(null));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(createAppLiveManager).not.toHaveBeenCalled();
  });
});
