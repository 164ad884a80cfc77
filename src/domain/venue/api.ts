import type { Role } from '../roles';
import { MEMBER_ROLE } from '../team-privileges';

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

/** Roles that set their business's time zone (the product brief's PATCH time zone). */
export const TIME_ZONE_ROLES: readonly Role[] = ['CLUBOWNER', 'USER', 'MOVER', 'TRUCKER'];
/**
 * Roles that read it: those, and venue employees (the door and reservation screens show the
 * venue's clock). Their screens show a business's moments on its clock; the admin and IT, who
 * have no business, see theirs on the device's (docs/architecture.md, "Which clock a moment is
 * shown on").
 */
export const TIME_ZONE_READER_ROLES: readonly Role[] = [...TIME_ZONE_ROLES, MEMBER_ROLE];

/** A path with its `:params` filled in. */
export const venuePath = (path: string, params: Record<string, string>) =>
  path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
