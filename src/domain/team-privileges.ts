/**
 * The team's privileges, member role and statuses (team.ts tells the rules): what route access
 * (access.ts) and the live channel read on every signed-in load. Apart from team.ts, whose zod
 * schemas only the team screens, the member activation page and the server need
 * (docs/architecture.md, "The design card's packages"); team.ts re-exports these.
 */
/** Each privilege opens one venue screen (a route of ROUTE_RULES that VENUEEMPLOYEE may use). */
export const PRIVILEGES = [
  { key: 'reservations', path: 'reservation_management' },
  { key: 'qrVerification', path: 'qr_verification' },
] as const;
export type Privilege = (typeof PRIVILEGES)[number]['key'];
export const PRIVILEGE_KEYS = PRIVILEGES.map((p) => p.key) as Privilege[];

/** The privilege a venue employee needs for a route path, if the route is privilege-gated. */
export function privilegeForPath(path: string): Privilege | null {
  const clean = path.replace(/^\/+/, '').split(/[/?#]/)[0] ?? '';
  return PRIVILEGES.find((p) => p.path === clean)?.key ?? null;
}

/** Roles whose users are members: they get `privileges` in their userData. */
export const MEMBER_ROLE = 'VENUEEMPLOYEE' as const;
/** Roles that manage a team. */
export const TEAM_OWNER_ROLES = ['CLUBOWNER'] as const;

export const MEMBER_STATUSES = ['invited', 'active', 'inactive'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

/** A team member as the API answers it (the team list, an invitation, a change). */
export interface TeamMember {
  id: string;
  email: string;
  name: string;
  status: MemberStatus;
  privileges: Privilege[];
  /** ISO 8601. */
  createdAt: string;
}
