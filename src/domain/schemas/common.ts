import * as z from 'zod/mini';
import { FIELD_MESSAGES } from '../field-messages';
import { PAGING } from '../constants';
import { wholeNumberParam } from './whole-number';

/*
 * The shared rules use zod's tree-shakable functional API (`zod/mini`, same package and core as
 * classic zod): the login page loads these schemas, and the classic method-chaining API would
 * add ~20 KB gzip there. Each rule below is the classic chain it replaced, check by check, so
 * the issues (and their order) are the same.
 */

/** A trimmed, lower-cased email. Required and well-formed, with the messages the form shows. */
export const emailField = z.pipe(
  z.pipe(
    z
      .string({ error: FIELD_MESSAGES.emailRequired })
      .check(z.trim(), z.minLength(1, FIELD_MESSAGES.emailRequired), z.maxLength(254, FIELD_MESSAGES.emailInvalid)),
    z.email({ error: FIELD_MESSAGES.emailInvalid }),
  ),
  z.transform((v: string) => v.toLowerCase()),
);

/** A password being checked (login): any non-empty text; policy applies only when setting one. */
export const passwordInput = z
  .string({ error: FIELD_MESSAGES.passwordRequired })
  .check(z.minLength(1, FIELD_MESSAGES.passwordRequired), z.maxLength(128, FIELD_MESSAGES.passwordTooLong));

/** A new password: 8–128 characters with upper, lower, digit and symbol. */
export const newPasswordField = z.string({ error: FIELD_MESSAGES.passwordRequired }).check(
  z.minLength(1, FIELD_MESSAGES.passwordRequired),
  z.minLength(8, FIELD_MESSAGES.passwordTooShort),
  z.maxLength(128, FIELD_MESSAGES.passwordTooLong),
  z.refine<string>(
    (v) => /[a-z]/.test(v) && /[A-Z]/.test(v) && /\d/.test(v) && /[^A-Za-z0-9]/.test(v),
    FIELD_MESSAGES.passwordWeak,
  ),
);

/** A 6-digit one-time code, as typed (spaces removed). */
export const otpCodeField = z.pipe(
  z.pipe(
    z.string({ error: FIELD_MESSAGES.codeRequired }),
    z.transform((v: string) => v.replace(/\s+/g, '')),
  ),
  z.string().check(z.minLength(1, FIELD_MESSAGES.codeRequired), z.regex(/^\d{6}$/, FIELD_MESSAGES.codeFormat)),
);

/** Query-string paging: 1-based page, perPage capped so nobody can ask for the whole table. */
export const pagingQuery = z.object({
  page: z._default(wholeNumberParam(z.gte(1, FIELD_MESSAGES.mustBePositive)), 1),
  perPage: z._default(
    wholeNumberParam(
      z.gte(1, FIELD_MESSAGES.mustBePositive),
      z.lte(PAGING.maxPerPage, FIELD_MESSAGES.tooLarge.replace('{{max}}', String(PAGING.maxPerPage))),
    ),
    PAGING.defaultPerPage,
  ),
});
export type PagingQuery = z.infer<typeof pagingQuery>;

/**
 * Turns a zod error into the `{ field: message }` map of the HTTP contract and of the forms:
 * the first message per field wins, nested paths are joined with dots.
 */
export function fieldErrors(error: z.core.$ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}
