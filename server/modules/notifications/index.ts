/**
 * The notification module's face: what other modules and the rest of the server use of it —
 * creating a notification for a user. Anything else in this folder is the module's own, but for
 * its tables.ts, whose readers the table-owners rule checks (docs/architecture.md, "Where an
 * area's files go").
 */
export { createNotification } from './service';
