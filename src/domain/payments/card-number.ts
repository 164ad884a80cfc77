/**
 * Card numbers as typed: brand detection from the leading digits (IIN ranges), the Luhn
 * checksum, and the grouping the card form shows while typing (product brief section 5: amex 4-6-5,
 * diners 4-6-4, others 4-4-4-4 up to 19 digits). Pure functions so the form and the server's
 * local processor agree digit for digit.
 */

export const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'discover', 'diners', 'jcb', 'unionpay', 'unknown'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

/** Display names, as Stripe writes them on receipts. */
export const CARD_BRAND_LABELS: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  unknown: 'Card',
};

/** Longest PAN any brand issues. */
export const MAX_CARD_DIGITS = 19;
/** Shortest PAN we accept (some Maestro/private-label cards have 12). */
export const MIN_CARD_DIGITS = 12;

/** Keeps only the digits of whatever was typed or pasted. */
export function digitsOnly(value: string): string {
  return value.replace(/\D+/g, '');
}

/**
 * The brand from the first digits. Order matters: Diners' 36/38/30[0-5] before Discover,
 * UnionPay 62 after Discover's 622126–622925 range.
 */
export function detectCardBrand(value: string): CardBrand {
  const d = digitsOnly(value);
  if (!d) return 'unknown';
  if (/^3[47]/.test(d)) return 'amex';
  if (/^3(0[0-5]|[68])/.test(d)) return 'diners';
  if (/^35(2[89]|[3-8])/.test(d)) return 'jcb';
  if (/^4/.test(d)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(d)) return 'mastercard';
  if (/^(6011|65|64[4-9]|622(12[6-9]|1[3-9]\d|[2-8]\d\d|9[01]\d|92[0-5]))/.test(d)) return 'discover';
  if (/^62/.test(d)) return 'unionpay';
  return 'unknown';
}

/** Group sizes the form inserts spaces after, per brand. */
export function cardNumberGroups(brand: CardBrand): number[] {
  if (brand === 'amex') return [4, 6, 5];
  if (brand === 'diners') return [4, 6, 4];
  return [4, 4, 4, 4, 3];
}

/** How many digits the number field accepts for a brand. */
export function maxCardDigits(brand: CardBrand): number {
  if (brand === 'amex') return 15;
  if (brand === 'diners') return 14;
  return MAX_CARD_DIGITS;
}

/**
 * The number as the form shows it: digits only, cut to the brand's length, spaced by group.
 * `formatCardNumber('378282246310005')` → '3782 822463 10005'.
 */
export function formatCardNumber(value: string): string {
  const brand = detectCardBrand(value);
  const d = digitsOnly(value).slice(0, maxCardDigits(brand));
  const parts: string[] = [];
  let at = 0;
  for (const size of cardNumberGroups(brand)) {
    if (at >= d.length) break;
    parts.push(d.slice(at, at + size));
    at += size;
  }
  return parts.join(' ');
}

/** The Luhn (mod 10) checksum every card number carries in its last digit. */
export function luhnValid(value: string): boolean {
  const d = digitsOnly(value);
  if (!d) return false;
  let sum = 0;
  let double = false;
  for (let i = d.length - 1; i >= 0; i--) {
    let n = d.charCodeAt(i) - 48;
    if (double) {
      n *= 2;
      if (n > 9) n -= 9;
    }
    sum += n;
    double = !double;
  }
  return sum % 10 === 0;
}

/** A number a processor would accept for checking: 12–19 digits, the brand's length, and Luhn. */
export function cardNumberValid(value: string): boolean {
  const d = digitsOnly(value);
  const brand = detectCardBrand(d);
  if (d.length < MIN_CARD_DIGITS || d.length > maxCardDigits(brand)) return false;
  if (brand === 'amex' && d.length !== 15) return false;
  return luhnValid(d);
}

/** CVC length per brand: American Express prints 4 digits on the front, the others 3 on the back. */
export function cvcLength(brand: CardBrand): number {
  return brand === 'amex' ? 4 : 3;
}

/** CVC as typed: digits only, limited to the brand's length (product brief section 5). */
export function limitCvc(value: string, brand: CardBrand): string {
  return digitsOnly(value).slice(0, cvcLength(brand));
}

/** The last four digits, the only part of a number we ever keep or show. */
export function last4(value: string): string {
  return digitsOnly(value).slice(-4);
}

/** '•••• 4242' style mask for display. */
export function maskCardNumber(lastFour: string): string {
  return `•••• ${lastFour}`;
}
