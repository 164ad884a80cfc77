/** The local processor on its own: tokenising, authorise then capture, refund bounds, webhook signing. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { createTestApp, type TestApp } from './helpers/app';
import { LocalProcessor } from '../../server/modules/payments/processors/local';
import { AmountError, CardError, WebhookSignatureError } from '../../server/modules/payments/processors/types';
import { TEST_CARDS } from '../../server/modules/payments/processors/test-cards';
import { MESSAGES } from '../../src/domain/messages';

let t: TestApp;
let p: LocalProcessor;
beforeAll(async () => {
  t = await createTestApp();
  p = new LocalProcessor({ db: t.app.ctx.database.db, now: () => t.clock.now, webhookSecret: 'whsec_unit' });
});
afterAll(() => t.close());

const year = new Date().getUTCFullYear() + 2;
const card = (number: string, cvc = '123') => ({
  number,
  expMonth: 6,
  expYear: year,
  cvc,
  name: 'Ada Lovelace',
  address: { line1: '1 Main St', city: 'Austin', state: 'TX', postalCode: '78701', country: 'US' },
});

describe('local processor', () => {
  it('tokenises with brand, last 4 and expiry only', async () => {
    const tok = await p.tokenizeCard(card(TEST_CARDS.mastercard), {});
    expect(tok).toMatchObject({ brand: 'mastercard', last4: '4444', expMonth: 6, expYear: year });
    expect(tok.token).toMatch(/^pm_local_/);
    await expect(p.tokenizeCard(card('4242424242424241'), {})).rejects.toMatchObject({ code: 'incorrect_number' });
    await expect(p.tokenizeCard({ ...card(TEST_CARDS.success), expYear: 2020 }, {})).rejects.toBeInstanceOf(CardError);
    await expect(p.tokenizeCard(card(TEST_CARDS.processingError), {})).rejects.toMatchObject({
      message: MESSAGES.cardProcessingError,
    });
  });

  it('authorises, then captures part; refunds never exceed the capture', async () => {
    const { token } = await p.tokenizeCard(card(TEST_CARDS.success), {});
    const auth = await p.charge({
      amountCents: 2000,
      description: 'Hold',
      cardToken: token,
      capture: false,
      idempotencyKey: 'a',
    });
    expect(auth).toMatchObject({ status: 'authorized', capturedCents: 0 });
    await expect(p.refund({ chargeId: auth.id, amountCents: 1 })).rejects.toBeInstanceOf(AmountError);
    await expect(p.capture(auth.id, 2001)).rejects.toBeInstanceOf(AmountError);
    const captured = await p.capture(auth.id, 1500);
    expect(captured).toMatchObject({ status: 'captured', capturedCents: 1500 });
    expect(await p.refund({ chargeId: auth.id, amountCents: 1000 })).toMatchObject({
      status: 'succeeded',
      amountCents: 1000,
    });
    await expect(p.refund({ chargeId: auth.id, amountCents: 501 })).rejects.toThrow(MESSAGES.refundTooLarge);
    const racing = await Promise.allSettled(
      Array.from({ length: 5 }, () => p.refund({ chargeId: auth.id, amountCents: 200 })),
    );
    expect(racing.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
  });

  it('a card that saved fine can still be declined when charged; a removed card cannot be charged', async () => {
    const { token } = await p.tokenizeCard(card(TEST_CARDS.declineOnCharge), {});
    await expect(
      p.charge({ amountCents: 500, description: 'x', cardToken: token, idempotencyKey: 'b' }),
    ).rejects.toMatchObject({
      code: 'card_declined',
    });
    const ok = await p.tokenizeCard(card(TEST_CARDS.amex, '1234'), {});
    await p.removeCard(ok.token);
    await expect(
      p.charge({ amountCents: 500, description: 'x', cardToken: ok.token, idempotencyKey: 'c' }),
    ).rejects.toBeInstanceOf(CardError);
  });

  it('verifies webhook signatures like Stripe (t=…,v1=HMAC)', () => {
    const body = JSON.stringify({ id: 'evt_local', type: 'account.updated', data: { object: {} } });
    const ts = Math.floor(t.clock.now / 1000);
    const sig = `t=${ts},v1=${createHmac('sha256', 'whsec_unit').update(`${ts}.${body}`).digest('hex')}`;
    expect(p.verifyWebhook(body, sig)).toMatchObject({ id: 'evt_local', type: 'account.updated' });
    expect(() => p.verifyWebhook(body.replace('local', 'other'), sig)).toThrow(WebhookSignatureError);
  });
});
