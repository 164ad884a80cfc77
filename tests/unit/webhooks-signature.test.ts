// @vitest-environment node
/** The delivery signature (server/modules/webhooks/signature.ts), as a receiver would check it. */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newWebhookSecret, signDelivery, verifyDelivery } from '../../server/modules/webhooks/signature';
import { retryDelay, RETRY_DELAYS_MS } from '../../server/modules/webhooks/delivery-service';

describe('webhook signature', () => {
  it('is v1= hex HMAC-SHA256 of "<timestamp>.<body>" keyed with the whole secret', () => {
    const body = '{"id":"d1","type":"ticket.redeemed"}';
    const expected = createHmac('sha256', 'whsec_abc').update(`1700000000.${body}`).digest('hex');
    expect(signDelivery('whsec_abc', 1700000000, body)).toBe(`v1=${expected}`);
  });
  it('verifies only the same secret, timestamp and body', () => {
    const sig = signDelivery('whsec_abc', 1700000000, '{}');
    expect(verifyDelivery('whsec_abc', '1700000000', '{}', sig)).toBe(true);
    expect(verifyDelivery('whsec_abd', '1700000000', '{}', sig)).toBe(false);
    expect(verifyDelivery('whsec_abc', '1700000001', '{}', sig)).toBe(false);
    expect(verifyDelivery('whsec_abc', '1700000000', '{ }', sig)).toBe(false);
    expect(verifyDelivery('whsec_abc', '1700000000', '{}', 'v1=00')).toBe(false);
  });
  it('secrets are random and prefixed', () => {
    const a = newWebhookSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(newWebhookSecret()).not.toBe(a);
  });
});

describe('back-off', () => {
  it('waits 1 min, 5 min, 30 min, 2 h, 6 h (±10%), then gives up', () => {
    expect(RETRY_DELAYS_MS).toEqual([60_000, 300_000, 1_800_000, 7_200_000, 21_600_000]);
    RETRY_DELAYS_MS.forEach((base, i) => {
      expect(retryDelay(i + 1, 0)).toBe(Math.round(base * 0.9));
      expect(retryDelay(i + 1, 1)).toBe(Math.round(base * 1.1));
      expect(retryDelay(i + 1, 0.5)).toBe(base);
    });
    expect(retryDelay(6, 0.5)).toBeNull();
  });
});
