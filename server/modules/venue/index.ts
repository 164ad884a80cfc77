/**
 * The venue module's face: what other modules and the rest of the server use of it — resolving a
 * venue, its schedule and time zone, and the venue events other modules record or hear. Anything
 * else in this folder is the module's own, but for its tables.ts, whose readers the table-owners
 * rule checks (docs/architecture.md, "Where an area's files go").
 */
export { scheduleOf } from './schedule-service';
export type { Schedule } from './schedule-service';
export { onVenueEvent, recordVenueEvent, runAfterCommit } from './venue-events';
export type { AfterCommit, VenueEvent } from './venue-events';
export { timeZoneOf, venueOfBusiness } from './venues';
export type { VenueRow } from './venues';
export { watchSpecialDates } from './closures';
export type { HeldTime, SpecialDateWatcher } from './closures';
