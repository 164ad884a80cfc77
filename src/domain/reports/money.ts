/**
 * The money rule of fleet reports, written once: the details screen, the server's checks, the
 * CSV and the PDF all compute with these functions, so every total agrees to the cent.
 *
 * - Money is integer cents. A price is 0 or more.
 * - A discount is an amount (cents) or a percent (0–100, at most 2 decimals). Percents are kept
 *   as basis points (hundredths of a percent: 12.5 % = 1250) so the arithmetic stays in integers.
 * - Rounding: a percent discount is rounded half-up to the cent, once per line (and once for the
 *   report discount). Nothing else is rounded.
 * - A delivery's discount applies to its price. The report discount applies to the sum of the
 *   discounted lines (after every line's own discount).
 * - A discount larger than what it applies to is refused, never clipped: an amount over the price,
 *   or a report amount over the discounted lines' sum (discountError / totalsError say why).
 */
import { centsTimes, formatUsd } from '../money';

export type DiscountKind = 'amount' | 'percent';
export const DISCOUNT_KINDS = ['amount', 'percent'] as const satisfies readonly DiscountKind[];

/** A discount as stored: `value` is cents for an amount, basis points (1/100 %) for a percent. */
export interface Discount {
  kind: DiscountKind;
  value: number;
}

/** 100 % in basis points. */
export const FULL_PERCENT = 10_000;

/** Cents off `base` for a discount (percent rounded half-up to the cent); 0 without a discount. */
export function discountOff(base: number, discount: Discount | null | undefined): number {
  if (!discount) return 0;
  if (discount.kind === 'amount') return discount.value;
  // The app's one half-up rule (src/domain/money.ts), which invoices' taxes use too.
  return centsTimes(base, discount.value, FULL_PERCENT);
}

/** Percent as typed (12.5) → basis points (1250); null when it is not 0–100 with at most 2 decimals. */
export function percentToBasisPoints(percent: number): number | null {
  if (!Number.isFinite(percent) || percent < 0 || percent > 100) return null;
  const bp = Math.round(percent * 100);
  // 12.345 is refused, not silently rounded: the rule says at most two decimals.
  if (Math.abs(bp - percent * 100) > 1e-6) return null;
  return bp;
}

export const basisPointsToPercent = (bp: number) => bp / 100;

/** Why a discount cannot apply to `base`, as a message code of src/domain/messages.ts, or null. */
export function discountError(
  base: number,
  discount: Discount,
): 'discountAmountInvalid' | 'discountPercentInvalid' | 'discountTooLarge' | null {
  if (!Number.isSafeInteger(discount.value) || discount.value < 0) {
    return discount.kind === 'amount' ? 'discountAmountInvalid' : 'discountPercentInvalid';
  }
  if (discount.kind === 'percent') return discount.value > FULL_PERCENT ? 'discountPercentInvalid' : null;
  return discount.value > base ? 'discountTooLarge' : null;
}

export interface PricedLine {
  priceCents: number;
  discount: Discount | null;
}

export interface LineTotals {
  priceCents: number;
  discountCents: number;
  totalCents: number;
}

export function lineTotals(line: PricedLine): LineTotals {
  const discountCents = discountOff(line.priceCents, line.discount);
  return { priceCents: line.priceCents, discountCents, totalCents: line.priceCents - discountCents };
}

export interface ReportTotals {
  deliveries: number;
  /** Sum of the prices, before any discount. */
  subtotalCents: number;
  /** Sum of the lines' own discounts. */
  lineDiscountCents: number;
  /** The report discount, on the sum of the discounted lines. */
  reportDiscountCents: number;
  /** lineDiscountCents + reportDiscountCents. */
  discountCents: number;
  /** subtotalCents − discountCents. */
  totalCents: number;
  lines: LineTotals[];
}

export function reportTotals(lines: readonly PricedLine[], reportDiscount: Discount | null): ReportTotals {
  const each = lines.map(lineTotals);
  const subtotalCents = each.reduce((sum, l) => sum + l.priceCents, 0);
  const lineDiscountCents = each.reduce((sum, l) => sum + l.discountCents, 0);
  const net = subtotalCents - lineDiscountCents;
  const reportDiscountCents = discountOff(net, reportDiscount);
  const discountCents = lineDiscountCents + reportDiscountCents;
  return {
    deliveries: each.length,
    subtotalCents,
    lineDiscountCents,
    reportDiscountCents,
    discountCents,
    totalCents: subtotalCents - discountCents,
    lines: each,
  };
}

/**
 * Why these lines and report discount do not add up to a valid report (a line's discount over its
 * price, or the report's over the discounted lines' sum), or null. The server checks it after
 * every change, inside the change's transaction, so a refused change leaves nothing written.
 */
export function totalsError(
  lines: readonly PricedLine[],
  reportDiscount: Discount | null,
): 'discountTooLarge' | 'reportDiscountTooLarge' | null {
  for (const line of lines)
    if (line.discount && discountError(line.priceCents, line.discount)) return 'discountTooLarge';
  if (!reportDiscount) return null;
  const net = lines.reduce((sum, l) => sum + l.priceCents - discountOff(l.priceCents, l.discount), 0);
  return discountError(net, reportDiscount) ? 'reportDiscountTooLarge' : null;
}

/** A stored (kind, value) pair as a Discount, or null when there is none. */
export function storedDiscount(kind: string | null | undefined, value: number | null | undefined): Discount | null {
  if ((kind !== 'amount' && kind !== 'percent') || value === null || value === undefined) return null;
  return { kind, value };
}

/** A discount as people read it: "$12.50" or "12.5 %". */
export function formatDiscount(discount: Discount | null): string {
  if (!discount) return '';
  return discount.kind === 'amount' ? formatUsd(discount.value) : `${basisPointsToPercent(discount.value)} %`;
}
