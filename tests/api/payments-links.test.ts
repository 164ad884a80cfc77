import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';
import { cardPayload } from './helpers/payments';
import { MESSAGES } from '../../src/domain/messages';
import { API, apiPath } from '../../src/domain/api-paths';
import { TEST_CARDS } from '../../server/modules/payments/processors/test-cards';
import { LINK_DECLINES } from '../../server/modules/payments/payment-links-service';

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['user', 'clubowner', 'admin', 'it']) tokens[who] = (await t.login(`${who}@demo.test`)).access;
});
afterAll(() => t.close());

const createLink = (token: string, payload: object) =>
  t.call({ method: 'POST', url: API.checkoutSession, token, payload });
const pay = (token: string, payload: object, headers: Record<string, string> = {}) =>
  t.call({ method: 'POST', url: apiPath(API.publicPaymentLinkPay, { token }), payload, headers });
const transactions = (token: string, query: Record<string, string> = {}) =>
  t.call({ method: 'GET', url: API.transactions, token, query });
const refund = (token: string, id: string, payload: object = {}, headers: Record<string, string> = {}) =>
  t.call({ method: 'POST', url: apiPath(API.refundTransaction, { transactionId: id }), token, payload, headers });

describe('payment link validation', () => {
  it.each([
    [{ description: 'x' }, 'amount', MESSAGES.amountRequired],
    [{ amount: 12.5, description: 'x' }, 'amount', MESSAGES.amountInvalid],
    [{ amount: '1000', description: 'x' }, 'amount', MESSAGES.amountInvalid],
    [{ amount: 49, description: 'x' }, 'amount', MESSAGES.amountMin],
    [{ amount: 100_000_000, description: 'x' }, 'amount', MESSAGES.amountMax],
    [{ amount: 1000 }, 'description', MESSAGES.descriptionRequired],
    [{ amount: 1000, description: '  ' }, 'description', MESSAGES.descriptionRequired],
    [{ amount: 1000, description: 'x'.repeat(501) }, 'description', MESSAGES.descriptionTooLong],
  ])('%j → %s: %s', async (payload, field, message) => {
    const res = await createLink(tokens.clubowner!, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
  });

  it('roles without a merchant business are refused', async () => {
    expect((await createLink(tokens.it!, { amount: 1000, description: 'x' })).statusCode).toBe(403);
  });
});

describe('a payment link paid from a logged-out browser', () => {
  let link: { token: string; url: string; id: string };
  it('is created with a public pay URL', async () => {
    const res = await createLink(tokens.clubowner!, { amount: 2500, description: 'VIP table deposit' });
    expect(res.statusCode).toBe(200);
    link = res.json().result;
    expect(link).toMatchObject({
      amount: 2500,
      amountLabel: '$25.00',
      status: 'active',
      description: 'VIP table deposit',
    });
    expect(link.url).toMatch(/^http:\/\/[^/]+\/pay\/[A-Za-z0-9_-]{24}$/);
  });

  it('its public data needs no sign-in; an unknown token is 404', async () => {
    const res = await t.call({ method: 'GET', url: apiPath(API.publicPaymentLink, { token: link.token }) });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({
      amount: 2500,
      description: 'VIP table deposit',
      status: 'active',
      businessName: expect.any(String),
    });
    const unknown = await t.call({ method: 'GET', url: apiPath(API.publicPaymentLink, { token: 'x'.repeat(24) }) });
    expect(unknown.statusCode).toBe(404);
  });

  // To the payer a mistyped or cut-off link is a link that does not exist: the same 404 and message, never a 400.
  it.each(['short', 'not a link!', 'x'.repeat(65), 'é'.repeat(24)])(
    'a malformed token %j is 404 as an unknown one',
    async (bad) => {
      const data = await t.call({ method: 'GET', url: apiPath(API.publicPaymentLink, { token: bad }) });
      expect(data.statusCode).toBe(404);
      expect(data.json().message).toBe(MESSAGES.notFound);
      const paid = await pay(bad, cardPayload(), { 'Idempotency-Key': `malformed-${bad.length}` });
      expect(paid.statusCode).toBe(404);
      expect(paid.json().message).toBe(MESSAGES.notFound);
    },
  );

  it('validates the card with the same messages', async () => {
    const res = await pay(link.token, cardPayload({ zipCode: '123', cardholderName: '' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      zipCode: MESSAGES.exactlyFiveDigits,
      cardholderName: MESSAGES.cardholderNameRequired,
    });
  });

  it('a declined card answers 402 with the processor text and the link stays payable', async () => {
    const res = await pay(link.token, cardPayload({ number: TEST_CARDS.insufficientFunds }));
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe(MESSAGES.cardInsufficientFunds);
    const data = await t.call({ method: 'GET', url: apiPath(API.publicPaymentLink, { token: link.token }) });
    expect(data.json().result.status).toBe('active');
  });

  it('pays, records the transaction, the owner sees it paid, a second payment is refused', async () => {
    const res = await pay(link.token, cardPayload({ cardholderName: 'Grace Hopper' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: MESSAGES.paymentSucceeded,
      result: { status: 'paid', amount: 2500, cardLast4: '4242' },
    });
    const list = await t.call({
      method: 'GET',
      url: API.paymentLinks,
      token: tokens.clubowner!,
      query: { page: '1', perPage: '10' },
    });
    const mine = list.json().result.find((l: { id: string }) => l.id === link.id);
    expect(mine).toMatchObject({
      status: 'paid',
      payment: { payerName: 'Grace Hopper', cardLast4: '4242', status: 'succeeded' },
    });
    expect(JSON.parse(String(list.headers['paging-data'])).totalCount).toBeGreaterThanOrEqual(1);
    const again = await pay(link.token, cardPayload());
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MESSAGES.paymentLinkPaid);
  });

  it('another business does not see the link or its transactions; admin sees everything', async () => {
    const list = await t.call({ method: 'GET', url: API.paymentLinks, token: tokens.user! });
    expect(list.json().result.map((l: { id: string }) => l.id)).not.toContain(link.id);
    expect((await transactions(tokens.user!)).json().result).toEqual([]);
    const admin = await transactions(tokens.admin!);
    expect(admin.json().result.some((x: { paymentLinkId: string }) => x.paymentLinkId === link.id)).toBe(true);
  });
});

describe('transactions: filters and refunds', () => {
  let paidId: string;
  it('lists with date, status and amount filters', async () => {
    const l2 = (await createLink(tokens.clubowner!, { amount: 9000, description: 'Bottle service' })).json().result;
    expect((await pay(l2.token, cardPayload())).statusCode).toBe(200);
    const all = (await transactions(tokens.clubowner!)).json().result as {
      id: string;
      amount: number;
      status: string;
      paymentLinkId: string;
    }[];
    expect(all.map((x) => x.status).sort()).toEqual(['failed', 'succeeded', 'succeeded']);
    paidId = all.find((x) => x.amount === 9000)!.id;

    const succeeded = (await transactions(tokens.clubowner!, { status: 'succeeded' })).json().result;
    expect(succeeded).toHaveLength(2);
    const big = (await transactions(tokens.clubowner!, { minAmount: '5000' })).json().result;
    expect(big.map((x: { amount: number }) => x.amount)).toEqual([9000]);
    const small = (await transactions(tokens.clubowner!, { maxAmount: '2500', status: 'succeeded' })).json().result;
    expect(small.map((x: { amount: number }) => x.amount)).toEqual([2500]);
    const today = new Date(t.clock.now).toISOString().slice(0, 10);
    const [y, m, d] = today.split('-');
    expect((await transactions(tokens.clubowner!, { from: today, to: today })).json().result).toHaveLength(3);
    expect((await transactions(tokens.clubowner!, { from: `${m}/${d}/${y}` })).json().result).toHaveLength(3);
    expect((await transactions(tokens.clubowner!, { to: '2000-01-01' })).json().result).toHaveLength(0);
    const bad = await transactions(tokens.clubowner!, { from: '2026-02-30', status: 'lost' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['from', 'status']);
  });

  it('refunds partly, then the rest; never above what is left', async () => {
    const tooMuch = await refund(tokens.clubowner!, paidId, { amount: 9001 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().errors.amount).toBe(MESSAGES.refundTooLarge);
    // The dialog's own rule (src/domain/payments/refund-schema.ts): whole cents, at least one.
    for (const [amount, message] of [
      [0, MESSAGES.refundMin],
      [-100, MESSAGES.refundMin],
      [1000.5, MESSAGES.amountInvalid],
      [null, MESSAGES.amountRequired],
    ] as const) {
      const refused = await refund(tokens.clubowner!, paidId, { amount });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors.amount).toBe(message);
    }

    const part = await refund(tokens.clubowner!, paidId, { amount: 4000, reason: 'Late arrival' });
    expect(part.statusCode).toBe(200);
    expect(part.json().result.transaction).toMatchObject({
      status: 'partially_refunded',
      refundedAmount: 4000,
      refundable: 5000,
    });

    const over = await refund(tokens.clubowner!, paidId, { amount: 5001 });
    expect(over.statusCode).toBe(400);
    const rest = await refund(tokens.clubowner!, paidId);
    expect(rest.statusCode).toBe(200);
    expect(rest.json().result.refund.amount).toBe(5000);
    expect(rest.json().result.transaction).toMatchObject({ status: 'refunded', refundedAmount: 9000, refundable: 0 });
    expect(rest.json().result.transaction.refunds).toHaveLength(2);

    const none = await refund(tokens.clubowner!, paidId, { amount: 1 });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(MESSAGES.refundNotAllowed);
    const status = (await transactions(tokens.clubowner!, { status: 'refunded' })).json().result;
    expect(status.map((x: { id: string }) => x.id)).toEqual([paidId]);
  });

  it('a failed payment cannot be refunded; another business gets 404', async () => {
    const failed = (await transactions(tokens.clubowner!, { status: 'failed' })).json().result[0];
    expect((await refund(tokens.clubowner!, failed.id)).statusCode).toBe(409);
    const ok = (await transactions(tokens.clubowner!, { status: 'succeeded' })).json().result[0];
    expect((await refund(tokens.user!, ok.id, { amount: 100 })).statusCode).toBe(404);
    expect((await refund(tokens.user!, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const malformed = await refund(tokens.clubowner!, 'not-an-id');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors).toEqual({ transactionId: 'This id is not valid' });
  });

  it('concurrent refunds (different keys) never exceed the captured amount', async () => {
    const l = (await createLink(tokens.clubowner!, { amount: 1000, description: 'Race' })).json().result;
    const txnId = (await pay(l.token, cardPayload())).json().result.transactionId;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => refund(tokens.clubowner!, txnId, { amount: 400 })),
    );
    const ok = answers.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(2);
    expect(answers.filter((r) => r.statusCode === 400)).toHaveLength(4);
    const row = (await transactions(tokens.clubowner!, { maxAmount: '1000', minAmount: '1000' })).json().result[0];
    expect(row).toMatchObject({ refundedAmount: 800, refundable: 200 });
  });
});

describe('a payment link sent card after card', () => {
  it(`takes ${LINK_DECLINES.max} declined cards in an hour, then refuses more (429) without charging, and takes a card again after the hour`, async () => {
    const l = (await createLink(tokens.clubowner!, { amount: 1500, description: 'Card testing' })).json().result;
    // From addresses of their own: the per-IP limit of the route is not what is tested here.
    const payFrom = (i: number, number: string) =>
      t.call({
        method: 'POST',
        url: apiPath(API.publicPaymentLinkPay, { token: l.token }),
        payload: cardPayload({ number }),
        remoteAddress: `198.51.100.${100 + i}`,
      });
    for (let i = 0; i < LINK_DECLINES.max; i++) expect((await payFrom(i, TEST_CARDS.declined)).statusCode).toBe(402);
    const refused = await payFrom(LINK_DECLINES.max, TEST_CARDS.success);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(MESSAGES.paymentLinkTooManyDeclines);
    expect(Number(refused.headers['retry-after'])).toBe(LINK_DECLINES.ms / 1000);
    const page = await t.call({ method: 'GET', url: apiPath(API.publicPaymentLink, { token: l.token }) });
    expect(page.json().result.status).toBe('active');
    const tried = (await transactions(tokens.clubowner!, { maxAmount: '1500', minAmount: '1500' })).json().result;
    expect(tried.map((x: { status: string }) => x.status)).toEqual(Array(LINK_DECLINES.max).fill('failed'));

    t.clock.advance(LINK_DECLINES.ms + 1000);
    const paid = await payFrom(99, TEST_CARDS.success);
    expect(paid.statusCode, paid.body).toBe(200);
  });
});
