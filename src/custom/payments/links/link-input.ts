import * as z from 'zod/mini';
import { MESSAGES } from '../../../domain/messages';
import { MAX_CHARGE_CENTS, MIN_CHARGE_CENTS } from '../../../domain/payments/money';
import { fieldErrors } from '../../../domain/schemas/common';

// TEMPORARY mirror of the server's checkoutSessionBody until it moves to src/domain/payments.
const linkSchema = z.object({
  amount: z
    .number({ error: (issue) => (issue.input == null ? MESSAGES.amountRequired : MESSAGES.amountInvalid) })
    .check(
      z.int(MESSAGES.amountInvalid),
      z.gte(MIN_CHARGE_CENTS, MESSAGES.amountMin),
      z.lte(MAX_CHARGE_CENTS, MESSAGES.amountMax),
    ),
  description: z
    .string({ error: MESSAGES.descriptionRequired })
    .check(z.trim(), z.minLength(1, MESSAGES.descriptionRequired), z.maxLength(500, MESSAGES.descriptionTooLong)),
});

type LinkInput = { amount: number | null; description: string };
type Checked =
  | { ok: true; value: { amount: number; description: string } }
  | { ok: false; errors: Partial<Record<'amount' | 'description', string>> };

/** The create-link form's values checked with the rules the server applies. */
export function validateLinkInput(input: LinkInput): Checked {
  const result = linkSchema.safeParse({ amount: input.amount ?? undefined, description: input.description });
  return result.success ? { ok: true, value: result.data } : { ok: false, errors: fieldErrors(result.error) };
}
