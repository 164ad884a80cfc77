/** What other areas use of notifications: the header's bell. */
export { NotificationBell } from './NotificationBell';
