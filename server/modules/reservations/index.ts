/**
 * The reservations module's face: what other modules and the rest of the server use of it — a
 * guest's pass link, the dashboard's reservations and a venue's plan tables. Anything else in this
 * folder is the module's own, but for its tables.ts, whose readers the table-owners rule checks
 * (docs/architecture.md, "Where an area's files go").
 */
export { tableNames, tonightByVenue, tonightsReservations, upcomingReservations } from './dashboard-items';
export type { VenueTonight } from './dashboard-items';
export { passLink } from './door-pass';
export { planTables } from './plan-tables';
