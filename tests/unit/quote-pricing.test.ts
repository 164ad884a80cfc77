/** The quote's money rule (src/domain/quotes/pricing.ts) and its rules across fields (quotes.ts). */
import { describe, expect, it } from 'vitest';
import { billedHours, quotePrice } from '../../src/domain/quotes/pricing';
import { isQuoteExpired, quoteCheck } from '../../src/domain/quotes/quotes';

describe('quotePrice', () => {
  it('prices binding, non-binding and not-to-exceed quotes as their total (the cap for not-to-exceed)', () => {
    for (const pricingType of ['binding', 'non_binding', 'not_to_exceed']) {
      expect(quotePrice({ pricingType, priceCents: 184_000, hourlyRateCents: 9_999, estimatedHours: 3 })).toEqual({
        pricingType,
        totalCents: 184_000,
        billedHours: null,
        hourlyRateCents: null,
      });
    }
  });

  it('prices hourly as rate × hours, never below the minimum hours, exactly in cents', () => {
    expect(quotePrice({ pricingType: 'hourly', hourlyRateCents: 15_550, estimatedHours: 2, minimumHours: 3 })).toEqual({
      pricingType: 'hourly',
      totalCents: 46_650,
      billedHours: 3,
      hourlyRateCents: 15_550,
    });
    expect(
      quotePrice({ pricingType: 'hourly', hourlyRateCents: 15_550, estimatedHours: 5, minimumHours: 3 }).totalCents,
    ).toBe(77_750);
    expect(quotePrice({ pricingType: 'hourly', hourlyRateCents: 100, estimatedHours: 4 }).totalCents).toBe(400);
    expect(billedHours(1, null)).toBe(1);
  });

  it('has no total while the money it needs is missing or not whole cents', () => {
    expect(quotePrice({ pricingType: 'binding' }).totalCents).toBeNull();
    expect(quotePrice({ pricingType: 'binding', priceCents: 10.5 }).totalCents).toBeNull();
    expect(quotePrice({ pricingType: 'hourly', estimatedHours: 3 }).totalCents).toBeNull();
    expect(quotePrice({ pricingType: 'hourly', hourlyRateCents: 100 }).totalCents).toBeNull();
  });
});

describe('quote rules across fields', () => {
  const today = '2026-11-26';
  it('refuses a move date in the past and a valid-until before today, only when today is known', () => {
    expect(quoteCheck({ moveDate: '2026-11-25', validUntil: '2026-11-25' }, { today })).toEqual({
      moveDate: 'quoteMoveDateInPast',
      validUntil: 'quoteValidUntilPast',
    });
    expect(quoteCheck({ moveDate: today, validUntil: today }, { today })).toEqual({});
    expect(quoteCheck({ moveDate: '2020-01-01', validUntil: '2020-01-01' }, {})).toEqual({});
  });

  it('derives expired for a draft or sent quote past its valid-until, never for an answered one', () => {
    expect(isQuoteExpired({ status: 'sent', validUntil: '2026-11-25' }, today)).toBe(true);
    expect(isQuoteExpired({ status: 'draft', validUntil: '2026-11-25' }, today)).toBe(true);
    expect(isQuoteExpired({ status: 'sent', validUntil: today }, today)).toBe(false);
    expect(isQuoteExpired({ status: 'accepted', validUntil: '2026-11-01' }, today)).toBe(false);
  });
});
