/**
 * A refund's body: one rule for the refund dialog and the server (docs/architecture.md, one
 * source of truth per rule). No amount refunds all that is left; a part is whole cents, at least
 * one. "More than is left" needs the transaction, so the dialog checks it beside this schema and
 * the ledger, authoritatively, on the server.
 */
import * as z from 'zod/mini';
import { MESSAGES } from '../messages';

export const refundBody = z.object({
  amount: z.optional(
    z
      .number({ error: (issue) => (issue.input == null ? MESSAGES.amountRequired : MESSAGES.amountInvalid) })
      .check(z.int(MESSAGES.amountInvalid), z.gte(1, MESSAGES.refundMin)),
  ),
  reason: z.optional(
    z.string({ error: MESSAGES.mustBeText }).check(z.trim(), z.maxLength(500, MESSAGES.descriptionTooLong)),
  ),
});
export type RefundBody = z.infer<typeof refundBody>;
