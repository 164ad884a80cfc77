// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { subscriptionCounts } from '../../src/domain/payments/order-terms';

const NOW = Date.UTC(2026, 10, 24, 12);
const HOUR = 3_600_000;

describe('subscriptionCounts', () => {
  it('an active subscription counts', () => {
    expect(subscriptionCounts({ subscriptionActive: true, trialEndsAt: null, waitingSubscription: false }, NOW)).toBe(
      true,
    );
  });
  it('a plan waiting for a trial that is still running does not count yet (the trial lets the user in)', () => {
    expect(
      subscriptionCounts({ subscriptionActive: false, trialEndsAt: NOW + HOUR, waitingSubscription: true }, NOW),
    ).toBe(false);
  });
  it('a plan waiting for a trial that has ended counts until the first charge settles it', () => {
    expect(
      subscriptionCounts({ subscriptionActive: false, trialEndsAt: NOW - HOUR, waitingSubscription: true }, NOW),
    ).toBe(true);
  });
  it('an ended trial with nothing bought, or a subscription ended for non-payment, does not count', () => {
    expect(
      subscriptionCounts({ subscriptionActive: false, trialEndsAt: NOW - HOUR, waitingSubscription: false }, NOW),
    ).toBe(false);
    expect(subscriptionCounts({ subscriptionActive: false, trialEndsAt: null, waitingSubscription: false }, NOW)).toBe(
      false,
    );
  });
});
