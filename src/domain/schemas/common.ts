import { z } from 'zod';
import { MESSAGES } from '../messages';
import { PAGING } from '../constants';

/** A trimmed, lower-cased email. Required and well-formed, with the messages the form shows. */
export const emailField = z
  .string({ error: MESSAGES.emailRequired })
  .trim()
  .min(1, MESSAGES.emailRequired)
  .max(254, MESSAGES.emailInvalid)
  .pipe(z.email({ error: MESSAGES.emailInvalid }))
  .transform((v) => v.toLowerCase());

/** A password being checked (login): any non-empty text; policy applies only when setting one. */
export const passwordInput = z
  .string({ error: MESSAGES.passwordRequired })
  .min(1, MESSAGES.passwordRequired)
  .max(128, MESSAGES.passwordTooLong);

/** A new password: 8–128 characters with upper, lower, digit and symbol. */
export const newPasswordField = z
  .string({ error: MESSAGES.passwordRequired })
  .min(1, MESSAGES.passwordRequired)
  .min(8, MESSAGES.passwordTooShort)
  .max(128, MESSAGES.passwordTooLong)
  .refine((v) => /[a-z]/.test(v) && /[A-Z]/.test(v) && /\d/.test(v) && /[^A-Za-z0-9]/.test(v), MESSAGES.passwordWeak);

/** A 6-digit one-time code, as typed (spaces removed). */
export const otpCodeField = z
  .string({ error: MESSAGES.codeRequired })
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .min(1, MESSAGES.codeRequired)
      .regex(/^\d{6}$/, MESSAGES.codeFormat),
  );

/** Query-string paging: 1-based page, perPage capped so nobody can ask for the whole table. */
export const pagingQuery = z.object({
  page: z.coerce
    .number({ error: MESSAGES.mustBeNumber })
    .int(MESSAGES.mustBeInteger)
    .min(1, MESSAGES.mustBePositive)
    .default(1),
  perPage: z.coerce
    .number({ error: MESSAGES.mustBeNumber })
    .int(MESSAGES.mustBeInteger)
    .min(1, MESSAGES.mustBePositive)
    .max(PAGING.maxPerPage, MESSAGES.tooLarge.replace('{{max}}', String(PAGING.maxPerPage)))
    .default(PAGING.defaultPerPage),
});
export type PagingQuery = z.infer<typeof pagingQuery>;

/**
 * Turns a zod error into the `{ field: message }` map of the HTTP contract and of the forms:
 * the first message per field wins, nested paths are joined with dots.
 */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}
