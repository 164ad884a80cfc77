/**
 * The availability module's face: what other modules and the rest of the server use of it — a
 * business's open slots and dated exceptions, for the bookings module. Anything else in this
 * folder is the module's own, but for its tables.ts, whose readers the table-owners rule checks
 * (docs/architecture.md, "Where an area's files go").
 */
export { exceptionsBetween } from './exception-service';
export { listSlots, lockBusiness } from './slot-service';
export { watchClosures } from './closures';
export type { BookedTime, ClosureSpan, ClosureWatcher } from './closures';
