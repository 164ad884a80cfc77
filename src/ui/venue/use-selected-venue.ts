/**
 * The selected venue (the product brief, section 3: "selected venue (id, name)", kept locally
 * as `selected-venue`). Every venue screen — hours, floor plan, reservations, door — works on
 * it; the header's picker changes it. The venue areas (seating, reservations, events, gallery)
 * read it through this hook.
 *
 * The stored choice is checked against the business's venues as the server lists them: a
 * venue deleted, or one of another account that signed in on this browser, falls back to the
 * first venue, so a screen never asks the server about a venue it cannot see.
 */
import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '../../domain/constants';
import { VENUE_API } from '../../domain/venue/api';
import type { VenueChoice, venueChoicesAnswer } from '../../domain/venue/wire';
import { useApiQuery } from '../../providers/use-api';
import { useSession } from '../../providers/use-session';

export type { VenueChoice } from '../../domain/venue/wire';

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cached: VenueChoice | null = null;

function readStored(): VenueChoice | null {
  const raw = localStorage.getItem(STORAGE_KEYS.selectedVenue);
  if (raw === cachedRaw) return cached;
  cachedRaw = raw;
  try {
    const value = raw ? (JSON.parse(raw) as Partial<VenueChoice>) : null;
    cached =
      value && typeof value.id === 'string' && typeof value.name === 'string'
        ? { id: value.id, name: value.name }
        : null;
  } catch {
    cached = null;
  }
  return cached;
}

export function selectVenue(venue: VenueChoice | null) {
  if (venue) localStorage.setItem(STORAGE_KEYS.selectedVenue, JSON.stringify(venue));
  else localStorage.removeItem(STORAGE_KEYS.selectedVenue);
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => e.key === STORAGE_KEYS.selectedVenue && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

const VENUE_ROLES = ['CLUBOWNER', 'VENUEEMPLOYEE'];

/**
 * The business's venues and the selected one. `venue` is null while the list loads and when
 * the business has no venue yet (`venues` is then empty: the screen says to add one).
 */
export function useSelectedVenue() {
  const role = useSession()?.userData.roleName ?? '';
  const enabled = VENUE_ROLES.includes(role);
  const stored = useSyncExternalStore(subscribe, readStored);
  const { data, query } = useApiQuery<typeof venueChoicesAnswer>({
    url: VENUE_API.myVenues,
    queryOptions: { enabled, staleTime: 30_000 },
  });
  const venues = data ?? [];
  const loaded = query.isSuccess;
  const known = stored && venues.find((v) => v.id === stored.id);
  const venue = loaded ? (known ?? venues[0] ?? null) : null;
  return { venue, venues, loading: enabled && query.isLoading, error: query.error, select: selectVenue };
}
