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
 *   rule (src/domain/money.ts centsTimes): $95.50 × 2.75 h = $262.625 → $262.63. Nothing else is
 *   rounded.
 */
import { centsTimes } from '../money';
import type { PricingType } from './quotes';

/** A quote as stored or as a form would send it: reads pricingType, priceCents, hourlyRateCents, estimatedHours, minimumHours. */
export type QuotePriceInput = Readonly<Record<string, unknown>>;

export interface QuotePrice {
  pricingType: PricingType;
  /** The quote's total (the cap for not-to-exceed); null while the money it needs is missing. */
  totalCents: number | null;
  /** Hourly only: the hours billed (estimated, raised to the minimum) and the rate. */
  billedHours: number | null;
  hourlyRateCents: number | null;
}

const whole = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : null);
/** Quarter hours (× 4 is exact for a double), or null. */
const quarters = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v * 4) && v >= 0 ? v : null);

/** Rate × hours in cents, by the rule above. */
export const hourlyCents = (rateCents: number, hours: number): number => centsTimes(rateCents, hours * 4, 4);

/** Billed hours of an hourly quote: the estimate, never below the minimum. */
export function billedHours(estimatedHours: number, minimumHours: number | null | undefined): number {
  return Math.max(estimatedHours, minimumHours ?? 0);
}

export function quotePrice(quote: QuotePriceInput): QuotePrice {
  const pricingType = (quote.pricingType ?? 'binding') as PricingType;
  if (pricingType !== 'hourly') {
    return { pricingType, totalCents: whole(quote.priceCents), billedHours: null, hourlyRateCents: null };
  }
  const rate = whole(quote.hourlyRateCents);
  const hours = quarters(quote.estimatedHours);
  const billed = hours === null ? null : billedHours(hours, quarters(quote.minimumHours));
  return {
    pricingType,
    totalCents: rate === null || billed === null ? null : hourlyCents(rate, billed),
    billedHours: billed,
    hourlyRateCents: rate,
  };
}

/** What the quote form's total is called: the words a customer would use for each pricing type. */
export const TOTAL_NAME = {
  binding: 'fixedPrice',
  non_binding: 'estimatedTotal',
  not_to_exceed: 'maximumPrice',
  hourly: 'estimatedTotal',
} as const satisfies Record<PricingType, string>;

/**
 * The money fields a pricing type does not use, which the quote form hides (and saves empty): a
 * one-total quote has no rate or minimum hours; an hourly one has no total of its own (it is rate × hours).
 */
export function unusedMoneyFields(pricingType: PricingType): readonly string[] {
  return pricingType === 'hourly' ? ['priceCents'] : ['hourlyRateCents', 'minimumHours'];
}
