// @vitest-environment node
/**
 * Tax rates with 3 decimals (New York City's 8.875 %) and quotes in quarter hours (2.75 h): the
 * shared rules' messages (the form's and the server's, src/domain/resources/field-rules.ts) and
 * the cents they make (src/domain/money.ts, the invoices' totals, the quotes' pricing).
 */
import { describe, expect, it } from 'vitest';
import { invoiceSettingsErrors, DEFAULT_INVOICE_SETTINGS } from '../../src/domain/invoices/invoices';
import { invoiceTotals } from '../../src/domain/invoices/totals';
import { MESSAGES } from '../../src/domain/messages';
import { centsTimes, formatPercent, percentOfCents } from '../../src/domain/money';
import { hourlyCents, quotePrice } from '../../src/domain/quotes/pricing';
import { validateRecord } from '../../src/domain/resources/field-rules';
import { resourceNamed } from '../../src/resources/registry';

const invoices = resourceNamed('invoices')!;
const quotes = resourceNamed('quotes')!;
const lineTaxError = (taxRate: unknown) => {
  const checked = validateRecord(invoices, 'update', {
    lines: [{ description: 'Boxes', quantity: 1, unitPriceCents: 12345, taxRate }],
  });
  return checked.ok ? null : checked.errors['lines.0.taxRate'];
};
const hoursErrors = (values: Record<string, unknown>) => {
  const checked = validateRecord(quotes, 'update', values);
  return checked.ok ? {} : checked.errors;
};

describe('a tax rate: 0–100 with at most 3 decimals, one message', () => {
  it('takes what US sales taxes are', () => {
    for (const rate of [0, 8.875, 9.125, 7.255, 8.25, 6, 100]) expect(lineTaxError(rate), String(rate)).toBeNull();
  });

  it('refuses a fourth decimal, a negative and over 100 with the same message, on a line and in the settings', () => {
    for (const rate of [8.8751, 7.2555, -1, -0.001, 100.001, 101, 1e-7, '8.875']) {
      expect(lineTaxError(rate), String(rate)).toBe(MESSAGES.percentInvalid);
      expect(invoiceSettingsErrors({ ...DEFAULT_INVOICE_SETTINGS, defaultTaxRate: rate })).toEqual({
        defaultTaxRate: MESSAGES.percentInvalid,
      });
    }
    expect(MESSAGES.percentInvalid).toBe('Enter a percent from 0 to 100, with at most 3 decimals');
    expect(invoiceSettingsErrors({ ...DEFAULT_INVOICE_SETTINGS, defaultTaxRate: 8.875 })).toBeNull();
  });

  it('is shown as typed', () => {
    expect([8.875, 8.5, 0, 100, 7.255].map(formatPercent)).toEqual(['8.875%', '8.5%', '0%', '100%', '7.255%']);
  });
});

describe('the cents a percent makes: half-up to the cent, once (src/domain/money.ts)', () => {
  it('8.875 % of $123.45 is $10.96 (1095.61875 cents)', () => {
    expect(percentOfCents(12_345, 8.875)).toBe(1096);
    const totals = invoiceTotals([{ quantity: 1, unitPriceCents: 12_345, taxRate: 8.875 }], null);
    expect(totals).toMatchObject({ subtotalCents: 12_345, taxCents: 1096, totalCents: 13_441 });
  });

  it('rounds a half cent up and anything under it down', () => {
    expect(percentOfCents(200, 0.25)).toBe(1); // 0.5
    expect(percentOfCents(199, 0.25)).toBe(0); // 0.4975
    expect(percentOfCents(1000, 0.05)).toBe(1); // 0.5
    expect(centsTimes(-5, 1, 10)).toBe(0); // -0.5 → 0: half toward more, as the reports always did
  });

  it('stays exact far beyond a double’s exact products: the largest invoice line at 9.125 %', () => {
    // $1,000,000 × 10,000 units: 10^12 cents; cents × 9125 would be 9.1 × 10^15, past 2^53.
    const cents = 1_000_000_000_000;
    const exact = (BigInt(cents) * 9125n + 50_000n) / 100_000n;
    expect(BigInt(percentOfCents(cents, 9.125))).toBe(exact);
    expect(BigInt(percentOfCents(cents + 7, 7.255))).toBe((BigInt(cents + 7) * 7255n + 50_000n) / 100_000n);
  });

  it('taxes each line on its discounted amount at its own rate', () => {
    const totals = invoiceTotals(
      [
        { quantity: 4, unitPriceCents: 13_500, taxRate: 0 },
        { quantity: 10, unitPriceCents: 399, taxRate: 8.875 },
      ],
      { kind: 'percent', value: 10 },
    );
    // $579.90 − 10 % ($57.99); the boxes' $39.90 less their $3.99 share, at 8.875 %: $3.1870125 → $3.19.
    expect(totals).toMatchObject({ subtotalCents: 57_990, discountCents: 5799, taxCents: 319, totalCents: 52_510 });
  });

  it('rounds the tax once per rate, on the lines of that rate together, not once per line', () => {
    // 100 lines of 1.5 × $3.33 ($5.00 each) at 8.875 %: 8.875 % of $500.00 is $44.375 → $44.38.
    // Rounded line by line ($0.44375 → $0.44) it was $44.00: 38 cents under the rate on the invoice.
    const many = invoiceTotals(
      Array.from({ length: 100 }, () => ({ quantity: 1.5, unitPriceCents: 333, taxRate: 8.875 })),
      null,
    );
    expect(many).toMatchObject({ subtotalCents: 50_000, taxCents: 4438, totalCents: 54_438 });
    // The lines' own taxes share the rate's tax out exactly.
    expect(many.lines.reduce((s, l) => s + l.taxCents, 0)).toBe(4438);
    expect(many.lines.every((l) => l.taxCents === 44 || l.taxCents === 45)).toBe(true);
    // Two rates are two roundings: 3 × $0.10 at 5 % ($0.015) and 3 × $0.10 at 15 % ($0.045).
    const two = invoiceTotals(
      [
        ...Array.from({ length: 3 }, () => ({ quantity: 1, unitPriceCents: 10, taxRate: 5 })),
        ...Array.from({ length: 3 }, () => ({ quantity: 1, unitPriceCents: 10, taxRate: 15 })),
      ],
      null,
    );
    expect(two).toMatchObject({ subtotalCents: 60, taxCents: 2 + 5, totalCents: 67 });
  });
});

describe('quote hours: quarter hours, priced half-up to the cent', () => {
  it('takes quarter hours and refuses anything else with the rule’s message', () => {
    expect(hoursErrors({ estimatedHours: 0.25, minimumHours: 2.75 })).toEqual({});
    expect(hoursErrors({ estimatedHours: 1.5, minimumHours: null })).toEqual({});
    expect(hoursErrors({ estimatedHours: 1.1, minimumHours: 2.755 })).toEqual({
      estimatedHours: MESSAGES.quarterHoursInvalid,
      minimumHours: MESSAGES.quarterHoursInvalid,
    });
    expect(MESSAGES.quarterHoursInvalid).toBe('Enter hours in quarter hours, such as 1.25, 2.5 or 2.75');
    expect(hoursErrors({ estimatedHours: 0, minimumHours: 72.25 })).toEqual({
      estimatedHours: 'Must be at least 0.25',
      minimumHours: 'Must be at most 72',
    });
    expect(hoursErrors({ estimatedHours: -1 })).toEqual({ estimatedHours: 'Must be at least 0.25' });
  });

  it('2.75 h × $95.50 is $262.63 ($262.625 rounded half-up)', () => {
    expect(hourlyCents(9550, 2.75)).toBe(26_263);
    expect(quotePrice({ pricingType: 'hourly', hourlyRateCents: 9550, estimatedHours: 2.75, taxRate: 0 })).toEqual({
      pricingType: 'hourly',
      subtotalCents: 26_263,
      taxRate: 0,
      taxCents: 0,
      totalCents: 26_263,
      billedHours: 2.75,
      hourlyRateCents: 9550,
    });
    // Raised to the minimum: 1.25 h billed as 2.5 h.
    expect(
      quotePrice({ pricingType: 'hourly', hourlyRateCents: 9550, estimatedHours: 1.25, minimumHours: 2.5, taxRate: 0 }),
    ).toEqual(expect.objectContaining({ totalCents: 23_875, billedHours: 2.5 }));
    expect(hourlyCents(9551, 0.25)).toBe(2388); // 2387.75
    expect(hourlyCents(9550, 3)).toBe(28_650);
  });

  it('has no total for hours that are not quarter hours', () => {
    expect(
      quotePrice({ pricingType: 'hourly', hourlyRateCents: 9550, estimatedHours: 1.1, taxRate: 0 }).subtotalCents,
    ).toBeNull();
  });
});
