/**
 * The payout account's answers (stripe_connect), written once: the Connect routes
 * (server/modules/payments/connect-routes.ts) answer through these schemas and the Dashboard
 * (src/custom/payments/connect) reads their output types. Amounts are integer cents (USD) with
 * an en-US label beside them.
 */
import * as z from 'zod/mini';
import { described, timestamp } from '../wire';

const cents = described(z.int(), 'Integer cents (USD)');
const label = described(z.string(), 'The amount as en-US text, e.g. $12.50');

export const CONNECT_STATUSES = ['none', 'pending', 'restricted', 'enabled'] as const;

/** The business's connected account; `status: 'none'` before one is created. */
export const connectAccountAnswer = z.object({
  accountId: described(z.nullable(z.string()), 'The processor account id; null before one is created'),
  status: z.enum(CONNECT_STATUSES),
  detailsSubmitted: z.boolean(),
  chargesEnabled: z.boolean(),
  payoutsEnabled: z.boolean(),
  requirements: described(z.array(z.string()), 'What the account still has to provide'),
  processor: z.enum(['local', 'stripe']),
});
export type ConnectAccountState = z.output<typeof connectAccountAnswer>;

/** A single-use link (onboarding, the processor's dashboard). */
export const linkAnswer = z.object({ url: z.string() });

/** A bank account payouts go to. */
export const bankAccountAnswer = z.object({
  id: z.string(),
  bankName: z.string(),
  last4: z.string(),
  currency: z.string(),
  isDefault: z.boolean(),
});
export type BankAccount = z.output<typeof bankAccountAnswer>;
export const bankAccountsAnswer = z.array(bankAccountAnswer);

export const accountSessionAnswer = z.object({
  clientSecret: z.string(),
  expiresAt: described(z.int(), 'Unix seconds'),
});

export const balanceAnswer = z.object({
  available: cents,
  pending: cents,
  availableLabel: label,
  pendingLabel: label,
  currency: z.literal('USD'),
});
export type ConnectBalance = z.output<typeof balanceAnswer>;

export const payoutAnswer = z.object({
  id: z.string(),
  amount: cents,
  amountLabel: label,
  status: described(
    z.string(),
    "The processor's payout state: 'pending', 'in_transit', 'paid', 'failed' or 'canceled'",
  ),
  arrivalDate: timestamp,
  createdAt: timestamp,
});
export type PayoutRecord = z.output<typeof payoutAnswer>;
export const payoutsAnswer = z.array(payoutAnswer);
