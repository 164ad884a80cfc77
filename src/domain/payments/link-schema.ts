/** A payment link's amount and description: one rule for the create form and the server. */
import * as z from 'zod/mini';
import { MESSAGES } from '../messages';
import { MAX_CHARGE_CENTS, MIN_CHARGE_CENTS } from '../money';

/** An amount in integer cents, between Stripe's 50-cent minimum and our per-charge ceiling. */
export const amountCentsField = z
  .number({ error: (issue) => (issue.input == null ? MESSAGES.amountRequired : MESSAGES.amountInvalid) })
  .check(
    z.int(MESSAGES.amountInvalid),
    z.gte(MIN_CHARGE_CENTS, MESSAGES.amountMin),
    z.lte(MAX_CHARGE_CENTS, MESSAGES.amountMax),
  );

export const checkoutSessionBody = z.object({
  amount: amountCentsField,
  description: z
    .string({ error: MESSAGES.descriptionRequired })
    .check(z.trim(), z.minLength(1, MESSAGES.descriptionRequired), z.maxLength(500, MESSAGES.descriptionTooLong)),
});
export type CheckoutSessionBody = z.infer<typeof checkoutSessionBody>;
