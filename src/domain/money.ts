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

/** Smallest charge a card processor accepts (Stripe: 50 cents in USD) and our ceiling per charge. */
export const MIN_CHARGE_CENTS = 50;
export const MAX_CHARGE_CENTS = 99_999_999;
