import * as z from 'zod/mini';
import { MESSAGES } from '../messages';
import { normalizePhone } from '../phone';
import { emailField, newPasswordField, otpCodeField } from './common';

/*
 * Profile rules (product brief section 7, Profile), shared by the profile forms and the server so both
 * refuse the same input with the same message.
 */

const requiredName = (required: string) =>
  z.string({ error: required }).check(z.trim(), z.minLength(1, required), z.maxLength(100, MESSAGES.nameTooLong));

export const firstNameField = requiredName(MESSAGES.firstNameRequired);
export const lastNameField = requiredName(MESSAGES.lastNameRequired);

/** A required phone number, stored as E.164 (US is the default region; see ../phone.ts). */
export const phoneField = z.pipe(
  z.string({ error: MESSAGES.phoneRequired }).check(
    z.trim(),
    z.minLength(1, MESSAGES.phoneRequired),
    z.refine((v: string) => normalizePhone(v) !== null, MESSAGES.phoneInvalid),
  ),
  z.transform((v: string) => normalizePhone(v)!),
);

/** An optional phone: empty means none (null). */
export const optionalPhoneField = z.optional(
  z.pipe(
    z.string({ error: MESSAGES.phoneInvalid }).check(
      z.trim(),
      z.refine((v: string) => v === '' || normalizePhone(v) !== null, MESSAGES.phoneInvalid),
    ),
    z.transform((v: string) => (v === '' ? null : normalizePhone(v))),
  ),
);

/**
 * PATCH /api/User/update-profile. `name` is the display name venue employees are shown by.
 * The avatar travels as a multipart file part next to these fields; `removeAvatar` clears it.
 */
export const updateProfileSchema = z.object({
  firstName: firstNameField,
  lastName: lastNameField,
  name: z.optional(z.string({ error: MESSAGES.mustBeText }).check(z.trim(), z.maxLength(100, MESSAGES.nameTooLong))),
  phone: optionalPhoneField,
  removeAvatar: z.optional(
    z.pipe(
      z.union([z.boolean(), z.string()], { error: MESSAGES.mustBeBoolean }),
      z.transform((v: boolean | string) => v === true || v === 'true'),
    ),
  ),
});
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;

/** PATCH /api/User/profile/language: the app's language, which the account's mails follow. */
export const updateLanguageSchema = z.object({
  language: z.enum(['en', 'es'], { error: MESSAGES.invalidValue }),
});

export const requestChangeEmailSchema = z.object({ email: emailField });
export const requestChangePhoneSchema = z.object({ phone: phoneField });
export const verifyChangeCodeSchema = z.object({ code: otpCodeField });

/** POST /api/User/change-password: what the server checks. */
export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: MESSAGES.currentPasswordRequired })
      .check(z.minLength(1, MESSAGES.currentPasswordRequired), z.maxLength(128, MESSAGES.passwordTooLong)),
    newPassword: newPasswordField,
  })
  .check(
    z.refine((v) => v.currentPassword !== v.newPassword, {
      path: ['newPassword'],
      message: MESSAGES.passwordSameAsCurrent,
    }),
  );

/** The form adds a confirmation the server never sees. */
export const changePasswordFormSchema = z
  .object({
    currentPassword: z
      .string({ error: MESSAGES.currentPasswordRequired })
      .check(z.minLength(1, MESSAGES.currentPasswordRequired), z.maxLength(128, MESSAGES.passwordTooLong)),
    newPassword: newPasswordField,
    confirmPassword: z.string({ error: MESSAGES.fieldRequired }).check(z.minLength(1, MESSAGES.fieldRequired)),
  })
  .check(
    z.refine((v) => v.currentPassword !== v.newPassword, {
      path: ['newPassword'],
      message: MESSAGES.passwordSameAsCurrent,
    }),
    z.refine((v) => v.newPassword === v.confirmPassword, {
      path: ['confirmPassword'],
      message: MESSAGES.passwordsDoNotMatch,
    }),
  );

export const websiteField = z.optional(
  z.pipe(
    z.string({ error: MESSAGES.urlInvalid }).check(
      z.trim(),
      z.maxLength(200, MESSAGES.urlInvalid),
      z.refine((v: string) => {
        if (v === '') return true;
        try {
          const url = new URL(v);
          return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
        } catch {
          return false;
        }
      }, MESSAGES.urlInvalid),
    ),
    z.transform((v: string) => (v === '' ? null : v)),
  ),
);

/**
 * /register (checked roles MOVER, USER, CLUBOWNER): complete the profile and submit the
 * business details in one step; then the account waits for an administrator.
 */
export const submitDetailsSchema = z.object({
  firstName: firstNameField,
  lastName: lastNameField,
  phone: phoneField,
  companyName: z
    .string({ error: MESSAGES.companyNameRequired })
    .check(z.trim(), z.minLength(1, MESSAGES.companyNameRequired), z.maxLength(100, MESSAGES.nameTooLong)),
  companyWebSite: websiteField,
});
export type SubmitDetailsInput = z.input<typeof submitDetailsSchema>;

/**
 * Avatar upload limits (the server checks the bytes, the form checks before sending): profile
 * pictures and chat bots' pictures alike (server/modules/storage/avatar-image.ts).
 */
export const AVATAR = {
  maxBytes: 2 * 1024 * 1024,
  types: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const,
  /** Refused above this many pixels (a decompression bomb: a small file claiming a huge image), before decoding. */
  maxPixels: 40_000_000,
  /** The stored copy's largest side: pictures are shown at most 128 px (256 on a sharp screen). */
  size: 256,
};
