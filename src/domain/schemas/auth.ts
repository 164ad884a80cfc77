import * as z from 'zod/mini';
import { FIELD_MESSAGES } from '../field-messages';
import { emailField, newPasswordField, otpCodeField, passwordInput } from './common';

export const loginSchema = z.object({ email: emailField, password: passwordInput });
export type LoginInput = z.input<typeof loginSchema>;

export const validateTokenSchema = z.object({
  token: z.string({ error: FIELD_MESSAGES.tokenRequired }).check(z.minLength(1, FIELD_MESSAGES.tokenRequired)),
});

export const refreshTokenSchema = z.object({
  accessToken: z.optional(z.string({ error: FIELD_MESSAGES.tokenRequired })),
  refreshToken: z.string({ error: FIELD_MESSAGES.tokenRequired }).check(z.minLength(1, FIELD_MESSAGES.tokenRequired)),
});

export const forgotPasswordSchema = z.object({ email: emailField });
export const resendCodeSchema = forgotPasswordSchema;

/**
 * Recovery in two steps on one endpoint: with only `code` the server checks the code (the
 * client's codeAccepted step); with `password` as well it sets the new password and uses the code.
 */
export const recoveryChangePasswordSchema = z.object({
  email: emailField,
  code: otpCodeField,
  password: z.optional(newPasswordField),
});
export type RecoveryChangePasswordInput = z.input<typeof recoveryChangePasswordSchema>;

/** The client form adds a confirmation the server never sees. */
export const newPasswordFormSchema = z
  .object({
    password: newPasswordField,
    confirmPassword: z
      .string({ error: FIELD_MESSAGES.fieldRequired })
      .check(z.minLength(1, FIELD_MESSAGES.fieldRequired)),
  })
  .check(
    z.refine((v) => v.password === v.confirmPassword, {
      path: ['confirmPassword'],
      message: FIELD_MESSAGES.passwordsDoNotMatch,
    }),
  );
