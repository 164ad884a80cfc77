/**
 * Who gets the in-app support chat, kept apart from its schemas (support.ts) so the main layout's
 * launcher reads it without pulling the live chat's rules into every first load.
 */
import type { Role } from '../roles';
import { SUPPORT_STAFF_ROLES } from '../support/roles';

/** Who gets the support chat (when their account has a business): every role but ADMIN and VENUEEMPLOYEE. */
export const SUPPORT_CHAT_ROLES: Role[] = ['IT', 'MOVER', 'TRUCKER', 'CLUBOWNER', 'USER'];

/** The launcher shows for these roles when the account has a business (the server checks both). */
export const hasSupportChat = (user: { roleName: Role; business: unknown } | null | undefined) =>
  Boolean(user && user.business && SUPPORT_CHAT_ROLES.includes(user.roleName));

/** Who answers it as people: the support desk. */
export const SUPPORT_CHAT_DESK_ROLES: readonly Role[] = SUPPORT_STAFF_ROLES;
/** Who keeps the platform's bot and helpdesk. */
export const SUPPORT_CHAT_ADMIN_ROLES: Role[] = ['ADMIN'];
