/**
 * The notification module's face: what other modules and the rest of the server use of it —
 * creating a notification the system writes (one of src/domain/notification-notices.ts, with
 * its parameters) for a user, a role or everyone. Anything else in this folder is the module's
 * own, but for its tables.ts, whose readers the table-owners rule checks (docs/architecture.md,
 * "Where an area's files go").
 */
export { createNotification, type SystemNotification } from './service';
/** For the demo's seed, which writes its rows itself: a system notification's codes and English text. */
export { noticeRow } from './notice-texts';
