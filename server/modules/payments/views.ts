/**
 * What the payment routes send: each row → wire function next to the zod schema of its result.
 * Every route's `response` is built from these schemas, so the served /docs shows each body and
 * nothing a view does not list goes out (a column added to a table later never leaks). Amounts
 * are integer cents (USD) with an en-US label beside them; times are ISO 8601 strings.
 */
import { z } from 'zod';
import { API } from '../../../src/domain/api-paths';
import { formatUsd } from '../../../src/domain/money';
import { CARD_BRAND_LABELS, type CardBrand } from '../../../src/domain/payments/card-number';
import { formatExpiry } from '../../../src/domain/payments/expiry';
import { errorBody, timestamp } from '../../http/response';
import type { ConnectAccountState, ConnectBalance, PayoutRecord } from '../../../src/domain/payments/connect-wire';
import type { plans } from '../../db/tables/core';
import type {
  invoices,
  paymentLinks,
  paymentMethods,
  paymentRefunds,
  paymentTransactions,
  subscriptions,
} from './tables';
import type { Balance, ConnectAccount, Payout, ProcessorName, TokenizedCard } from './processors/types';

type PlanRow = typeof plans.$inferSelect;
type CardRow = typeof paymentMethods.$inferSelect;
type SubscriptionRow = typeof subscriptions.$inferSelect;
type InvoiceRow = typeof invoices.$inferSelect;
type TxnRow = typeof paymentTransactions.$inferSelect;
type RefundRow = typeof paymentRefunds.$inferSelect;
type LinkRow = typeof paymentLinks.$inferSelect;

const cents = z.number().int().describe('Integer cents (USD)');
const label = z.string().describe('The amount as en-US text, e.g. $12.50');

/** The error answers only payment routes give, beside the common ones of `errorResponses`. */
export const paymentErrors = {
  402: errorBody.describe('The card was refused: `message` says why (shown in the red alert)'),
  409: errorBody.describe('Not possible in the current state, or the Idempotency-Key was reused or is still running'),
  503: errorBody.describe('The payment processor is unavailable: try again later (the same Idempotency-Key is safe)'),
} as const;

/** A success that also carries a message to show (a toast). */
export const withMessage = <T extends z.ZodType>(result: T) => z.object({ result, message: z.string() });

// Plans and subscriptions

export const planSchema = z.object({
  id: z.string(),
  name: z.string(),
  price: cents,
  priceLabel: label,
  quota: z.number().int(),
  pagesPerPdf: z.number().int(),
  description: z.string(),
});

export function planView(p: PlanRow): z.output<typeof planSchema> {
  return {
    id: p.id,
    name: p.name,
    price: p.priceCents,
    priceLabel: formatUsd(p.priceCents),
    quota: p.quota,
    pagesPerPdf: p.pagesPerPdf,
    description: p.description,
  };
}

export const subscriptionSchema = z.object({
  id: z.string(),
  planId: z.string(),
  status: z
    .string()
    .describe(
      "'trialing' (bought during the free trial: first charged when it ends, on currentPeriodEnd), 'active', 'canceled' or 'past_due'",
    ),
  price: cents,
  currentPeriodStart: timestamp,
  currentPeriodEnd: timestamp,
  canceledAt: z.nullable(timestamp),
  createdAt: timestamp,
});

export function subscriptionView(s: SubscriptionRow): z.output<typeof subscriptionSchema> {
  return {
    id: s.id,
    planId: s.planId,
    status: s.status,
    price: s.priceCents,
    currentPeriodStart: s.currentPeriodStart.toISOString(),
    currentPeriodEnd: s.currentPeriodEnd.toISOString(),
    canceledAt: s.canceledAt?.toISOString() ?? null,
    createdAt: s.createdAt.toISOString(),
  };
}

/** GET user plan: the plan, the latest subscription and the free-trial state the guard uses. */
export const userPlanSchema = z.object({
  plan: planSchema.nullable(),
  subscription: subscriptionSchema.nullable(),
  freeTrial: z.number().int().describe('Whole days of free trial left'),
  trialEndsAt: z.nullable(timestamp),
  subscriptionActive: z.boolean(),
  shouldHaveSubscription: z.boolean(),
});

export function userPlanView(
  state: { freeTrial: number; subscriptionActive: boolean; shouldHaveSubscription: boolean },
  current: { user: { trialEndsAt: Date | null } | null; plan: PlanRow | null; subscription: SubscriptionRow | null },
): z.output<typeof userPlanSchema> {
  return {
    plan: current.plan ? planView(current.plan) : null,
    subscription: current.subscription ? subscriptionView(current.subscription) : null,
    freeTrial: state.freeTrial,
    trialEndsAt: current.user?.trialEndsAt?.toISOString() ?? null,
    subscriptionActive: state.subscriptionActive,
    shouldHaveSubscription: state.shouldHaveSubscription,
  };
}

export const subscribedSchema = z.object({
  subscription: subscriptionSchema,
  plan: planSchema,
  freeTrial: z.number().int(),
  subscriptionActive: z.boolean(),
});

export const canceledSchema = z.object({
  subscription: subscriptionSchema,
  freeTrial: z.number().int(),
  subscriptionActive: z.boolean(),
});

// Saved cards

/**
 * A saved card as the client shows it (the product brief, section 3, Entities and their
 * fields: "Saved card"), plus what the list needs.
 */
export const cardSchema = z.object({
  id: z.string(),
  cardBrand: z.string(),
  brandLabel: z.string(),
  nameOnCard: z.string(),
  cardLast4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  exp: z.string().describe('MM/YY'),
  isDefault: z.boolean(),
  createdAt: timestamp,
});

export function cardView(row: CardRow): z.output<typeof cardSchema> {
  return {
    id: row.id,
    cardBrand: row.brand,
    brandLabel: CARD_BRAND_LABELS[row.brand as CardBrand] ?? row.brand,
    nameOnCard: row.nameOnCard,
    cardLast4: row.last4,
    expMonth: row.expMonth,
    expYear: row.expYear,
    exp: formatExpiry(row.expMonth, row.expYear),
    isDefault: row.isDefault,
    createdAt: row.createdAt.toISOString(),
  };
}

// Invoices

export const invoiceSchema = z.object({
  id: z.string(),
  number: z.string(),
  description: z.string(),
  amount: cents,
  amountLabel: label,
  status: z.string().describe("'paid' or 'refunded'"),
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
  periodStart: z.nullable(timestamp),
  periodEnd: z.nullable(timestamp),
  createdAt: timestamp,
  pdfUrl: z.string(),
});

export function invoiceView(row: InvoiceRow): z.output<typeof invoiceSchema> {
  return {
    id: row.id,
    number: row.number,
    description: row.description,
    amount: row.amountCents,
    amountLabel: formatUsd(row.amountCents),
    status: row.status,
    cardBrand: row.cardBrand,
    cardLast4: row.cardLast4,
    periodStart: row.periodStart?.toISOString() ?? null,
    periodEnd: row.periodEnd?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    pdfUrl: API.invoicePdf.replace(':invoiceId', row.id),
  };
}

// Transactions and refunds

export const refundSchema = z.object({
  id: z.string(),
  amount: cents,
  amountLabel: label,
  status: z.string().describe("'succeeded', 'pending' (held by the processor) or 'failed' (given up on after)"),
  reason: z.string().nullable(),
  createdAt: timestamp,
});

export function refundView(r: RefundRow): z.output<typeof refundSchema> {
  return {
    id: r.id,
    amount: r.amountCents,
    amountLabel: formatUsd(r.amountCents),
    status: r.status,
    reason: r.reason,
    createdAt: r.createdAt.toISOString(),
  };
}

export const transactionSchema = z.object({
  id: z.string(),
  kind: z.string().describe("'subscription' or 'payment_link'"),
  description: z.string(),
  amount: cents,
  amountLabel: label,
  refundedAmount: cents,
  refundable: cents.describe('What may still be refunded, in cents (0 when failed or refunded)'),
  currency: z.string(),
  status: z
    .string()
    .describe(
      "'succeeded', 'failed', 'refund_pending' (a refund is held by the processor), 'partially_refunded' or 'refunded'",
    ),
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
  payerName: z.string().nullable(),
  payerEmail: z.string().nullable(),
  failureMessage: z.string().nullable(),
  paymentLinkId: z.string().nullable(),
  createdAt: timestamp,
  refunds: z.array(refundSchema),
});

export function transactionView(t: TxnRow, refunds: RefundRow[] = []): z.output<typeof transactionSchema> {
  const refundable =
    t.status === 'succeeded' || t.status === 'partially_refunded' || t.status === 'refund_pending'
      ? t.amountCents - t.refundedCents
      : 0;
  return {
    id: t.id,
    kind: t.kind,
    description: t.description,
    amount: t.amountCents,
    amountLabel: formatUsd(t.amountCents),
    refundedAmount: t.refundedCents,
    refundable,
    currency: t.currency.toUpperCase(),
    status: t.status,
    cardBrand: t.cardBrand,
    cardLast4: t.cardLast4,
    payerName: t.payerName,
    payerEmail: t.payerEmail,
    failureMessage: t.failureMessage,
    paymentLinkId: t.paymentLinkId,
    createdAt: t.createdAt.toISOString(),
    refunds: refunds.map(refundView),
  };
}

export const refundedSchema = z.object({ refund: refundSchema, transaction: transactionSchema });

// Payment links

/** The browser page that pays a link (a public client route). */
export const PAY_PAGE_PATH = '/pay/';

/** 'processing' is an internal claim while a payer's card is charged: outside, the link is still active. */
const linkStatus = (status: string) => (status === 'processing' ? 'active' : status);

export const linkSchema = z.object({
  id: z.string(),
  amount: cents,
  amountLabel: label,
  description: z.string(),
  status: z.string().describe("'active', 'paid' or 'inactive'"),
  token: z.string(),
  url: z.string().describe('The public pay page'),
  createdAt: timestamp,
  paidAt: z.nullable(timestamp),
  payment: z
    .object({
      transactionId: z.string(),
      status: z.string(),
      cardBrand: z.string().nullable(),
      cardLast4: z.string().nullable(),
      payerName: z.string().nullable(),
      paidAt: timestamp,
    })
    .nullable(),
});

export function linkView(row: LinkRow, origin: string, payment: TxnRow | null): z.output<typeof linkSchema> {
  return {
    id: row.id,
    amount: row.amountCents,
    amountLabel: formatUsd(row.amountCents),
    description: row.description,
    status: linkStatus(row.status),
    token: row.publicToken,
    url: `${origin}${PAY_PAGE_PATH}${row.publicToken}`,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    payment: payment
      ? {
          transactionId: payment.id,
          status: payment.status,
          cardBrand: payment.cardBrand,
          cardLast4: payment.cardLast4,
          payerName: payment.payerName,
          paidAt: payment.createdAt.toISOString(),
        }
      : null,
  };
}

/** What the public pay page shows of a link: no ids, no payer. */
export const publicLinkSchema = z.object({
  token: z.string(),
  amount: cents,
  amountLabel: label,
  description: z.string(),
  businessName: z.string(),
  status: z.string(),
  paidAt: z.nullable(timestamp),
});

export function publicLinkView(link: LinkRow, businessName: string): z.output<typeof publicLinkSchema> {
  return {
    token: link.publicToken,
    amount: link.amountCents,
    amountLabel: formatUsd(link.amountCents),
    description: link.description,
    businessName,
    status: linkStatus(link.status),
    paidAt: link.paidAt?.toISOString() ?? null,
  };
}

export const linkPaymentSchema = z.object({
  transactionId: z.string(),
  status: z.literal('paid'),
  amount: cents,
  amountLabel: label,
  cardBrand: z.string(),
  cardLast4: z.string(),
});

export function linkPaymentView(transaction: TxnRow, card: TokenizedCard): z.output<typeof linkPaymentSchema> {
  return {
    transactionId: transaction.id,
    status: 'paid',
    amount: transaction.amountCents,
    amountLabel: formatUsd(transaction.amountCents),
    cardBrand: card.brand,
    cardLast4: card.last4,
  };
}

// Connect (the business's payout account)

export function connectAccountView(account: ConnectAccount | null, processor: ProcessorName): ConnectAccountState {
  if (!account) {
    return {
      accountId: null,
      status: 'none',
      detailsSubmitted: false,
      chargesEnabled: false,
      payoutsEnabled: false,
      requirements: [],
      processor,
    };
  }
  return {
    accountId: account.id,
    status: account.status,
    detailsSubmitted: account.detailsSubmitted,
    chargesEnabled: account.chargesEnabled,
    payoutsEnabled: account.payoutsEnabled,
    requirements: account.requirements,
    processor,
  };
}

export function balanceView(b: Balance): ConnectBalance {
  return {
    available: b.availableCents,
    pending: b.pendingCents,
    availableLabel: formatUsd(b.availableCents),
    pendingLabel: formatUsd(b.pendingCents),
    currency: 'USD',
  };
}

export function payoutView(p: Payout): PayoutRecord {
  return {
    id: p.id,
    amount: p.amountCents,
    amountLabel: formatUsd(p.amountCents),
    status: p.status,
    arrivalDate: p.arrivalDate,
    createdAt: p.createdAt,
  };
}
