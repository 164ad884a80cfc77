/** Request schemas of the payment routes that are not card forms (those live in src/domain/payments). */
import * as z from 'zod/mini';
import { MESSAGES } from '../../../src/domain/messages';
import { PAGING } from '../../../src/domain/constants';
import { wholeNumberParam } from '../../../src/domain/schemas/whole-number';
import { TRANSACTION_STATUSES } from '../../../src/domain/payments/transaction-status';

// The payment link's body is shared with the create form.
import { amountCentsField } from '../../../src/domain/payments/link-schema';
export {
  amountCentsField,
  checkoutSessionBody,
  type CheckoutSessionBody,
} from '../../../src/domain/payments/link-schema';

/** A refund: the whole remaining amount when `amount` is left out. */
export { refundBody, type RefundBody } from '../../../src/domain/payments/refund-schema';

/** The list's status filter: the same states as the page's. */
export { TRANSACTION_STATUSES };

/** A day as YYYY-MM-DD or MM/DD/YYYY (the app's display format). */
const dayField = z.pipe(
  z.string({ error: MESSAGES.invalidValue }),
  z.transform((v: string, ctx) => {
    const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v.trim());
    const us = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(v.trim());
    const [y, m, d] = iso ? [iso[1], iso[2], iso[3]] : us ? [us[3], us[1], us[2]] : [];
    const t = y ? Date.UTC(Number(y), Number(m) - 1, Number(d)) : NaN;
    const back = new Date(t);
    if (!y || Number.isNaN(t) || back.getUTCDate() !== Number(d) || back.getUTCMonth() !== Number(m) - 1) {
      ctx.issues.push({ code: 'custom', message: MESSAGES.invalidValue, input: v });
      return 0;
    }
    return t;
  }),
);

const centsQuery = z.optional(wholeNumberParam(z.gte(0, MESSAGES.wholeNumberInvalid)));

export const transactionsQuery = z.object({
  page: z._default(wholeNumberParam(z.gte(1, MESSAGES.mustBePositive)), 1),
  perPage: z._default(
    wholeNumberParam(z.gte(1, MESSAGES.mustBePositive), z.lte(PAGING.maxPerPage, MESSAGES.invalidValue)),
    PAGING.defaultPerPage,
  ),
  /** First day included (UTC). */
  from: z.optional(dayField),
  /** Last day included (UTC). */
  to: z.optional(dayField),
  status: z.optional(z.enum(TRANSACTION_STATUSES, { error: MESSAGES.invalidValue })),
  /** Amount bounds in cents, inclusive. */
  minAmount: centsQuery,
  maxAmount: centsQuery,
});
export type TransactionsQuery = z.infer<typeof transactionsQuery>;

export const payoutBody = z.object({ amount: amountCentsField });
