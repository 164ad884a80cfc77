/**
 * The availability calls (product brief section 7, CRM: "Availability: GET and POST time slots;
 * PUT and DELETE /{id}. Exceptions: POST; DELETE /{id}; GET paged"; Business: "PATCH time zone").
 * The brief gives names, not paths; our reading puts them under /api/Availability. The time zone
 * is the business's one zone, served at /api/Business/time-zone (shared with the venue screens).
 */
import type { Role } from '../roles';
import { VENUE_API } from '../venue/api';

export const AVAILABILITY_API = {
  /** GET (every weekly slot of my business) and POST (add one). */
  timeSlots: '/api/Availability/time-slots',
  /** PUT and DELETE one slot. */
  timeSlot: '/api/Availability/time-slots/:id',
  /** GET paged (page, perPage; by start date) and POST. */
  exceptions: '/api/Availability/exceptions',
  exception: '/api/Availability/exceptions/:id',
  /** POST an exception's body: the bookings it would cover, nothing written (src/domain/closures.ts). */
  exceptionsAffected: '/api/Availability/exceptions/affected',
  /** GET with from and to (YYYY-MM-DD, the business's days): open intervals in UTC. */
  openIntervals: '/api/Availability/open-intervals',
  /** GET and PATCH { timeZone } (IANA). */
  timeZone: VENUE_API.timeZone,
} as const;

export const timeSlotPath = (id: string) => AVAILABILITY_API.timeSlot.replace(':id', encodeURIComponent(id));
export const exceptionPath = (id: string) => AVAILABILITY_API.exception.replace(':id', encodeURIComponent(id));

/** Who keeps a schedule: the two roles whose sidebars link schedule_management. */
export const SCHEDULER_ROLES: Role[] = ['USER', 'MOVER'];

/** The live channel's resource name for slots and exceptions (open schedule screens refresh on it). */
export const AVAILABILITY_LIVE_RESOURCE = 'availability';
