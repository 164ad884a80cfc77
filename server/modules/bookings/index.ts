/**
 * The bookings module's face: what other modules and the rest of the server use of it — creating
 * and announcing a booking (a quote accepted), and the dashboard's bookings. Anything else in this
 * folder is the module's own, but for its tables.ts, whose readers the table-owners rule checks
 * (docs/architecture.md, "Where an area's files go").
 */
export { announceBooking } from './announce';
export { createBooking } from './booking-service';
export type { Booking } from './booking-service';
export { bookingsBetween } from './dashboard-items';
