// @vitest-environment node
/** The quote's money rule (src/domain/quotes/pricing.ts) and its rules across fields (quotes.ts). */
import { describe, expect, it } from 'vitest';
import { invoiceTotals } from '../../src/domain/invoices/totals';
import { billedHours, quotePrice } from '../../src/domain/quotes/pricing';
import { isQuoteExpired, quoteCheck } from '../../src/domain/quotes/quotes';

describe('quotePrice', () => {
  it('prices binding, non-binding and not-to-exceed quotes as their total (the cap for not-to-exceed)', () => {
    for (const pricingType of ['binding', 'non_binding', 'not_to_exceed']) {
      expect(
        quotePrice({ pricingType, priceCents: 184_000, hourlyRateCents: 9_999, estimatedHours: 3, taxRate: 0 }),
      ).toEqual({
        pricingType,
        subtotalCents: 184_000,
        taxRate: 0,
        taxCents: 0,
        totalCents: 184_000,
        billedHours: null,
        hourlyRateCents: null,
      });
    }
  });

  it('prices hourly as rate × hours, never below the minimum hours, exactly in cents', () => {
    expect(
      quotePrice({ pricingType: 'hourly', hourlyRateCents: 15_550, estimatedHours: 2, minimumHours: 3, taxRate: 0 }),
    ).toEqual({
      pricingType: 'hourly',
      subtotalCents: 46_650,
      taxRate: 0,
      taxCents: 0,
      totalCents: 46_650,
      billedHours: 3,
      hourlyRateCents: 15_550,
    });
    expect(
      quotePrice({ pricingType: 'hourly', hourlyRateCents: 15_550, estimatedHours: 5, minimumHours: 3, taxRate: 0 })
        .totalCents,
    ).toBe(77_750);
    expect(quotePrice({ pricingType: 'hourly', hourlyRateCents: 100, estimatedHours: 4, taxRate: 0 }).totalCents).toBe(
      400,
    );
    expect(billedHours(1, null)).toBe(1);
  });

  it('adds the tax at the quote’s rate, rounded half-up to the cent once: $1,234.56 at 8.875 % is $109.57, $1,344.13', () => {
    // 1,234.56 × 8.875 % = 109.5672 → 109.57.
    expect(quotePrice({ pricingType: 'binding', priceCents: 123_456, taxRate: 8.875 })).toMatchObject({
      subtotalCents: 123_456,
      taxRate: 8.875,
      taxCents: 10_957,
      totalCents: 134_413,
    });
    // Exactly half a cent goes up: $10.00 at 0.125 % = 1.25 cents → 1; $2.00 at 0.25 % = 0.5 → 1.
    expect(quotePrice({ pricingType: 'binding', priceCents: 200, taxRate: 0.25 }).taxCents).toBe(1);
    expect(quotePrice({ pricingType: 'binding', priceCents: 1_000, taxRate: 0.125 }).taxCents).toBe(1);
    expect(quotePrice({ pricingType: 'binding', priceCents: 123_456, taxRate: 0 }).totalCents).toBe(123_456);
    expect(quotePrice({ pricingType: 'binding', priceCents: 123_456, taxRate: 100 }).totalCents).toBe(246_912);
  });

  it('taxes a not-to-exceed cap: the cap the customer sees includes the tax', () => {
    expect(quotePrice({ pricingType: 'not_to_exceed', priceCents: 90_000, taxRate: 8.25 })).toMatchObject({
      subtotalCents: 90_000,
      taxCents: 7_425,
      totalCents: 97_425,
    });
  });

  it('taxes an hourly estimate on rate × billed hours, each rounded once: 2.75 h × $95.50 at 8.25 %', () => {
    // 2.75 × 95.50 = 262.625 → $262.63; 8.25 % of 262.63 = 21.666975 → $21.67; $284.30.
    expect(
      quotePrice({
        pricingType: 'hourly',
        hourlyRateCents: 9_550,
        estimatedHours: 2.75,
        minimumHours: 1.5,
        taxRate: 8.25,
      }),
    ).toMatchObject({ billedHours: 2.75, subtotalCents: 26_263, taxCents: 2_167, totalCents: 28_430 });
    // Raised to the minimum first, then taxed: 3 h × $95.50 = $286.50, 8.25 % = 23.63625 → $23.64.
    expect(
      quotePrice({ pricingType: 'hourly', hourlyRateCents: 9_550, estimatedHours: 2, minimumHours: 3, taxRate: 8.25 }),
    ).toMatchObject({ subtotalCents: 28_650, taxCents: 2_364, totalCents: 31_014 });
  });

  it('is the total the invoice it becomes adds up to, to the cent (one line at the quote’s rate)', () => {
    const cases = [
      { pricingType: 'binding', priceCents: 123_456, taxRate: 8.875 },
      { pricingType: 'not_to_exceed', priceCents: 99_999, taxRate: 7.125 },
      { pricingType: 'hourly', hourlyRateCents: 9_550, estimatedHours: 2.75, taxRate: 8.25 },
      { pricingType: 'hourly', hourlyRateCents: 12_345, estimatedHours: 7.25, minimumHours: 8, taxRate: 9.999 },
    ];
    for (const quote of cases) {
      const price = quotePrice(quote);
      const line =
        price.pricingType === 'hourly'
          ? { quantity: price.billedHours!, unitPriceCents: price.hourlyRateCents!, taxRate: price.taxRate }
          : { quantity: 1, unitPriceCents: price.subtotalCents!, taxRate: price.taxRate };
      expect(invoiceTotals([line], null)).toMatchObject({
        subtotalCents: price.subtotalCents,
        taxCents: price.taxCents,
        totalCents: price.totalCents,
      });
    }
  });

  it('has no tax or total while the rate is not a percent with at most 3 decimals', () => {
    for (const taxRate of [undefined, null, -1, 100.001, 8.8751, '8.875', Number.NaN]) {
      const price = quotePrice({ pricingType: 'binding', priceCents: 10_000, taxRate });
      expect(price, String(taxRate)).toMatchObject({ subtotalCents: 10_000, taxCents: null, totalCents: null });
    }
  });

  it('has no total while the money it needs is missing or not whole cents', () => {
    for (const quote of [
      { pricingType: 'binding' },
      { pricingType: 'binding', priceCents: 10.5 },
      { pricingType: 'hourly', estimatedHours: 3 },
      { pricingType: 'hourly', hourlyRateCents: 100 },
    ]) {
      expect(quotePrice({ ...quote, taxRate: 8.875 }), JSON.stringify(quote)).toMatchObject({
        subtotalCents: null,
        taxCents: null,
        totalCents: null,
      });
    }
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
