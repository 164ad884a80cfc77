import { REALTIME_ROLES, type Role } from '../../domain/roles';
import { SUPPORT_STAFF_ROLES } from '../../domain/support/roles';
import { MEMBER_ROLE } from '../../domain/team-privileges';
import { RESOURCES } from '../../resources/registry';

/**
 * Who opens the live channel: the roles the product brief's pushes are for (section 4,
 * REALTIME_ROLES) and every role that may list or show a declared resource, whose open lists
 * and pages refresh live (the administrator's users and contacts lists, a club owner's contacts),
 * and venue employees, whose reservations and door screens refresh live when a colleague books
 * or admits someone, and IT, whose support desk refreshes live. A role with none of these never
 * downloads the SignalR client.
 */
export const LIVE_CHANNEL_ROLES: ReadonlySet<Role> = new Set([
  ...REALTIME_ROLES,
  ...RESOURCES.flatMap((r) => [...r.access.list, ...r.access.show]),
  MEMBER_ROLE,
  // IT's support desk refreshes live when a ticket is opened or answered (server/modules/support/live.ts).
  ...SUPPORT_STAFF_ROLES,
]);

export const opensLiveChannel = (role: Role): boolean => LIVE_CHANNEL_ROLES.has(role);
