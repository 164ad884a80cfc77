/**
 * The Stripe adapter: the same PaymentProcessor calls on the official `stripe` package,
 * selected when STRIPE_SECRET_KEY is set. Cards become PaymentMethods attached to the user's
 * Customer (Stripe verifies them on attach, so a declined card is refused when saved, as with
 * the local processor); charges are PaymentIntents confirmed at once; payment-link money goes
 * to the business's Connect account through `transfer_data`. Our Idempotency-Key is passed on
 * as Stripe's, so a retry never charges twice on either side.
 *
 * Sending raw card numbers to Stripe needs "raw card data APIs" enabled on the account (the
 * add-card payload of the product brief, section 3, Entities and their fields, carries the
 * number); test-mode numbers work once enabled.
 * Tests inject `httpClient` (Stripe.createFetchHttpClient over recorded responses): no network.
 */
import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { appSettings } from '../../../db/tables/core';
import { CARD_BRANDS, type CardBrand } from '../../../../src/domain/payments/card-number';
import { MESSAGES } from '../../../../src/domain/messages';
import {
  AmountError,
  BalanceError,
  CardError,
  PROCESSOR_TIMEOUT,
  ProcessorUnavailableError,
  WebhookSignatureError,
  type CardErrorCode,
  type CardInput,
  type ChargeRequest,
  type ChargeResult,
  type ConnectAccount,
  type PaymentProcessor,
  type Payout,
  type RefundResult,
  refundStatusOf,
  type RefundStatus,
  type TokenizedCard,
  type WebhookEvent,
} from './types';

export interface StripeProcessorOptions {
  secretKey: string;
  webhookSecret: string | null;
  db: Db;
  /** Injected in tests: a client that answers recorded Stripe responses. */
  httpClient?: Stripe.HttpClient;
}

const CARD_CODES: readonly CardErrorCode[] = [
  'card_declined',
  'insufficient_funds',
  'expired_card',
  'incorrect_number',
  'incorrect_cvc',
  'processing_error',
];

/** Stripe's brand names ('amex', 'diners', 'visa', …) map onto ours; anything else is 'unknown'. */
function brandOf(brand: string | null | undefined): CardBrand {
  return (CARD_BRANDS as readonly string[]).includes(brand ?? '') ? (brand as CardBrand) : 'unknown';
}

/** A balance too low for a payout: the amount asked is more than the account holds. */
const payoutShort = () => new AmountError(MESSAGES.payoutTooLarge);

/**
 * A balance too low for a refund: the refund is right for the charge, but its money was paid out
 * already. The same error and message as the local processor's, so the route answers 409.
 */
const refundShort = () => new BalanceError(MESSAGES.refundExceedsBalance);

/**
 * Stripe errors → ours: card refusals, amount refusals, everything else "unavailable".
 * `balanceShort` is what Stripe's balance_insufficient means for the call that met it.
 */
function translate(error: unknown, balanceShort: () => Error): Error {
  if (error instanceof Stripe.errors.StripeCardError) {
    const decline = error.decline_code as CardErrorCode | undefined;
    const code = error.code as CardErrorCode | undefined;
    if (decline && CARD_CODES.includes(decline)) return new CardError(decline);
    if (code && CARD_CODES.includes(code)) return new CardError(code);
    return new CardError('card_declined');
  }
  if (error instanceof Stripe.errors.StripeInvalidRequestError) {
    if (error.code === 'amount_too_large' || error.code === 'charge_already_refunded') {
      return new AmountError(MESSAGES.refundTooLarge);
    }
    if (error.code === 'balance_insufficient') return balanceShort();
  }
  return new ProcessorUnavailableError(error);
}

async function call<T>(fn: () => Promise<T>, balanceShort: () => Error = payoutShort): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    throw translate(error, balanceShort);
  }
}

function refundResult(refund: Stripe.Refund) {
  return {
    id: refund.id,
    status: refundStatusOf(refund.status) === 'succeeded' ? ('succeeded' as const) : ('pending' as const),
    amountCents: refund.amount,
  };
}

export class StripeProcessor implements PaymentProcessor {
  readonly name = 'stripe' as const;
  readonly stripe: Stripe;
  private readonly db: Db;
  private readonly webhookSecret: string | null;

  constructor(opts: StripeProcessorOptions) {
    this.stripe = new Stripe(opts.secretKey, {
      // Bounded as PROCESSOR_TIMEOUT says: a payment link's claim outlives its calls (payment-links-service.ts).
      timeout: PROCESSOR_TIMEOUT.requestMs,
      maxNetworkRetries: PROCESSOR_TIMEOUT.retries,
      ...(opts.httpClient ? { httpClient: opts.httpClient } : {}),
    });
    this.db = opts.db;
    this.webhookSecret = opts.webhookSecret;
  }

  /** One Stripe Customer per user, remembered in app_settings (`stripe_customer:<userId>`). */
  async customerFor(user: { id: string; email: string; name: string }): Promise<string> {
    const key = `stripe_customer:${user.id}`;
    const [known] = await this.db.select().from(appSettings).where(eq(appSettings.key, key));
    if (known) return known.value;
    const customer = await call(() =>
      this.stripe.customers.create(
        { email: user.email, name: user.name, metadata: { userId: user.id } },
        { idempotencyKey: `customer-${user.id}` },
      ),
    );
    await this.db.insert(appSettings).values({ key, value: customer.id }).onConflictDoNothing();
    const [row] = await this.db.select().from(appSettings).where(eq(appSettings.key, key));
    return row?.value ?? customer.id;
  }

  async tokenizeCard(card: CardInput, opts: { customerRef?: string | null; idempotencyKey?: string }) {
    const pm = await call(() =>
      this.stripe.paymentMethods.create(
        {
          type: 'card',
          card: { number: card.number, exp_month: card.expMonth, exp_year: card.expYear, cvc: card.cvc },
          billing_details: {
            name: card.name,
            address: {
              line1: card.address.line1,
              line2: card.address.line2 ?? undefined,
              city: card.address.city,
              state: card.address.state,
              postal_code: card.address.postalCode,
              country: card.address.country,
            },
          },
        },
        opts.idempotencyKey ? { idempotencyKey: `pm-${opts.idempotencyKey}` } : undefined,
      ),
    );
    const customer = opts.customerRef;
    // Attaching runs the issuer's check: a declined card fails here, before it is saved.
    const attached = customer ? await call(() => this.stripe.paymentMethods.attach(pm.id, { customer })) : pm;
    const c = attached.card;
    const result: TokenizedCard = {
      token: attached.id,
      brand: brandOf(c?.brand),
      last4: c?.last4 ?? '',
      expMonth: c?.exp_month ?? card.expMonth,
      expYear: c?.exp_year ?? card.expYear,
    };
    return result;
  }

  async removeCard(token: string) {
    await call(() => this.stripe.paymentMethods.detach(token));
  }

  private chargeResult(pi: Stripe.PaymentIntent, fallback?: { brand: CardBrand; last4: string }): ChargeResult {
    const pm = typeof pi.payment_method === 'object' && pi.payment_method ? pi.payment_method : null;
    return {
      id: pi.id,
      status: pi.status === 'succeeded' ? 'captured' : 'authorized',
      amountCents: pi.amount,
      capturedCents: pi.amount_received ?? 0,
      brand: pm?.card ? brandOf(pm.card.brand) : (fallback?.brand ?? 'unknown'),
      last4: pm?.card?.last4 ?? fallback?.last4 ?? '',
    };
  }

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const pi = await call(() =>
      this.stripe.paymentIntents.create(
        {
          amount: request.amountCents,
          currency: 'usd',
          payment_method: request.cardToken,
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          customer: request.customerRef ?? undefined,
          confirm: true,
          capture_method: request.capture === false ? 'manual' : 'automatic',
          description: request.description,
          metadata: request.metadata,
          expand: ['payment_method'],
          ...(request.destinationAccount ? { transfer_data: { destination: request.destinationAccount } } : {}),
        },
        { idempotencyKey: `charge-${request.idempotencyKey}` },
      ),
    );
    if (pi.status !== 'succeeded' && pi.status !== 'requires_capture') {
      // e.g. requires_action (3-D Secure): this server-side flow cannot complete it.
      throw new CardError('card_declined');
    }
    return this.chargeResult(pi);
  }

  /**
   * Lists the PaymentIntents created from a minute before `since` on (the list is read-after-write
   * consistent, unlike search) and takes the one whose metadata names this attempt. A refused one
   * moved no money; one still 'processing' cannot be decided yet.
   */
  async findCharge(idempotencyKey: string, since: number): Promise<ChargeResult | null> {
    const found = await call(async () => {
      const list = this.stripe.paymentIntents.list({
        created: { gte: Math.floor(since / 1000) - 60 },
        limit: 100,
        expand: ['data.payment_method'],
      });
      for await (const pi of list) if (pi.metadata?.attempt === idempotencyKey) return pi;
      return null;
    });
    if (!found) return null;
    if (found.status === 'processing') throw new ProcessorUnavailableError();
    if (found.status !== 'succeeded' && found.status !== 'requires_capture') return null;
    return this.chargeResult(found);
  }

  async capture(chargeId: string, amountCents?: number): Promise<ChargeResult> {
    const pi = await call(() =>
      this.stripe.paymentIntents.capture(chargeId, {
        ...(amountCents ? { amount_to_capture: amountCents } : {}),
        expand: ['payment_method'],
      }),
    );
    return this.chargeResult(pi);
  }

  async refund(request: { chargeId: string; amountCents: number; idempotencyKey: string }) {
    const refund = await call(
      () =>
        this.stripe.refunds.create(
          {
            payment_intent: request.chargeId,
            amount: request.amountCents,
            metadata: { attempt: request.idempotencyKey },
          },
          { idempotencyKey: `refund-${request.idempotencyKey}` },
        ),
      refundShort,
    );
    if (refund.status === 'failed' || refund.status === 'canceled') throw new ProcessorUnavailableError();
    return refundResult(refund);
  }

  /** The charge's refunds (a charge has few), the one whose metadata names this attempt. */
  async findRefund(chargeId: string, idempotencyKey: string): Promise<RefundResult | null> {
    const found = await call(async () => {
      const list = this.stripe.refunds.list({ payment_intent: chargeId, limit: 100 });
      for await (const refund of list) if (refund.metadata?.attempt === idempotencyKey) return refund;
      return null;
    });
    if (!found || found.status === 'failed' || found.status === 'canceled') return null;
    return refundResult(found);
  }

  async refundStatus(refundId: string): Promise<RefundStatus> {
    const refund = await call(() => this.stripe.refunds.retrieve(refundId));
    return refundStatusOf(refund.status);
  }

  private accountView(a: Stripe.Account): ConnectAccount {
    const enabled = !!a.charges_enabled && !!a.payouts_enabled;
    return {
      id: a.id,
      status: enabled ? 'enabled' : a.details_submitted ? 'restricted' : 'pending',
      detailsSubmitted: !!a.details_submitted,
      chargesEnabled: !!a.charges_enabled,
      payoutsEnabled: !!a.payouts_enabled,
      requirements: a.requirements?.currently_due ?? [],
    };
  }

  async createAccount(business: { businessId: string; email: string; companyName: string }) {
    const account = await call(() =>
      this.stripe.accounts.create(
        {
          type: 'express',
          country: 'US',
          email: business.email,
          business_profile: { name: business.companyName },
          capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
          metadata: { businessId: business.businessId },
        },
        { idempotencyKey: `account-${business.businessId}` },
      ),
    );
    return this.accountView(account);
  }

  async retrieveAccount(accountId: string) {
    return this.accountView(await call(() => this.stripe.accounts.retrieve(accountId)));
  }

  async accountLink(accountId: string, urls: { refreshUrl: string; returnUrl: string }) {
    const link = await call(() =>
      this.stripe.accountLinks.create({
        account: accountId,
        refresh_url: urls.refreshUrl,
        return_url: urls.returnUrl,
        type: 'account_onboarding',
      }),
    );
    return link.url;
  }

  async externalAccounts(accountId: string) {
    const list = await call(() => this.stripe.accounts.listExternalAccounts(accountId, { limit: 10 }));
    return list.data.map((x) => ({
      id: x.id,
      bankName: x.object === 'bank_account' ? (x.bank_name ?? '') : brandOf((x as Stripe.Card).brand),
      last4: x.last4 ?? '',
      currency: x.currency ?? 'usd',
      isDefault: !!x.default_for_currency,
    }));
  }

  async accountSession(accountId: string) {
    const session = await call(() =>
      this.stripe.accountSessions.create({
        account: accountId,
        components: {
          account_onboarding: { enabled: true },
          payments: { enabled: true },
          payouts: { enabled: true },
        },
      }),
    );
    return { clientSecret: session.client_secret, expiresAt: session.expires_at };
  }

  async dashboardLink(accountId: string) {
    const link = await call(() => this.stripe.accounts.createLoginLink(accountId));
    return link.url;
  }

  async balance(accountId: string) {
    const b = await call(() => this.stripe.balance.retrieve({}, { stripeAccount: accountId }));
    const usd = (list: { amount: number; currency: string }[]) =>
      list.filter((x) => x.currency === 'usd').reduce((s, x) => s + x.amount, 0);
    return { availableCents: usd(b.available), pendingCents: usd(b.pending) };
  }

  private payoutView(p: Stripe.Payout): Payout {
    return {
      id: p.id,
      amountCents: p.amount,
      status: p.status,
      arrivalDate: new Date(p.arrival_date * 1000).toISOString(),
      createdAt: new Date(p.created * 1000).toISOString(),
    };
  }

  async createPayout(accountId: string, amountCents: number, idempotencyKey: string) {
    const p = await call(() =>
      this.stripe.payouts.create(
        { amount: amountCents, currency: 'usd' },
        { stripeAccount: accountId, idempotencyKey: `payout-${idempotencyKey}` },
      ),
    );
    return this.payoutView(p);
  }

  async listPayouts(accountId: string, limit: number) {
    const list = await call(() => this.stripe.payouts.list({ limit }, { stripeAccount: accountId }));
    return list.data.map((p) => this.payoutView(p));
  }

  verifyWebhook(rawBody: string, signature: string | undefined): WebhookEvent {
    if (!this.webhookSecret || !signature) throw new WebhookSignatureError();
    try {
      const event = this.stripe.webhooks.constructEvent(rawBody, signature, this.webhookSecret);
      return { id: event.id, type: event.type, data: event.data as unknown as Record<string, unknown> };
    } catch {
      throw new WebhookSignatureError();
    }
  }
}
