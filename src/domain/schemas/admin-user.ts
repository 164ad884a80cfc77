import * as z from 'zod/mini';
import { MESSAGES } from '../messages';
import { recordIdSchema } from './record-id';

export const USER_STATUSES = ['active', 'inactive'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/**
 * PATCH /api/AdminAccount/user-status: an administrator activates or deactivates an account,
 * and verifies it (the last step of sign-up, product brief section 2's guard and its /register flow).
 */
export const userStatusSchema = z
  .object({
    id: recordIdSchema,
    status: z.optional(z.enum(USER_STATUSES, { error: MESSAGES.invalidValue })),
    isVerified: z.optional(z.boolean({ error: MESSAGES.mustBeBoolean })),
  })
  .check(
    z.refine((v) => v.status !== undefined || v.isVerified !== undefined, {
      path: ['status'],
      message: MESSAGES.fieldRequired,
    }),
  );
export type UserStatusInput = z.infer<typeof userStatusSchema>;
