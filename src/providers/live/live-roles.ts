import { REALTIME_ROLES, type Role } from '../../domain/roles';
import { MEMBER_ROLE } from '../../domain/team';
import { RESOURCES } from '../../resources/registry';

/**
 * Who opens the live channel: the roles the product brief's pushes are for (section 4,
 * REALTIME_ROLES) and every role that may list or show a declared resource, whose open lists
 * and pages refresh live (the administrator's users and contacts lists, a club owner's contacts),
 * and venue employees, whose reservations and door screens refresh live when a colleague books
 * or admits someone. A role with none of these never downloads the SignalR client.
 */
export const LIVE_CHANNEL_ROLES: ReadonlySet<Role> = new Set([
  ...REALTIME_ROLES,
  ...RESOURCES.flatMap((r) => [...r.access.list, ...r.access.show]),
  MEMBER_ROLE,
]);

export const opensLiveChannel = (role: Role): boolean => LIVE_CHANNEL_ROLES.has(role);
