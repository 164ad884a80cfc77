// @vitest-environment node
/**
 * The fleet reports' money rule (src/domain/reports/money.ts): integer cents, amount or percent
 * discounts, percent rounded half-up to the cent per line, the report discount on the sum of the
 * discounted lines, and a discount larger than what it applies to refused.
 */
import { describe, expect, it } from 'vitest';
import { deliveryFormSchema, deliveryPeriodError } from '../../src/domain/reports/deliveries';
import {
  discountError,
  discountOff,
  formatDiscount,
  percentToBasisPoints,
  reportTotals,
  totalsError,
  type Discount,
} from '../../src/domain/reports/money';

const amount = (value: number): Discount => ({ kind: 'amount', value });
const percent = (p: number): Discount => ({ kind: 'percent', value: percentToBasisPoints(p)! });

describe('discountOff', () => {
  it('takes nothing without a discount, or from a zero price', () => {
    expect(discountOff(1234, null)).toBe(0);
    expect(discountOff(0, percent(50))).toBe(0);
    expect(discountOff(0, amount(0))).toBe(0);
  });
  it('takes an amount as it is, and 100 % takes the whole price', () => {
    expect(discountOff(5000, amount(1250))).toBe(1250);
    expect(discountOff(5000, percent(100))).toBe(5000);
    expect(discountOff(5000, percent(0))).toBe(0);
  });
  it('rounds a percent half-up to the cent', () => {
    // 10 % of $0.05 is 0.5 ¢ → 1 ¢; of $0.04 is 0.4 ¢ → 0 ¢.
    expect(discountOff(5, percent(10))).toBe(1);
    expect(discountOff(4, percent(10))).toBe(0);
    // 12.5 % of $1.01 is 12.625 ¢ → 13 ¢; 33.33 % of $1.00 is 33.33 ¢ → 33 ¢.
    expect(discountOff(101, percent(12.5))).toBe(13);
    expect(discountOff(100, percent(33.33))).toBe(33);
    // 2.5 % of $0.20 is exactly 0.5 ¢ → 1 ¢ (half-up, not to even).
    expect(discountOff(20, percent(2.5))).toBe(1);
  });
});

describe('percentToBasisPoints', () => {
  it('accepts 0–100 with at most two decimals', () => {
    expect(percentToBasisPoints(0)).toBe(0);
    expect(percentToBasisPoints(12.5)).toBe(1250);
    expect(percentToBasisPoints(99.99)).toBe(9999);
    expect(percentToBasisPoints(100)).toBe(10_000);
  });
  it('refuses negatives, over 100 and a third decimal', () => {
    expect(percentToBasisPoints(-1)).toBeNull();
    expect(percentToBasisPoints(100.01)).toBeNull();
    expect(percentToBasisPoints(12.345)).toBeNull();
    expect(percentToBasisPoints(Number.NaN)).toBeNull();
  });
});

describe('discountError', () => {
  it('lets a discount equal to the price through, and refuses one cent more', () => {
    expect(discountError(5000, amount(5000))).toBeNull();
    expect(discountError(5000, amount(5001))).toBe('discountTooLarge');
    expect(discountError(0, amount(1))).toBe('discountTooLarge');
  });
  it('refuses negative or fractional amounts and percents over 100', () => {
    expect(discountError(5000, amount(-1))).toBe('discountAmountInvalid');
    expect(discountError(5000, amount(1.5))).toBe('discountAmountInvalid');
    expect(discountError(5000, { kind: 'percent', value: 10_001 })).toBe('discountPercentInvalid');
    expect(discountError(5000, { kind: 'percent', value: -5 })).toBe('discountPercentInvalid');
  });
});

describe('reportTotals', () => {
  it('is all zero for a report with no deliveries', () => {
    const totals = reportTotals([], percent(10));
    expect(totals).toMatchObject({ deliveries: 0, subtotalCents: 0, discountCents: 0, totalCents: 0 });
  });
  it('applies line discounts first, then the report discount on the discounted sum', () => {
    const totals = reportTotals(
      [
        { priceCents: 10_000, discount: amount(1000) },
        { priceCents: 5_005, discount: percent(10) },
        { priceCents: 2_500, discount: null },
      ],
      percent(5),
    );
    // Lines: 9000 + (5005 − 501) + 2500 = 16 004; 5 % of it is 800.2 → 800.
    expect(totals.lines.map((l) => l.discountCents)).toEqual([1000, 501, 0]);
    expect(totals).toMatchObject({
      deliveries: 3,
      subtotalCents: 17_505,
      lineDiscountCents: 1501,
      reportDiscountCents: 800,
      discountCents: 2301,
      totalCents: 15_204,
    });
    // The rows' own totals plus the report discount give the report's total, to the cent.
    const rows = totals.lines.reduce((sum, l) => sum + l.totalCents, 0);
    expect(rows - totals.reportDiscountCents).toBe(totals.totalCents);
  });
  it('takes a report amount equal to the discounted lines down to zero', () => {
    const totals = reportTotals(
      [
        { priceCents: 1000, discount: percent(100) },
        { priceCents: 700, discount: null },
      ],
      amount(700),
    );
    expect(totals.totalCents).toBe(0);
  });
});

describe('totalsError', () => {
  it('names a line discount over its price, then a report discount over the discounted lines', () => {
    expect(totalsError([{ priceCents: 100, discount: amount(101) }], null)).toBe('discountTooLarge');
    expect(totalsError([{ priceCents: 1000, discount: amount(400) }], amount(601))).toBe('reportDiscountTooLarge');
    expect(totalsError([{ priceCents: 1000, discount: amount(400) }], amount(600))).toBeNull();
    expect(totalsError([], percent(100))).toBeNull();
  });
});

describe('formatDiscount', () => {
  it('shows dollars for an amount and a percent sign for a percent', () => {
    expect(formatDiscount(amount(1250))).toBe('$12.50');
    expect(formatDiscount(percent(12.5))).toBe('12.5 %');
    expect(formatDiscount(null)).toBe('');
  });
});

describe('deliveryFormSchema', () => {
  const period = { from: '2026-11-01', to: '2026-11-30' };
  const delivery = (deliveredOn: string) => ({
    deliveredOn,
    origin: 'Newark, NJ',
    destination: 'Dover, DE',
    distanceMiles: 10,
    weightLb: 100,
    priceCents: 1000,
  });
  it("refuses a date outside the report's period with the server's message, naming the period", () => {
    const result = deliveryFormSchema(period).safeParse(delivery('2026-12-01'));
    expect(result.success).toBe(false);
    expect(result.error?.issues).toMatchObject([
      {
        path: ['deliveredOn'],
        message: 'The delivery date must be within the report period, 11/01/2026 to 11/30/2026',
      },
    ]);
    expect(deliveryPeriodError('2026-10-31', period)).toBe(result.error?.issues[0]?.message);
  });
  it('takes both ends of the period', () => {
    expect(deliveryFormSchema(period).safeParse(delivery('2026-11-01')).success).toBe(true);
    expect(deliveryFormSchema(period).safeParse(delivery('2026-11-30')).success).toBe(true);
  });
});
