/**
 * Team members of a venue (product brief section 7, CRM Team; section 6). A club owner invites venue
 * employees (role VENUEEMPLOYEE) to their business; each member's privileges decide which of
 * the owner's venue screens — and the API behind them — the member may use.
 *
 * Reading chosen: the product brief names VENUEEMPLOYEE as the only member role, so the team is the club
 * owner's (other roles have no team screen). Privileges are per member, not per role.
 */
import * as z from 'zod/mini';
import { FIELD_MESSAGES } from './field-messages';
import { emailField, newPasswordField, otpCodeField } from './schemas/common';
import { PRIVILEGE_KEYS, type Privilege } from './team-privileges';
import { recordIdSchema } from './schemas/record-id';

export * from './team-privileges';

const privilegesField = z.array(
  z.enum(PRIVILEGE_KEYS as [Privilege, ...Privilege[]], { error: FIELD_MESSAGES.invalidValue }),
  {
    error: FIELD_MESSAGES.invalidValue,
  },
);

export const addMemberSchema = z.object({
  email: emailField,
  name: z
    .string({ error: FIELD_MESSAGES.nameRequired })
    .check(z.trim(), z.minLength(1, FIELD_MESSAGES.nameRequired), z.maxLength(100, FIELD_MESSAGES.nameTooLong)),
  privileges: z._default(privilegesField, []),
});
export type AddMemberInput = z.infer<typeof addMemberSchema>;

export const memberPrivilegesSchema = z.object({
  memberId: recordIdSchema,
  privileges: privilegesField,
});

export const memberStatusSchema = z.object({
  memberId: recordIdSchema,
  status: z.enum(['active', 'inactive'], { error: FIELD_MESSAGES.invalidValue }),
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
  .object({ ...memberActivationSchema.shape, confirmPassword: z.string({ error: FIELD_MESSAGES.passwordRequired }) })
  .check(
    z.refine((v) => v.password === v.confirmPassword, {
      path: ['confirmPassword'],
      message: FIELD_MESSAGES.passwordsDoNotMatch,
    }),
  );

/** POST /api/User/member-refresh-token: a new invitation code for this email. */
export const memberRefreshSchema = z.object({ email: emailField });
