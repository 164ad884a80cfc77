/**
 * The bookings module's face: what other modules and the rest of the server use of it — creating
 * and announcing a booking (a quote accepted), checking a time as a booking would be checked and
 * the free starts around it (a quote's move before it is sent), and the dashboard's bookings.
 * Anything else in this folder is the module's own, but for its tables.ts, whose readers the
 * table-owners rule checks (docs/architecture.md, "Where an area's files go").
 */
export { announceBooking } from './announce';
export { checkTime, createBooking } from './booking-service';
export { freeSlotsOf } from './free-slots';
export type { Booking } from './booking-service';
export { bookingsBetween } from './dashboard-items';
