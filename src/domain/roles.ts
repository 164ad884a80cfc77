/**
 * Roles of the platform (the product brief, sections 3 and 6: entities, roles). The server
 * stores the upper-case form; some older payloads spell two of them in PascalCase, so
 * `normalizeRole` accepts both.
 */
export const ROLES = ['ADMIN', 'IT', 'MOVER', 'TRUCKER', 'CLUBOWNER', 'VENUEEMPLOYEE', 'USER'] as const;
export type Role = (typeof ROLES)[number];

const ALIASES: Record<string, Role> = { CLUBOWNER: 'CLUBOWNER', VENUEEMPLOYEE: 'VENUEEMPLOYEE' };

export function normalizeRole(value: string | null | undefined): Role | null {
  if (!value) return null;
  const upper = value.toUpperCase();
  if ((ROLES as readonly string[]).includes(upper)) return upper as Role;
  return ALIASES[upper] ?? null;
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/**
 * Each built-in role's description as the product seeds it (English, stored in roles.description
 * by server/modules/admin/roles.ts). While a row still holds it, the roles screens show
 * `roleDescriptions.<ROLE>` in the screen's language instead (the roles resource's `seeded`
 * option); a description an administrator typed is shown as typed.
 */
export const BUILT_IN_ROLE_DESCRIPTIONS: Record<Role, string> = {
  ADMIN: 'Platform administrators: users, plans, roles, CRM and system status',
  IT: 'IT support: business and ticket management',
  MOVER: 'Moving companies: schedules, quotes, invoices and galleries',
  TRUCKER: 'Truckers: tickets and payment links',
  CLUBOWNER: 'Venue and club owners: venues, events, reservations and their team',
  VENUEEMPLOYEE: "Venue staff: the owner's screens their privileges allow",
  USER: 'Service businesses: catalogue, schedule, CRM and documents',
};

/** i18n keys of the human role labels (en: Administrator, Fleet Manager, Venue Owner, …). */
export const ROLE_LABEL_KEYS: Record<Role, string> = {
  ADMIN: 'roles.ADMIN',
  IT: 'roles.IT',
  MOVER: 'roles.MOVER',
  TRUCKER: 'roles.TRUCKER',
  CLUBOWNER: 'roles.CLUBOWNER',
  VENUEEMPLOYEE: 'roles.VENUEEMPLOYEE',
  USER: 'roles.USER',
};

/**
 * Main-layout guard lists (the product brief, section 2: route guards). Roles in CHECKED_ROLES
 * must have a completed profile, submitted details and be verified; roles in ALLOWED_ROLES pass
 * as they are.
 *
 * Reading chosen: the brief's allowed list is ADMIN, VENUEEMPLOYEE, TRUCKER and leaves IT in
 * neither list, which would send IT to /login although IT has its own sidebar. We treat IT
 * as an allowed role.
 */
export const CHECKED_ROLES: readonly Role[] = ['MOVER', 'USER', 'CLUBOWNER'];
export const ALLOWED_ROLES: readonly Role[] = ['ADMIN', 'VENUEEMPLOYEE', 'TRUCKER', 'IT'];

/**
 * Roles the live channel's own pushes are for (the product brief, section 4: real-time events).
 * The channel also opens for roles whose lists refresh live (src/providers/live/live-roles.ts).
 */
export const REALTIME_ROLES: readonly Role[] = ['USER', 'CLUBOWNER', 'MOVER', 'TRUCKER'];
/**
 * Roles with the notification bell and the Notifications Center. The brief gives two readings
 * (section 2's route list: CLUBOWNER, MOVER, USER; sections 1 and 6: CLUBOWNER and USER); the
 * route list's is used, because the mover is notified (a quote accepted or declined, a failed
 * acceptance) and must be able to read it.
 */
export const NOTIFICATION_CENTER_ROLES: readonly Role[] = ['CLUBOWNER', 'MOVER', 'USER'];
/**
 * Roles with the header's bell (latest notifications, mark as read, archive, the web push offer):
 * the Notifications Center's, and IT, who answers the in-app support chat as people and is rung
 * when a chat waits for one (docs/live-chat.md). IT's bell has no way to the Center, whose route
 * stays the brief's (section 2).
 */
export const NOTIFICATION_BELL_ROLES: readonly Role[] = [...NOTIFICATION_CENTER_ROLES, 'IT'];
/**
 * Roles that manage their own billing on the settings page (cards, plan, invoices): the settings
 * route, the user menu's link and the server's billing routes all read this list.
 */
export const SETTINGS_ROLES: readonly Role[] = ['MOVER', 'ADMIN', 'TRUCKER', 'CLUBOWNER', 'USER'];
/** Roles whose users must belong to a business (everyone but the platform administrators). */
export const BUSINESS_ROLES: readonly Role[] = ROLES.filter((r) => r !== 'ADMIN');
