/**
 * Payment tables. Money is integer cents of USD. No column ever holds a full card
 * number or a CVC: a saved card is the processor's token plus brand, last 4 and expiry.
 * Every time column is written from the app clock (tests move it).
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { businesses, plans, users } from '../../db/tables/core';

const id = () => uuid('id').primaryKey().defaultRandom();
const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A user's saved card: the processor's token and what may be shown (the product brief,
 * section 3, Entities and their fields: "Saved card").
 */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'local' or 'stripe': which processor issued the token. */
    processor: text('processor').notNull(),
    /** The processor's payment-method token (pm_…); never the number. */
    token: text('token').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    nameOnCard: text('name_on_card').notNull(),
    addressLine1: text('address_line1').notNull(),
    addressLine2: text('address_line2'),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zipCode: text('zip_code').notNull(),
    country: text('country').notNull().default('US'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('payment_methods_user_idx').on(t.userId),
    // At most one default card per user, enforced by the database.
    uniqueIndex('payment_methods_one_default_key')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
    check('payment_methods_last4_check', sql`${t.last4} ~ '^[0-9]{4}$'`),
  ],
);

/** A user's subscription to a plan. One live (active) subscription per user. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'restrict' }),
    /** 'active' | 'canceled'. */
    status: text('status').notNull(),
    priceCents: integer('price_cents').notNull(),
    paymentMethodId: uuid('payment_method_id').references(() => paymentMethods.id, { onDelete: 'set null' }),
    processorRef: text('processor_ref'),
    currentPeriodStart: at('current_period_start').notNull(),
    currentPeriodEnd: at('current_period_end').notNull(),
    canceledAt: at('canceled_at'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('subscriptions_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('subscriptions_one_active_key')
      .on(t.userId)
      .where(sql`${t.status} = 'active'`),
  ],
);

/** Links a business owner creates; anyone with the public token may pay one once. */
export const paymentLinks = pgTable(
  'payment_links',
  {
    id: id(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** Unguessable public identifier used in the pay URL (never the row id). */
    publicToken: text('public_token').notNull(),
    amountCents: integer('amount_cents').notNull(),
    description: text('description').notNull(),
    /** 'active' | 'processing' (a payer's card is being charged) | 'paid' | 'inactive'. */
    status: text('status').notNull().default('active'),
    /**
     * The payment under way ('processing'): when it claimed the link and the key it charges under
     * (the processor's idempotency key, also in the charge's metadata), so a claim its server never
     * finished can be looked up at the processor and settled (payment-links-service.ts).
     */
    claimedAt: at('claimed_at'),
    attemptKey: text('attempt_key'),
    paidAt: at('paid_at'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('payment_links_public_token_key').on(t.publicToken),
    index('payment_links_business_idx').on(t.businessId, t.createdAt),
    check('payment_links_amount_check', sql`${t.amountCents} > 0`),
  ],
);

/**
 * Every movement of money through a processor: subscription charges (platform income,
 * business_id null) and payments received by a business (payment links).
 */
export const paymentTransactions = pgTable(
  'payment_transactions',
  {
    id: id(),
    businessId: uuid('business_id').references(() => businesses.id, { onDelete: 'cascade' }),
    payerUserId: uuid('payer_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** 'subscription' | 'payment_link'. */
    kind: text('kind').notNull(),
    paymentLinkId: uuid('payment_link_id').references(() => paymentLinks.id, { onDelete: 'set null' }),
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    description: text('description').notNull().default(''),
    amountCents: integer('amount_cents').notNull(),
    refundedCents: integer('refunded_cents').notNull().default(0),
    currency: text('currency').notNull().default('usd'),
    /** 'succeeded' | 'failed' | 'refund_pending' (a refund is held by the processor) | 'partially_refunded' | 'refunded'. */
    status: text('status').notNull(),
    processor: text('processor').notNull(),
    processorChargeId: text('processor_charge_id'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    payerName: text('payer_name'),
    payerEmail: text('payer_email'),
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('payment_transactions_business_idx').on(t.businessId, t.createdAt),
    index('payment_transactions_payer_idx').on(t.payerUserId, t.createdAt),
    check('payment_transactions_refund_bound', sql`${t.refundedCents} >= 0 and ${t.refundedCents} <= ${t.amountCents}`),
  ],
);

export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: id(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => paymentTransactions.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    /** 'succeeded' | 'pending' (held by the processor; ledger.settlePendingRefunds) | 'failed' (given up on: no money went back). */
    status: text('status').notNull(),
    processorRefundId: text('processor_refund_id'),
    reason: text('reason'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('payment_refunds_transaction_idx').on(t.transactionId),
    // A processor's refund id names the refund its answer or webhook is about (ledger.ts
    // recordRefund, refundSettled); the settling reads the pending ones, oldest first.
    index('payment_refunds_processor_refund_idx').on(t.processorRefundId),
    index('payment_refunds_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    check('payment_refunds_amount_check', sql`${t.amountCents} > 0`),
  ],
);

/**
 * A movement of money asked of the processor whose outcome is not written yet: a subscription
 * charge (its first or a renewal) or a refund. It is written before the processor is asked, under
 * the key the processor gets as its idempotency key (and in the charge's or refund's metadata), and
 * removed in the transaction that records the outcome. One left behind (its server stopped, or the
 * processor did not answer) is settled once it is older than PAYMENT_ATTEMPT.expiresMs: the
 * processor is asked what it did under the key (payment-attempts.ts). A refund's attempt holds the
 * amount it reserved on its transaction (refunded_cents) until then.
 */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: id(),
    /** 'subscribe' | 'renewal' | 'refund'. */
    kind: text('kind').notNull(),
    attemptKey: text('attempt_key').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    /** A refund's transaction. */
    transactionId: uuid('transaction_id').references(() => paymentTransactions.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    /** What recording the outcome needs (the payment record, a renewal's period, a refund's charge). */
    data: jsonb('data').notNull(),
    /** When the attempt was made or last taken over by a settler (app clock). */
    claimedAt: at('claimed_at').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('payment_attempts_key').on(t.attemptKey),
    index('payment_attempts_claimed_idx').on(t.claimedAt),
    index('payment_attempts_transaction_idx').on(t.transactionId),
    check('payment_attempts_amount_check', sql`${t.amountCents} > 0`),
  ],
);

/** Invoices of subscription charges; the PDF is rendered on download from these fields. */
export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    transactionId: uuid('transaction_id').references(() => paymentTransactions.id, { onDelete: 'set null' }),
    description: text('description').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** 'paid' | 'refunded'. */
    status: text('status').notNull(),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    periodStart: at('period_start'),
    periodEnd: at('period_end'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [uniqueIndex('invoices_number_key').on(t.number), index('invoices_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Idempotency-Key records. The unique (scope, key) insert is the lock: the first request
 * inserts and runs, a concurrent duplicate finds the row and waits for its stored response.
 * `request_hash` is over the request with card number and CVC removed.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: id(),
    /** The caller: a user id, or 'public:<link token>' for the public pay page. */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** Null while the first request is still running. */
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: at('created_at').notNull(),
    completedAt: at('completed_at'),
    /**
     * A route's exclusive lock (scope `lock:<caller>`) only: when it may be taken over, on the
     * database's clock, pushed on while its holder works (idempotency.ts). Null on a key's row.
     */
    leaseExpiresAt: at('lease_expires_at'),
  },
  (t) => [
    uniqueIndex('idempotency_keys_scope_key').on(t.scope, t.key),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);

/** A business's connected (payout) account at the processor: Stripe Connect or the local simulation. */
export const connectAccounts = pgTable(
  'connect_accounts',
  {
    id: id(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    processor: text('processor').notNull(),
    accountRef: text('account_ref').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('connect_accounts_business_key').on(t.businessId),
    uniqueIndex('connect_accounts_ref_key').on(t.accountRef),
  ],
);

/**
 * The local processor's own ledger (what Stripe keeps on its side): cards (token, brand,
 * last 4, expiry, test behaviour; no number), charges, refunds, connected accounts, payouts.
 */
export const localProcessorObjects = pgTable(
  'local_processor_objects',
  {
    id: text('id').primaryKey(),
    /** 'card' | 'charge' | 'refund' | 'account' | 'payout'. */
    type: text('type').notNull(),
    /** Connected account an object belongs to (charges to it, payouts from it). */
    account: text('account'),
    data: jsonb('data').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('local_processor_objects_type_idx').on(t.type, t.account)],
);

/** Processor webhook events already handled (Stripe retries; each event is applied once). */
export const processorEvents = pgTable('processor_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: at('received_at').notNull(),
});
