/** The venue area's API paths, shared by the server routes and the screens. */
export const VENUE_API = {
  /** The caller's venues (id, name): club owners and their venue employees. */
  myVenues: '/api/Club/my-venues',
  schedule: '/api/Club/venues/:venueId/schedule',
  specialDates: '/api/Club/venues/:venueId/special-dates',
  specialDate: '/api/Club/venues/:venueId/special-dates/:id',
  /** POST a special date's body: the reservations it would cover, nothing written (src/domain/closures.ts). */
  specialDatesAffected: '/api/Club/venues/:venueId/special-dates/affected',
  /** The product brief's "PATCH time zone" (section 7, Business). */
  timeZone: '/api/Business/time-zone',
} as const;

/** A path with its `:params` filled in. */
export const venuePath = (path: string, params: Record<string, string>) =>
  path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
