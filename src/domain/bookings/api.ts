/**
 * The booking calls (calendar_management; "Booking Management" for USER, also MOVER: product
 * brief sections 1 and 2). The brief names no booking calls; our reading puts them under
 * /api/Booking, REST-like: the calendar lists a range, the form asks for free slots and creates,
 * a drag or the drawer PUTs a new time (reschedule), cancelling is a PATCH that keeps the row
 * (the slot is freed, the customer is told, the history stays).
 */
import type { Role } from '../roles';

export const BOOKING_API = {
  /** GET ?from&to (ISO instants; the calendar's visible range) and POST (book). */
  bookings: '/api/Booking/bookings',
  /** GET one. */
  booking: '/api/Booking/bookings/:id',
  /** PUT { startsAt, endsAt }: the same checks as a new booking, the booking itself excluded. */
  reschedule: '/api/Booking/bookings/:id/reschedule',
  /** PATCH: status → cancelled. */
  cancel: '/api/Booking/bookings/:id/cancel',
  /** GET ?from&to (the business's days) &productId or &durationMinutes: bookable starts. */
  freeSlots: '/api/Booking/free-slots',
} as const;

export const bookingPath = (id: string) => BOOKING_API.booking.replace(':id', encodeURIComponent(id));
export const reschedulePath = (id: string) => BOOKING_API.reschedule.replace(':id', encodeURIComponent(id));
export const cancelPath = (id: string) => BOOKING_API.cancel.replace(':id', encodeURIComponent(id));

/** Who keeps a booking calendar: the roles whose sidebars link calendar_management. */
export const BOOKING_ROLES: Role[] = ['USER', 'MOVER'];

/** The live channel's resource name (an open calendar refreshes on it). */
export const BOOKINGS_LIVE_RESOURCE = 'bookings';
