// @vitest-environment node
/**
 * An invoice line's quantity with decimals (6.5 hours of labor, 2.25 gallons): the shared rule's
 * one message (the form's and the server's, src/domain/resources/field-rules.ts quantitySchema),
 * the cents it makes (quantity × unit price rounded half-up once, src/domain/money.ts) and how it
 * is shown (as typed).
 */
import { describe, expect, it } from 'vitest';
import { MAX_QUANTITY } from '../../src/domain/invoices/constants';
import { invoiceCheck, invoiceTotals } from '../../src/domain/invoices/totals';
import { MESSAGES, formatMessage } from '../../src/domain/messages';
import { formatQuantity, quantityTimesCents } from '../../src/domain/money';
import { hourlyCents } from '../../src/domain/quotes/pricing';
import { validateRecord } from '../../src/domain/resources/field-rules';
import { resourceNamed } from '../../src/resources/registry';

const invoices = resourceNamed('invoices')!;
const quantityError = (quantity: unknown) => {
  const checked = validateRecord(invoices, 'update', {
    lines: [{ description: 'Labor', quantity, unitPriceCents: 9550, taxRate: 0 }],
  });
  return checked.ok ? null : checked.errors['lines.0.quantity'];
};
const MESSAGE = 'Enter a quantity above 0 and up to 10,000, with at most 2 decimals';

describe('an invoice line’s quantity: above 0, up to 10,000, at most 2 decimals, one message', () => {
  it('takes what people bill: hours of labor, gallons, whole units', () => {
    for (const quantity of [6.5, 2.25, 2.75, 0.01, 1, 20, 9999.99, MAX_QUANTITY]) {
      expect(quantityError(quantity), String(quantity)).toBeNull();
    }
  });

  it('refuses a third decimal, zero, a negative, over the bound and text with the same message', () => {
    for (const quantity of [2.255, 0.001, 1e-7, 0, -1, -0.5, 10_000.01, 10_001, '6.5', Number.NaN]) {
      expect(quantityError(quantity), String(quantity)).toBe(MESSAGE);
    }
    expect(formatMessage('quantityInvalid', { max: '10,000' })).toBe(MESSAGE);
    expect(MESSAGES.quantityInvalid).toBe('Enter a quantity above 0 and up to {{max}}, with at most 2 decimals');
  });

  it('is required on a line', () => {
    expect(quantityError(null)).toBe('This field is required');
  });

  it('is shown as typed: 6.5, never 6.50', () => {
    expect([6.5, 2.25, 2.75, 1, 1250, 0.01].map(formatQuantity)).toEqual(['6.5', '2.25', '2.75', '1', '1,250', '0.01']);
  });
});

describe('a line’s amount: quantity × unit price, rounded half-up to the cent once', () => {
  it('6.5 h × $95.50 is $620.75; 2.25 gal × $3.99 is $8.98 ($8.9775)', () => {
    expect(quantityTimesCents(6.5, 9550)).toBe(62_075);
    expect(quantityTimesCents(2.25, 399)).toBe(898);
    expect(quantityTimesCents(0.01, 49)).toBe(0); // 0.49 cents
    expect(quantityTimesCents(0.01, 50)).toBe(1); // 0.5 cents, half up
    expect(quantityTimesCents(0.07, 100)).toBe(7); // 0.07 × 100 is 7.000000000000001 as doubles
  });

  it('2.75 × $95.50 is the quote’s own rate × quarter hours to the cent ($262.625 → $262.63)', () => {
    expect(quantityTimesCents(2.75, 9550)).toBe(26_263);
    for (const rate of [9550, 9551, 12_345, 1, 99_999]) {
      for (const hours of [0.25, 0.5, 0.75, 1.25, 2.75, 71.75]) {
        expect(quantityTimesCents(hours, rate), `${hours} × ${rate}`).toBe(hourlyCents(rate, hours));
      }
    }
  });

  it('stays exact at the bounds: 10,000 × $1,000,000 is 10^12 cents', () => {
    expect(quantityTimesCents(MAX_QUANTITY, 100_000_000)).toBe(1_000_000_000_000);
    // 9,999.99 × 99,999,999 cents = 999,998,990,000.01 cents → 999,998,990,000.
    expect(BigInt(quantityTimesCents(9999.99, 99_999_999))).toBe((999_999n * 99_999_999n + 50n) / 100n);
  });

  it('adds the rounded amounts, taxes each and checks a discount against them', () => {
    const lines = [
      { quantity: 6.5, unitPriceCents: 9550, taxRate: 0 },
      { quantity: 2.25, unitPriceCents: 399, taxRate: 8.875 },
    ];
    // $620.75 + $8.98; 8.875 % of $8.98 = $0.796975 → $0.80.
    expect(invoiceTotals(lines, null)).toMatchObject({
      subtotalCents: 62_973,
      taxCents: 80,
      totalCents: 63_053,
      lines: [{ amountCents: 62_075 }, { amountCents: 898 }],
    });
    expect(invoiceCheck({ lines, discountAmount: 62_973 })).toEqual({});
    expect(invoiceCheck({ lines, discountAmount: 62_974 })).toEqual({ discountAmount: 'invoiceDiscountTooLarge' });
  });
});
