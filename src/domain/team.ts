/**
 * Team members of a venue (product brief section 7, CRM Team; section 6). A club owner invites venue
 * employees (role VENUEEMPLOYEE) to their business; each member's privileges decide which of
 * the owner's venue screens — and the API behind them — the member may use.
 *
 * Reading chosen: the product brief names VENUEEMPLOYEE as the only member role, so the team is the club
 * owner's (other roles have no team screen). Privileges are per member, not per role.
 */
import * as z from 'zod/mini';
import { MESSAGES } from './messages';
import { emailField, newPasswordField, otpCodeField } from './schemas/common';

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

const privilegesField = z.array(
  z.enum(PRIVILEGE_KEYS as [Privilege, ...Privilege[]], { error: MESSAGES.invalidValue }),
  {
    error: MESSAGES.invalidValue,
  },
);

export const addMemberSchema = z.object({
  email: emailField,
  name: z
    .string({ error: MESSAGES.nameRequired })
    .check(z.trim(), z.minLength(1, MESSAGES.nameRequired), z.maxLength(100, MESSAGES.nameTooLong)),
  privileges: z._default(privilegesField, []),
});
export type AddMemberInput = z.infer<typeof addMemberSchema>;

export const memberPrivilegesSchema = z.object({
  memberId: z.uuid({ error: MESSAGES.invalidValue }),
  privileges: privilegesField,
});

export const memberStatusSchema = z.object({
  memberId: z.uuid({ error: MESSAGES.invalidValue }),
  status: z.enum(['active', 'inactive'], { error: MESSAGES.invalidValue }),
});

/** POST /api/User/member-activated: the invited member's email, the emailed code and a password. */
export const memberActivationSchema = z.object({
  email: emailField,
  code: otpCodeField,
  password: newPasswordField,
});
export type MemberActivationInput = z.infer<typeof memberActivationSchema>;

/** The activation form: the same rules plus the confirmation. */
export const memberActivationFormSchema = z
  .object({ ...memberActivationSchema.shape, confirmPassword: z.string({ error: MESSAGES.passwordRequired }) })
  .check(
    z.refine((v) => v.password === v.confirmPassword, {
      path: ['confirmPassword'],
      message: MESSAGES.passwordsDoNotMatch,
    }),
  );

/** POST /api/User/member-refresh-token: a new invitation code for this email. */
export const memberRefreshSchema = z.object({ email: emailField });
