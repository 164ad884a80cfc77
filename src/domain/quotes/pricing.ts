/**
 * The quote's money rule, written once: the form's summary, the server's computed total, the
 * public page, the PDF and the invoice an accepted quote becomes all call quotePrice.
 *
 * - Money is integer cents.
 * - Binding, non-binding and not-to-exceed quotes are priced as one total (`priceCents`); for
 *   not-to-exceed it is the cap the customer will not pay more than.
 * - Hourly: rate per hour × billed hours, where billed hours = the estimated hours, but never
 *   fewer than the quote's minimum hours (when it sets one). Hours are quarter hours (2.75), so
 *   the product can fall between cents: it is rounded half-up to the cent, once, by the app's one
 *   rule (src/domain/money.ts centsTimes): $95.50 × 2.75 h = $262.625 → $262.63.
 * - Tax: the quote's rate (a percent, 0–100 with up to 3 decimals, as an invoice line's) of that
 *   subtotal, rounded half-up to the cent once by the same rule (money.ts percentOfCents), exactly
 *   as the invoice an accepted quote becomes taxes its one line: $1,234.56 at 8.875 % = $109.57.
 *   Total = subtotal + tax; for not-to-exceed that total is the cap, tax included; for hourly it is
 *   an estimate (the tax of the estimated hours). Nothing else is rounded.
 */
import { centsTimes, percentOfCents } from '../money';
import { percentSchema } from '../resources/field-rules';
import type { PricingType } from './quotes';

/** A quote as stored or as a form would send it: reads pricingType, priceCents, hourlyRateCents, estimatedHours, minimumHours, taxRate. */
export type QuotePriceInput = Readonly<Record<string, unknown>>;

export interface QuotePrice {
  pricingType: PricingType;
  /** Before tax: the price, or rate × billed hours; null while the money it needs is missing. */
  subtotalCents: number | null;
  /** The quote's tax rate (8.875); null while it is not a percent with at most 3 decimals. */
  taxRate: number | null;
  /** The tax on the subtotal at that rate; null while either is missing. */
  taxCents: number | null;
  /** Subtotal + tax: the quote's total (the cap for not-to-exceed, tax included); null while a part is missing. */
  totalCents: number | null;
  /** Hourly only: the hours billed (estimated, raised to the minimum) and the rate. */
  billedHours: number | null;
  hourlyRateCents: number | null;
}

const whole = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : null);
/** Quarter hours (× 4 is exact for a double), or null. */
const quarters = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v * 4) && v >= 0 ? v : null);
/** A percent 0–100 with at most 3 decimals (the invoice line's rule, percentSchema), or null. */
const percent = (v: unknown): number | null => {
  const read = percentSchema.safeParse(v);
  return read.success ? read.data : null;
};

/** The tax on a quote's subtotal at its rate: the app's one half-up rule, once (money.ts percentOfCents). */
export const quoteTaxCents = (subtotalCents: number, taxRate: number): number => percentOfCents(subtotalCents, taxRate);

/** The subtotal, tax and total of a subtotal at a rate (null parts while one is missing). */
function taxed(subtotalCents: number | null, taxRate: number | null) {
  const taxCents = subtotalCents === null || taxRate === null ? null : quoteTaxCents(subtotalCents, taxRate);
  return { subtotalCents, taxRate, taxCents, totalCents: taxCents === null ? null : subtotalCents! + taxCents };
}

/** Rate × hours in cents, by the rule above. */
export const hourlyCents = (rateCents: number, hours: number): number => centsTimes(rateCents, hours * 4, 4);

/** Billed hours of an hourly quote: the estimate, never below the minimum. */
export function billedHours(estimatedHours: number, minimumHours: number | null | undefined): number {
  return Math.max(estimatedHours, minimumHours ?? 0);
}

export function quotePrice(quote: QuotePriceInput): QuotePrice {
  const pricingType = (quote.pricingType ?? 'binding') as PricingType;
  const taxRate = percent(quote.taxRate);
  if (pricingType !== 'hourly') {
    return { pricingType, ...taxed(whole(quote.priceCents), taxRate), billedHours: null, hourlyRateCents: null };
  }
  const rate = whole(quote.hourlyRateCents);
  const hours = quarters(quote.estimatedHours);
  const billed = hours === null ? null : billedHours(hours, quarters(quote.minimumHours));
  return {
    pricingType,
    ...taxed(rate === null || billed === null ? null : hourlyCents(rate, billed), taxRate),
    billedHours: billed,
    hourlyRateCents: rate,
  };
}

/** What the quote form's price field is called: the words a customer would use, before tax. */
export const PRICE_NAME = {
  binding: 'fixedPrice',
  non_binding: 'estimatedPrice',
  not_to_exceed: 'maximumPrice',
  hourly: 'estimatedPrice',
} as const satisfies Record<PricingType, string>;

/** What the quote's total (tax included) is called: a cap for not-to-exceed, an estimate for non-binding and hourly. */
export const TOTAL_NAME = {
  binding: 'fixedTotal',
  non_binding: 'estimatedTotal',
  not_to_exceed: 'maximumTotal',
  hourly: 'estimatedTotal',
} as const satisfies Record<PricingType, string>;

/**
 * The money fields a pricing type does not use, which the quote form hides (and saves empty): a
 * one-total quote has no rate or minimum hours; an hourly one has no total of its own (it is rate × hours).
 */
export function unusedMoneyFields(pricingType: PricingType): readonly string[] {
  return pricingType === 'hourly' ? ['priceCents'] : ['hourlyRateCents', 'minimumHours'];
}
