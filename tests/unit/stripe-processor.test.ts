// @vitest-environment node
/**
 * The Stripe adapter against recorded-shape Stripe responses (tests/fixtures/stripe), served by
 * a fake fetch through the package's own createFetchHttpClient: no network. Checks what is
 * sent (paths, form bodies, Idempotency-Key, Stripe-Account) and how answers and errors map.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import Stripe from 'stripe';
import { StripeProcessor } from '../../server/modules/payments/processors/stripe';
import {
  AmountError,
  BalanceError,
  CardError,
  ProcessorUnavailableError,
  refundStatusOf,
  WebhookSignatureError,
} from '../../server/modules/payments/processors/types';
import { MESSAGES } from '../../src/domain/messages';
import type { Db } from '../../server/db/client';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/stripe/${name}.json`, import.meta.url), 'utf8');

interface Sent {
  method: string;
  path: string;
  body: URLSearchParams;
  headers: Record<string, string>;
}

/** routes: 'POST /v1/payment_methods' → [status, fixture name] (a list is consumed in order). */
function fakeStripe(routes: Record<string, [number, string] | [number, string][]>) {
  const sent: Sent[] = [];
  const fetchFn = async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    const method = (init?.method ?? 'GET').toUpperCase();
    const headers = Object.fromEntries(new Headers(init?.headers as HeadersInit).entries());
    const body = new URLSearchParams(method === 'GET' ? url.search : String(init?.body ?? ''));
    sent.push({ method, path: url.pathname, body, headers });
    const route = routes[`${method} ${url.pathname}`];
    if (!route) throw new Error(`no fixture for ${method} ${url.pathname}`);
    const [status, name] = (Array.isArray(route[0]) ? (route as [number, string][]).shift()! : route) as [
      number,
      string,
    ];
    return new Response(fixture(name), {
      status,
      headers: { 'content-type': 'application/json', 'request-id': 'req_test' },
    });
  };
  const processor = new StripeProcessor({
    secretKey: 'sk_test_fake',
    webhookSecret: 'whsec_test_fixture',
    db: {} as Db,
    httpClient: Stripe.createFetchHttpClient(fetchFn as typeof fetch),
  });
  return { processor, sent };
}

const card = {
  number: '4242424242424242',
  expMonth: 12,
  expYear: 2030,
  cvc: '123',
  name: 'Ada Lovelace',
  address: { line1: '1 Main St', line2: null, city: 'Austin', state: 'TX', postalCode: '78701', country: 'US' },
};

describe('cards', () => {
  it('creates a PaymentMethod, attaches it to the customer, keeps token + brand + last 4 + expiry', async () => {
    const { processor, sent } = fakeStripe({
      'POST /v1/payment_methods': [200, 'payment_method'],
      'POST /v1/payment_methods/pm_1QAbCdEfGhIjKlMn/attach': [200, 'payment_method_attached'],
    });
    const result = await processor.tokenizeCard(card, { customerRef: 'cus_RAbCdEfGhIjK', idempotencyKey: 'k1' });
    expect(result).toEqual({ token: 'pm_1QAbCdEfGhIjKlMn', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 });
    expect(sent[0]!.body.get('type')).toBe('card');
    expect(sent[0]!.body.get('card[number]')).toBe('4242424242424242');
    expect(sent[0]!.body.get('billing_details[address][postal_code]')).toBe('78701');
    expect(sent[0]!.headers['idempotency-key']).toBe('pm-k1');
    expect(sent[1]!.body.get('customer')).toBe('cus_RAbCdEfGhIjK');
  });

  it('a card declined on attach becomes CardError with the issuer text', async () => {
    const { processor } = fakeStripe({
      'POST /v1/payment_methods': [200, 'payment_method'],
      'POST /v1/payment_methods/pm_1QAbCdEfGhIjKlMn/attach': [402, 'error_card_declined'],
    });
    const error = await processor.tokenizeCard(card, { customerRef: 'cus_RAbCdEfGhIjK' }).catch((e) => e);
    expect(error).toBeInstanceOf(CardError);
    expect(error).toMatchObject({ code: 'card_declined', message: MESSAGES.cardDeclined });
  });
});

describe('charges and refunds', () => {
  it('confirms a PaymentIntent at once, with our key as Stripe’s Idempotency-Key', async () => {
    const { processor, sent } = fakeStripe({ 'POST /v1/payment_intents': [200, 'payment_intent_succeeded'] });
    const result = await processor.charge({
      amountCents: 1400,
      description: 'Pro plan subscription',
      cardToken: 'pm_1QAbCdEfGhIjKlMn',
      customerRef: 'cus_RAbCdEfGhIjK',
      idempotencyKey: 'user-1:sub-key',
    });
    expect(result).toEqual({
      id: 'pi_3QAbCdEfGhIjKlMn1a2b3c',
      status: 'captured',
      amountCents: 1400,
      capturedCents: 1400,
      brand: 'visa',
      last4: '4242',
    });
    const body = sent[0]!.body;
    expect(body.get('amount')).toBe('1400');
    expect(body.get('currency')).toBe('usd');
    expect(body.get('confirm')).toBe('true');
    expect(body.get('capture_method')).toBe('automatic');
    expect(body.get('payment_method')).toBe('pm_1QAbCdEfGhIjKlMn');
    expect(sent[0]!.headers['idempotency-key']).toBe('charge-user-1:sub-key');
  });

  it('finds the charge made under a key by its metadata; a refused one or none is null', async () => {
    const { processor, sent } = fakeStripe({ 'GET /v1/payment_intents': [200, 'payment_intents_list'] });
    const since = Date.UTC(2025, 10, 21, 4, 0, 0);
    expect(await processor.findCharge('public:tok:k1:aaaaaa', since)).toEqual({
      id: 'pi_3QAbCdEfGhIjKlMnLink01',
      status: 'captured',
      amountCents: 2500,
      capturedCents: 2500,
      brand: 'visa',
      last4: '4242',
    });
    // Listed from a minute before the claim on (the list reads what was just written; search may not).
    expect(sent[0]!.body.get('created[gte]')).toBe(String(since / 1000 - 60));
    expect(await processor.findCharge('public:tok:k3:cccccc', since)).toBeNull();
    expect(await processor.findCharge('public:tok:nothing', since)).toBeNull();
  });

  it('sends payment-link money to the connected account; authorise then capture', async () => {
    const { processor, sent } = fakeStripe({
      'POST /v1/payment_intents': [200, 'payment_intent_requires_capture'],
      'POST /v1/payment_intents/pi_3QAbCdEfGhIjKlMnAuth01/capture': [200, 'payment_intent_captured'],
    });
    const auth = await processor.charge({
      amountCents: 1400,
      description: 'Deposit',
      cardToken: 'pm_1',
      destinationAccount: 'acct_1QAbCdEfGhIjKlMn',
      capture: false,
      idempotencyKey: 'k',
    });
    expect(auth).toMatchObject({ status: 'authorized', capturedCents: 0 });
    expect(sent[0]!.body.get('transfer_data[destination]')).toBe('acct_1QAbCdEfGhIjKlMn');
    expect(sent[0]!.body.get('capture_method')).toBe('manual');
    const captured = await processor.capture(auth.id, 1000);
    expect(captured).toMatchObject({ status: 'captured', capturedCents: 1000 });
    expect(sent[1]!.body.get('amount_to_capture')).toBe('1000');
  });

  it('insufficient funds is a CardError with Stripe’s decline code', async () => {
    const { processor } = fakeStripe({ 'POST /v1/payment_intents': [402, 'error_insufficient_funds'] });
    const error = await processor
      .charge({ amountCents: 1400, description: 'x', cardToken: 'pm_1', idempotencyKey: 'k' })
      .catch((e) => e);
    expect(error).toBeInstanceOf(CardError);
    expect(error).toMatchObject({ code: 'insufficient_funds', message: MESSAGES.cardInsufficientFunds });
  });

  it('refunds part of a payment; a refund above what is left is an AmountError', async () => {
    const { processor, sent } = fakeStripe({
      'POST /v1/refunds': [
        [200, 'refund'],
        [400, 'error_refund_too_large'],
      ],
    });
    expect(
      await processor.refund({ chargeId: 'pi_3QAbCdEfGhIjKlMn1a2b3c', amountCents: 500, idempotencyKey: 'r1' }),
    ).toEqual({
      id: 're_3QAbCdEfGhIjKlMn0re001',
      status: 'succeeded',
      amountCents: 500,
    });
    expect(sent[0]!.body.get('payment_intent')).toBe('pi_3QAbCdEfGhIjKlMn1a2b3c');
    expect(sent[0]!.headers['idempotency-key']).toBe('refund-r1');
    const error = await processor
      .refund({ chargeId: 'pi_3QAbCdEfGhIjKlMn1a2b3c', amountCents: 15000, idempotencyKey: 'r2' })
      .catch((e) => e);
    expect(error).toBeInstanceOf(AmountError);
    expect(error.message).toBe(MESSAGES.refundTooLarge);
  });

  it('names its attempt in the refund metadata, and finds the refund made under a key by it', async () => {
    const { processor, sent } = fakeStripe({
      'POST /v1/refunds': [200, 'refund'],
      'GET /v1/refunds': [200, 'refunds_list'],
    });
    await processor.refund({
      chargeId: 'pi_3QAbCdEfGhIjKlMn1a2b3c',
      amountCents: 500,
      idempotencyKey: 'refund:user-1:r1',
    });
    expect(sent[0]!.body.get('metadata[attempt]')).toBe('refund:user-1:r1');
    expect(await processor.findRefund('pi_3QAbCdEfGhIjKlMn1a2b3c', 'refund:user-1:r1')).toEqual({
      id: 're_3QAbCdEfGhIjKlMn0re003',
      status: 'succeeded',
      amountCents: 500,
    });
    expect(sent[1]!.body.get('payment_intent')).toBe('pi_3QAbCdEfGhIjKlMn1a2b3c');
    // A failed refund moved no money; a key with no refund is none.
    expect(await processor.findRefund('pi_3QAbCdEfGhIjKlMn1a2b3c', 'refund:user-1:failed')).toBeNull();
    expect(await processor.findRefund('pi_3QAbCdEfGhIjKlMn1a2b3c', 'refund:user-1:nothing')).toBeNull();
  });

  it("a refund Stripe holds ('requires_action') is pending, not refunded, until Stripe says it succeeded", async () => {
    const held = 'GET /v1/refunds/re_3QAbCdEfGhIjKlMn0re004';
    const { processor } = fakeStripe({
      'POST /v1/refunds': [200, 'refund_requires_action'],
      [held]: [
        [200, 'refund_requires_action'],
        [200, 'refund'],
      ],
    });
    const made = await processor.refund({
      chargeId: 'pi_3QAbCdEfGhIjKlMn1a2b3c',
      amountCents: 500,
      idempotencyKey: 'r4',
    });
    expect(made.status).toBe('pending');
    expect(await processor.refundStatus('re_3QAbCdEfGhIjKlMn0re004')).toBe('pending');
    expect(await processor.refundStatus('re_3QAbCdEfGhIjKlMn0re004')).toBe('succeeded');
    expect(['failed', 'canceled'].map(refundStatusOf)).toEqual(['failed', 'failed']);
  });

  it("a refund the balance cannot cover is the local processor's BalanceError, not the payout message", async () => {
    const { processor } = fakeStripe({ 'POST /v1/refunds': [400, 'error_balance_insufficient'] });
    const error = await processor
      .refund({ chargeId: 'pi_3QAbCdEfGhIjKlMn1a2b3c', amountCents: 500, idempotencyKey: 'r3' })
      .catch((e) => e);
    expect(error).toBeInstanceOf(BalanceError);
    expect(error.message).toBe(MESSAGES.refundExceedsBalance);
  });

  it('a Stripe outage is ProcessorUnavailableError, never a card message', async () => {
    const { processor } = fakeStripe({ 'POST /v1/payment_intents': [500, 'error_api'] });
    const error = await processor
      .charge({ amountCents: 1400, description: 'x', cardToken: 'pm_1', idempotencyKey: 'k' })
      .catch((e) => e);
    expect(error).toBeInstanceOf(ProcessorUnavailableError);
  }, 20_000);
});

describe('Connect', () => {
  it('creates an express account and maps its states', async () => {
    const { processor, sent } = fakeStripe({
      'POST /v1/accounts': [200, 'account_pending'],
      'GET /v1/accounts/acct_1QAbCdEfGhIjKlMn': [200, 'account_enabled'],
    });
    const created = await processor.createAccount({
      businessId: 'b1',
      email: 'clubowner@demo.test',
      companyName: 'Night Club',
    });
    expect(created).toMatchObject({ id: 'acct_1QAbCdEfGhIjKlMn', status: 'pending', detailsSubmitted: false });
    expect(created.requirements).toContain('external_account');
    expect(sent[0]!.body.get('type')).toBe('express');
    expect(sent[0]!.body.get('capabilities[transfers][requested]')).toBe('true');
    expect(sent[0]!.headers['idempotency-key']).toBe('account-b1');
    expect(await processor.retrieveAccount('acct_1QAbCdEfGhIjKlMn')).toMatchObject({
      status: 'enabled',
      payoutsEnabled: true,
      requirements: [],
    });
  });

  it('links, sessions, bank accounts, balance and payouts on the connected account', async () => {
    const { processor, sent } = fakeStripe({
      'POST /v1/account_links': [200, 'account_link'],
      'POST /v1/account_sessions': [200, 'account_session'],
      'POST /v1/accounts/acct_1QAbCdEfGhIjKlMn/login_links': [200, 'login_link'],
      'GET /v1/accounts/acct_1QAbCdEfGhIjKlMn/external_accounts': [200, 'external_accounts'],
      'GET /v1/balance': [200, 'balance'],
      'POST /v1/payouts': [200, 'payout'],
      'GET /v1/payouts': [200, 'payouts'],
    });
    const id = 'acct_1QAbCdEfGhIjKlMn';
    expect(await processor.accountLink(id, { refreshUrl: 'http://app/r', returnUrl: 'http://app/ok' })).toMatch(
      /^https:\/\/connect\.stripe\.com\//,
    );
    expect(sent[0]!.body.get('type')).toBe('account_onboarding');
    expect(await processor.accountSession(id)).toEqual({ clientSecret: 'accs_secret__Qabc123', expiresAt: 1763702200 });
    expect(await processor.dashboardLink(id)).toMatch(/^https:\/\/connect\.stripe\.com\/express\//);
    expect(await processor.externalAccounts(id)).toEqual([
      { id: 'ba_1QAbCdEfGhIjKlMn', bankName: 'STRIPE TEST BANK', last4: '6789', currency: 'usd', isDefault: true },
    ]);
    expect(await processor.balance(id)).toEqual({ availableCents: 5000, pendingCents: 1234 });
    const balanceCall = sent.find((s) => s.path === '/v1/balance')!;
    expect(balanceCall.headers['stripe-account']).toBe(id);
    const payout = await processor.createPayout(id, 3000, 'p1');
    expect(payout).toMatchObject({ id: 'po_1QAbCdEfGhIjKlMn', amountCents: 3000, status: 'in_transit' });
    expect(payout.arrivalDate).toBe(new Date(1763856000 * 1000).toISOString());
    const payoutCall = sent.find((s) => s.path === '/v1/payouts' && s.method === 'POST')!;
    expect(payoutCall.headers['stripe-account']).toBe(id);
    expect(payoutCall.headers['idempotency-key']).toBe('payout-p1');
    expect(await processor.listPayouts(id, 10)).toHaveLength(1);
  });

  it('a payout above the balance keeps the payout message', async () => {
    const { processor } = fakeStripe({ 'POST /v1/payouts': [400, 'error_balance_insufficient'] });
    const error = await processor.createPayout('acct_1QAbCdEfGhIjKlMn', 900_000, 'p2').catch((e) => e);
    expect(error).toBeInstanceOf(AmountError);
    expect(error.message).toBe(MESSAGES.payoutTooLarge);
  });
});

describe('webhooks', () => {
  it('accepts a correctly signed event and refuses a tampered one', () => {
    const { processor } = fakeStripe({});
    const payload = fixture('event_charge_refunded');
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_test_fixture' });
    const event = processor.verifyWebhook(payload, header);
    expect(event).toMatchObject({ id: 'evt_1QAbCdEfGhIjKlMn', type: 'charge.refunded' });
    expect(() => processor.verifyWebhook(payload.replace('1400', '1401'), header)).toThrow(WebhookSignatureError);
    expect(() => processor.verifyWebhook(payload, undefined)).toThrow(WebhookSignatureError);
    const other = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' });
    expect(() => processor.verifyWebhook(payload, other)).toThrow(WebhookSignatureError);
  });
});

describe('selection', () => {
  it('STRIPE_SECRET_KEY selects Stripe; without it the local processor runs', async () => {
    const { createPaymentProcessor } = await import('../../server/modules/payments/processors');
    const { loadConfig } = await import('../../server/config');
    const db = {} as Db;
    const stripe = await createPaymentProcessor(
      loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }),
      db,
      Date.now,
    );
    expect(stripe.name).toBe('stripe');
    expect(stripe).toBeInstanceOf(StripeProcessor);
    expect((await createPaymentProcessor(loadConfig({}), db, Date.now)).name).toBe('local');
  });
});
