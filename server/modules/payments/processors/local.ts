/**
 * The embedded card processor (default when STRIPE_SECRET_KEY is unset). It behaves like a
 * real one: Luhn and expiry checks, brand detection, the documented test cards (test-cards.ts),
 * authorisation then capture, refunds bounded by what was captured (and, for a connected
 * account's charge, by what its balance still holds), connected accounts with a simulated
 * onboarding, balances and payouts. Its ledger is the local_processor_objects table
 * (the processor's side of the world); the card number and CVC are used for the checks and
 * dropped: a card object is token, brand, last 4, expiry and its test behaviour.
 */
import { randomBytes, createHmac } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client';
import { sameSecret } from '../../../auth/same-secret';
import { localProcessorObjects } from '../tables';
import { cardNumberValid, detectCardBrand, last4 } from '../../../../src/domain/payments/card-number';
import { isExpiryInPast } from '../../../../src/domain/payments/expiry';
import { MESSAGES } from '../../../../src/domain/messages';
import { cardBehaviour, type CardBehaviour } from './test-cards';
import {
  AmountError,
  BalanceError,
  CardError,
  WebhookSignatureError,
  type Balance,
  type CardInput,
  type ChargeRequest,
  type ChargeResult,
  type ConnectAccount,
  type ExternalAccount,
  type PaymentProcessor,
  type Payout,
  type RefundResult,
  type RefundStatus,
  type TokenizedCard,
  type WebhookEvent,
} from './types';
import type { CardBrand } from '../../../../src/domain/payments/card-number';

interface CardData {
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
  behaviour: CardBehaviour;
  customer: string | null;
  detached?: boolean;
}
interface ChargeData {
  card: string;
  /** The caller's idempotency key: the same key answers the same charge, as Stripe's does. */
  idempotencyKey?: string;
  amount: number;
  captured: number;
  refunded: number;
  status: 'authorized' | 'captured' | 'canceled';
  description: string;
  brand: CardBrand;
  last4: string;
  /** The card's refunds are held pending a while (test card 4000 0000 0000 7726). */
  refundsHeld?: boolean;
}
interface RefundData {
  charge: string;
  amount: number;
  status: 'succeeded' | 'pending';
  /** A held refund succeeds at this time (ms, the processor's clock). */
  pendingUntil?: number;
  idempotencyKey: string | null;
}
interface AccountData {
  businessId: string;
  email: string;
  companyName: string;
  detailsSubmitted: boolean;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  /** Set when the owner finished the onboarding page; payouts open on the next status check. */
  submittedAt: number | null;
  onboardingToken: string | null;
  externalAccounts: ExternalAccount[];
}
interface PayoutData {
  amount: number;
  status: string;
  arrivalDate: number;
}

const DAY_MS = 86_400_000;
/** How long the local processor holds a refund of a card whose refunds are held, before it succeeds. */
export const LOCAL_REFUND_PENDING_MS = 5 * 60_000;
const newId = (prefix: string) => `${prefix}_local_${randomBytes(12).toString('hex')}`;

export interface LocalProcessorOptions {
  db: Db;
  now: () => number;
  /** Secret the local webhook signatures use (STRIPE_WEBHOOK_SECRET when set, else generated). */
  webhookSecret?: string;
}

export class LocalProcessor implements PaymentProcessor {
  readonly name = 'local' as const;
  private readonly db: Db;
  private readonly now: () => number;
  readonly webhookSecret: string;

  constructor(opts: LocalProcessorOptions) {
    this.db = opts.db;
    this.now = opts.now;
    this.webhookSecret = opts.webhookSecret ?? `whsec_local_${randomBytes(16).toString('hex')}`;
  }

  private async insert(id: string, type: string, data: object, account: string | null = null) {
    await this.db.insert(localProcessorObjects).values({ id, type, account, data, createdAt: new Date(this.now()) });
  }

  private async get<T>(id: string, type: string): Promise<T | null> {
    const [row] = await this.db
      .select()
      .from(localProcessorObjects)
      .where(and(eq(localProcessorObjects.id, id), eq(localProcessorObjects.type, type)));
    return row ? (row.data as T) : null;
  }

  private async put(id: string, data: object) {
    await this.db.update(localProcessorObjects).set({ data }).where(eq(localProcessorObjects.id, id));
  }

  async customerFor(user: { id: string }): Promise<string> {
    return `cus_local_${user.id.replace(/-/g, '')}`;
  }

  async tokenizeCard(card: CardInput, opts: { customerRef?: string | null }): Promise<TokenizedCard> {
    if (!cardNumberValid(card.number)) throw new CardError('incorrect_number');
    if (isExpiryInPast({ month: card.expMonth, year: card.expYear }, this.now())) throw new CardError('expired_card');
    const brand = detectCardBrand(card.number);
    if (!/^\d+$/.test(card.cvc) || card.cvc.length !== (brand === 'amex' ? 4 : 3)) {
      throw new CardError('incorrect_cvc');
    }
    const behaviour = cardBehaviour(card.number);
    // The zero-amount verification an issuer does when a card is saved.
    if (behaviour.verify) throw new CardError(behaviour.verify);
    const token = newId('pm');
    const data: CardData = {
      brand,
      last4: last4(card.number),
      expMonth: card.expMonth,
      expYear: card.expYear,
      behaviour,
      customer: opts.customerRef ?? null,
    };
    await this.insert(token, 'card', data);
    return { token, brand: data.brand, last4: data.last4, expMonth: data.expMonth, expYear: data.expYear };
  }

  async removeCard(token: string): Promise<void> {
    const card = await this.get<CardData>(token, 'card');
    if (card) await this.put(token, { ...card, detached: true });
  }

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    if (!Number.isInteger(request.amountCents) || request.amountCents <= 0) throw new AmountError(MESSAGES.amountMin);
    const same = await this.chargeByKey(request.idempotencyKey);
    if (same) return this.chargeResult(same.id, same.data);
    const card = await this.get<CardData>(request.cardToken, 'card');
    if (!card || card.detached) throw new CardError('card_declined');
    if (isExpiryInPast({ month: card.expMonth, year: card.expYear }, this.now())) throw new CardError('expired_card');
    if (card.behaviour.charge) throw new CardError(card.behaviour.charge);
    const id = newId('ch');
    const capture = request.capture !== false;
    const data: ChargeData = {
      card: request.cardToken,
      idempotencyKey: request.idempotencyKey,
      amount: request.amountCents,
      captured: capture ? request.amountCents : 0,
      refunded: 0,
      status: capture ? 'captured' : 'authorized',
      description: request.description,
      brand: card.brand,
      last4: card.last4,
      ...(card.behaviour.refundPending ? { refundsHeld: true } : {}),
    };
    await this.insert(id, 'charge', data, request.destinationAccount ?? null);
    return this.chargeResult(id, data);
  }

  private async chargeByKey(idempotencyKey: string): Promise<{ id: string; data: ChargeData } | null> {
    const [row] = await this.db
      .select({ id: localProcessorObjects.id, data: localProcessorObjects.data })
      .from(localProcessorObjects)
      .where(
        and(
          eq(localProcessorObjects.type, 'charge'),
          sql`${localProcessorObjects.data}->>'idempotencyKey' = ${idempotencyKey}`,
        ),
      );
    return row ? { id: row.id, data: row.data as ChargeData } : null;
  }

  async findCharge(idempotencyKey: string): Promise<ChargeResult | null> {
    const found = await this.chargeByKey(idempotencyKey);
    return found ? this.chargeResult(found.id, found.data) : null;
  }

  private chargeResult(id: string, c: ChargeData): ChargeResult {
    return {
      id,
      status: c.status === 'captured' ? 'captured' : 'authorized',
      amountCents: c.amount,
      capturedCents: c.captured,
      brand: c.brand,
      last4: c.last4,
    };
  }

  async capture(chargeId: string, amountCents?: number): Promise<ChargeResult> {
    const c = await this.get<ChargeData>(chargeId, 'charge');
    if (!c) throw new AmountError(MESSAGES.notFound);
    if (c.status === 'captured') return this.chargeResult(chargeId, c);
    const amount = amountCents ?? c.amount;
    if (amount <= 0 || amount > c.amount) throw new AmountError(MESSAGES.refundTooLarge);
    const next: ChargeData = { ...c, captured: amount, status: 'captured' };
    await this.put(chargeId, next);
    return this.chargeResult(chargeId, next);
  }

  /**
   * A refund of a charge paid to a connected account comes out of that account's balance, and is
   * refused (BalanceError) when the balance cannot cover it: the money was paid out already. It
   * takes the account's row lock, as a payout does, so a refund and a payout asked at once are
   * decided one after the other and never together take the balance below zero.
   */
  async refund(request: { chargeId: string; amountCents: number; idempotencyKey?: string }): Promise<RefundResult> {
    const amount = request.amountCents;
    if (!Number.isInteger(amount) || amount <= 0) throw new AmountError(MESSAGES.refundTooLarge);
    const id = newId('re');
    const made = await this.db.transaction(async (tx) => {
      // The charge's row lock: two refunds of it (the same key twice among them) are decided one
      // after the other.
      const [charge] = await tx
        .select({ account: localProcessorObjects.account, data: localProcessorObjects.data })
        .from(localProcessorObjects)
        .where(and(eq(localProcessorObjects.id, request.chargeId), eq(localProcessorObjects.type, 'charge')))
        .for('update');
      // The same key answers the refund it made, as Stripe's does: a retry never refunds twice.
      const same = request.idempotencyKey ? await this.refundByKey(tx, request.chargeId, request.idempotencyKey) : null;
      if (same) return same;
      if (charge?.account) await this.lockAccount(tx, charge.account);
      // One conditional UPDATE: two refunds racing can never together exceed what was captured.
      const rows = await tx
        .update(localProcessorObjects)
        .set({
          data: sql`jsonb_set(${localProcessorObjects.data}, '{refunded}', to_jsonb(((${localProcessorObjects.data}->>'refunded')::int + ${amount})))`,
        })
        .where(
          and(
            eq(localProcessorObjects.id, request.chargeId),
            eq(localProcessorObjects.type, 'charge'),
            sql`(${localProcessorObjects.data}->>'captured')::int - (${localProcessorObjects.data}->>'refunded')::int >= ${amount}`,
          ),
        )
        .returning({ id: localProcessorObjects.id });
      if (!rows.length) throw new AmountError(MESSAGES.refundTooLarge);
      if (charge?.account && (await this.availableOn(tx, charge.account)) < 0) {
        throw new BalanceError(MESSAGES.refundExceedsBalance);
      }
      const held = !!(charge?.data as ChargeData | undefined)?.refundsHeld;
      const data: RefundData = {
        charge: request.chargeId,
        amount,
        status: held ? 'pending' : 'succeeded',
        ...(held ? { pendingUntil: this.now() + LOCAL_REFUND_PENDING_MS } : {}),
        idempotencyKey: request.idempotencyKey ?? null,
      };
      await tx
        .insert(localProcessorObjects)
        .values({ id, type: 'refund', account: null, data, createdAt: new Date(this.now()) });
      return this.refundResult(id, data);
    });
    return made;
  }

  /** A held refund succeeds once its time is up, as Stripe's test refunds do after a while. */
  private refundResult(id: string, data: RefundData): RefundResult {
    const pending = data.status === 'pending' && this.now() < (data.pendingUntil ?? 0);
    return { id, status: pending ? 'pending' : 'succeeded', amountCents: data.amount };
  }

  async refundStatus(refundId: string): Promise<RefundStatus> {
    const data = await this.get<RefundData>(refundId, 'refund');
    // A refund the processor never made is one it gave up on: no money went back.
    return data ? this.refundResult(refundId, data).status : 'failed';
  }

  private async refundByKey(db: DbOrTx, chargeId: string, idempotencyKey: string): Promise<RefundResult | null> {
    const [row] = await db
      .select({ id: localProcessorObjects.id, data: localProcessorObjects.data })
      .from(localProcessorObjects)
      .where(
        and(
          eq(localProcessorObjects.type, 'refund'),
          sql`${localProcessorObjects.data}->>'charge' = ${chargeId}`,
          sql`${localProcessorObjects.data}->>'idempotencyKey' = ${idempotencyKey}`,
        ),
      );
    if (!row) return null;
    return this.refundResult(row.id, row.data as RefundData);
  }

  async findRefund(chargeId: string, idempotencyKey: string): Promise<RefundResult | null> {
    return this.refundByKey(this.db, chargeId, idempotencyKey);
  }

  /** The lock a payout and a refund of the account's money both take (on its account row). */
  private async lockAccount(tx: DbOrTx, accountId: string) {
    await tx
      .select({ id: localProcessorObjects.id })
      .from(localProcessorObjects)
      .where(and(eq(localProcessorObjects.id, accountId), eq(localProcessorObjects.type, 'account')))
      .for('update');
  }

  // --- Connected accounts: a simulated onboarding through Stripe's states -------------------

  private accountView(id: string, a: AccountData): ConnectAccount {
    const requirements: string[] = [];
    if (!a.detailsSubmitted) requirements.push('business_profile', 'external_account', 'tos_acceptance');
    const status = a.payoutsEnabled && a.chargesEnabled ? 'enabled' : a.detailsSubmitted ? 'restricted' : 'pending';
    return {
      id,
      status,
      detailsSubmitted: a.detailsSubmitted,
      chargesEnabled: a.chargesEnabled,
      payoutsEnabled: a.payoutsEnabled,
      requirements,
    };
  }

  async createAccount(business: { businessId: string; email: string; companyName: string }): Promise<ConnectAccount> {
    const id = newId('acct');
    const data: AccountData = {
      ...business,
      detailsSubmitted: false,
      chargesEnabled: false,
      payoutsEnabled: false,
      submittedAt: null,
      onboardingToken: null,
      externalAccounts: [],
    };
    await this.insert(id, 'account', data, id);
    return this.accountView(id, data);
  }

  async retrieveAccount(accountId: string): Promise<ConnectAccount> {
    const a = await this.get<AccountData>(accountId, 'account');
    if (!a) throw new AmountError(MESSAGES.connectAccountMissing);
    // "Verification" finishes on the first status check after the details were submitted,
    // so an owner sees restricted → enabled like a Stripe review that passed.
    if (a.detailsSubmitted && !a.payoutsEnabled && a.submittedAt !== null && this.now() > a.submittedAt) {
      const next = { ...a, payoutsEnabled: true };
      await this.put(accountId, next);
      return this.accountView(accountId, next);
    }
    return this.accountView(accountId, a);
  }

  async accountLink(accountId: string, urls: { returnUrl: string }): Promise<string> {
    const a = await this.get<AccountData>(accountId, 'account');
    if (!a) throw new AmountError(MESSAGES.connectAccountMissing);
    const token = randomBytes(18).toString('base64url');
    await this.put(accountId, { ...a, onboardingToken: token });
    return `/api/Payment/local-onboarding/${token}?return=${encodeURIComponent(urls.returnUrl)}`;
  }

  /**
   * The local onboarding page's submit: details accepted, a test bank account added, charges
   * enabled; payouts follow on the next status check. Returns false for an unknown token.
   */
  async completeOnboarding(token: string): Promise<boolean> {
    const [row] = await this.db
      .select()
      .from(localProcessorObjects)
      .where(
        and(
          eq(localProcessorObjects.type, 'account'),
          sql`${localProcessorObjects.data}->>'onboardingToken' = ${token}`,
        ),
      );
    if (!row) return false;
    const a = row.data as AccountData;
    const bank: ExternalAccount = {
      id: newId('ba'),
      bankName: 'STRIPE TEST BANK',
      last4: '6789',
      currency: 'usd',
      isDefault: true,
    };
    await this.put(row.id, {
      ...a,
      onboardingToken: null,
      detailsSubmitted: true,
      chargesEnabled: true,
      submittedAt: this.now(),
      externalAccounts: a.externalAccounts.length ? a.externalAccounts : [bank],
    });
    return true;
  }

  async externalAccounts(accountId: string): Promise<ExternalAccount[]> {
    const a = await this.get<AccountData>(accountId, 'account');
    return a?.externalAccounts ?? [];
  }

  async accountSession(accountId: string) {
    return {
      clientSecret: `${accountId}_secret_${randomBytes(12).toString('hex')}`,
      expiresAt: Math.floor(this.now() / 1000) + 30 * 60,
    };
  }

  async dashboardLink(_accountId: string): Promise<string> {
    // No hosted dashboard locally: the app's own Dashboard page shows balances and payouts.
    return '/stripe_connect';
  }

  async balance(accountId: string): Promise<Balance> {
    const { availableCents, pendingCents } = await this.balanceOn(this.db, accountId);
    return { availableCents: Math.max(0, availableCents), pendingCents };
  }

  private async availableOn(db: DbOrTx, accountId: string): Promise<number> {
    return (await this.balanceOn(db, accountId)).availableCents;
  }

  /** What the account holds; below zero only inside a transaction that then refuses its write. */
  private async balanceOn(db: DbOrTx, accountId: string): Promise<Balance> {
    const rows = await db
      .select({ type: localProcessorObjects.type, data: localProcessorObjects.data })
      .from(localProcessorObjects)
      .where(eq(localProcessorObjects.account, accountId));
    let available = 0;
    let pending = 0;
    for (const r of rows) {
      if (r.type === 'charge') {
        const c = r.data as ChargeData;
        available += c.captured - c.refunded;
      } else if (r.type === 'payout') {
        const p = r.data as PayoutData;
        if (p.status !== 'failed' && p.status !== 'canceled') available -= p.amount;
        if (p.status === 'in_transit' || p.status === 'pending') pending += p.amount;
      }
    }
    return { availableCents: available, pendingCents: pending };
  }

  async createPayout(accountId: string, amountCents: number): Promise<Payout> {
    const account = await this.retrieveAccount(accountId);
    if (!account.payoutsEnabled) throw new AmountError(MESSAGES.connectAccountMissing);
    if (!Number.isInteger(amountCents) || amountCents <= 0) throw new AmountError(MESSAGES.payoutTooLarge);
    const id = newId('po');
    const data: PayoutData = { amount: amountCents, status: 'in_transit', arrivalDate: this.now() + 2 * DAY_MS };
    // The balance is read and the payout written under a lock on the account's row: two payouts
    // asked at once (two tabs) would otherwise both see the whole balance and both be paid.
    await this.db.transaction(async (tx) => {
      await this.lockAccount(tx, accountId);
      if (amountCents > (await this.availableOn(tx, accountId))) throw new AmountError(MESSAGES.payoutTooLarge);
      await tx
        .insert(localProcessorObjects)
        .values({ id, type: 'payout', account: accountId, data, createdAt: new Date(this.now()) });
    });
    return this.payoutView(id, data, this.now());
  }

  private payoutView(id: string, p: PayoutData, createdAt: number): Payout {
    // A local payout lands on its arrival date.
    const status = p.status === 'in_transit' && this.now() >= p.arrivalDate ? 'paid' : p.status;
    return {
      id,
      amountCents: p.amount,
      status,
      arrivalDate: new Date(p.arrivalDate).toISOString(),
      createdAt: new Date(createdAt).toISOString(),
    };
  }

  async listPayouts(accountId: string, limit: number): Promise<Payout[]> {
    const rows = await this.db
      .select()
      .from(localProcessorObjects)
      .where(and(eq(localProcessorObjects.account, accountId), eq(localProcessorObjects.type, 'payout')))
      .orderBy(desc(localProcessorObjects.createdAt))
      .limit(limit);
    return rows.map((r) => this.payoutView(r.id, r.data as PayoutData, r.createdAt.getTime()));
  }

  /** Same header format as Stripe (`t=…,v1=HMAC-SHA256(t.payload)`), checked the same way. */
  verifyWebhook(rawBody: string, signature: string | undefined): WebhookEvent {
    const parts = Object.fromEntries(
      (signature ?? '').split(',').map((kv) => kv.split('=', 2) as [string, string]),
    ) as Record<string, string>;
    const t = Number(parts.t);
    const v1 = parts.v1 ?? '';
    if (!Number.isFinite(t) || Math.abs(this.now() / 1000 - t) > 300) throw new WebhookSignatureError();
    const expected = createHmac('sha256', this.webhookSecret).update(`${t}.${rawBody}`).digest('hex');
    if (!sameSecret(v1, expected)) {
      throw new WebhookSignatureError();
    }
    // JSON's null parses too, and has no fields to read.
    const parsed = JSON.parse(rawBody) as { id?: unknown; type?: unknown; data?: unknown } | null;
    if (typeof parsed?.id !== 'string' || typeof parsed.type !== 'string') throw new WebhookSignatureError();
    return { id: parsed.id, type: parsed.type, data: (parsed.data ?? {}) as Record<string, unknown> };
  }
}
