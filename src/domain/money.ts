/**
 * Money is integer cents of USD everywhere (database, API, processor); text is en-US
 * (product brief section 9). Floating-point dollars appear only in what a person types or reads.
 */
import { CURRENCY, LOCALE } from './constants';

const usd = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: CURRENCY });

/** 1400 → '$14.00'; -250 → '-$2.50'. */
export function formatUsd(cents: number): string {
  return usd.format(cents / 100);
}

/**
 * Money taken off (a discount), as people read it: 250 → '−$2.50' with a real minus sign, and
 * 0 → '$0.00', never '−$0.00'. A PDF's standard fonts are Latin-1, so it passes '-' as `minus`.
 */
export function formatUsdOff(cents: number, minus = '\u2212'): string {
  return cents === 0 ? formatUsd(0) : `${minus}${formatUsd(cents)}`;
}

/** 1400 → '14.00' (an input's value, no symbol, no grouping). */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * What a person typed ('14', '14.5', '$1,234.56') → integer cents, or null when it is not an
 * amount with at most two decimals. Parsed as text, so 0.1 + 0.2 never happens.
 */
export function parseUsdToCents(value: string | number): number | null {
  const trimmed = String(value).trim().replace(/^\$/, '');
  // Commas only as thousands ('1,234.56'): '1,5' is not read as 15 (nor as 1.5), it is refused.
  const text = /^\d{1,3}(,\d{3})+(\.\d*)?$/.test(trimmed) ? trimmed.replace(/,/g, '') : trimmed;
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) return null;
  const cents = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

/**
 * cents × numerator ÷ denominator, rounded half-up to the cent: the app's one rounding rule for
 * money that is a share of money (a percent discount, a tax, an hourly rate × quarter hours, a
 * unit price × a quantity with decimals: 6.5 h × $95.50). Each such amount is rounded here once.
 * Integers all the way and exact for any amount a double holds exactly: cents is split as
 * q·denominator + r, so no product exceeds numerator × denominator (≤ 10^10 here).
 */
export function centsTimes(cents: number, numerator: number, denominator: number): number {
  const q = Math.floor(cents / denominator);
  const r = cents - q * denominator;
  return q * numerator + Math.floor((r * numerator + denominator / 2) / denominator);
}

/** 100 % in thousandths of a percent: a percent has at most 3 decimals (8.875 % = 8,875). */
export const FULL_PERCENT_THOUSANDTHS = 100_000;

/**
 * A percent (0–100, at most 3 decimals: 8.875) of an amount, rounded half-up to the cent. The
 * percent is taken in thousandths, an integer (Math.round only removes the double's own error:
 * 8.875 × 1000 is 8875 give or take 1e-12), so 8.875 % of $123.45 is 1095.61875 → 1096 cents.
 */
export function percentOfCents(cents: number, percent: number): number {
  return centsTimes(cents, Math.round(percent * 1000), FULL_PERCENT_THOUSANDTHS);
}

/**
 * A quantity (above 0, at most 2 decimals: 6.5) × a unit price, rounded half-up to the cent by the
 * rule above: the quantity is taken in hundredths, an integer (Math.round only removes the double's
 * own error), so 2.75 × $95.50 = 26,262.5 → 26,263 cents, as the quote's rate × quarter hours.
 */
export function quantityTimesCents(quantity: number, unitPriceCents: number): number {
  return centsTimes(unitPriceCents, Math.round(quantity * 100), 100);
}

/** A quantity as typed, en-US: 6.5 → '6.5', 2.25 → '2.25', 1250 → '1,250' (never '6.50'). */
export function formatQuantity(quantity: number): string {
  return quantity.toLocaleString(LOCALE, { maximumFractionDigits: 2 });
}

/** A percent as typed, en-US: 8.875 → '8.875%', 8.5 → '8.5%', 0 → '0%'. */
export function formatPercent(percent: number): string {
  return `${percent.toLocaleString(LOCALE, { maximumFractionDigits: 3 })}%`;
}

/** Smallest charge a card processor accepts (Stripe: 50 cents in USD) and our ceiling per charge. */
export const MIN_CHARGE_CENTS = 50;
export const MAX_CHARGE_CENTS = 99_999_999;
