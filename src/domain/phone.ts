/**
 * Phone numbers with US as the default region (product brief section 9), without a phone library:
 * libphonenumber-js is not among the packages this project may install, so the rule is
 * written out here and shared by the forms and the server.
 *
 * - No leading '+': a US/NANP number, 10 digits (an optional leading 1 is dropped). Area code
 *   and exchange start with 2-9, and N11 area codes (211, 911 …) are service codes, not numbers.
 * - A leading '+': an international E.164 number, 8 to 15 digits; '+1' numbers get the US rule.
 * - Spaces, dots, dashes and parentheses are ignored; letters or other symbols are refused.
 * The stored form is E.164 ('+12025550143').
 */
const NANP = /^([2-9]\d{2})([2-9]\d{2})(\d{4})$/;

function nanp(digits: string): string | null {
  const m = NANP.exec(digits);
  if (!m) return null;
  if (m[1]!.endsWith('11')) return null;
  return `+1${digits}`;
}

/** The E.164 form of a typed number, or null when it is not a valid number. */
export function normalizePhone(input: string): string | null {
  const raw = input.trim();
  if (!/^\+?[\d\s().-]+$/.test(raw)) return null;
  const digits = raw.replace(/\D/g, '');
  if (raw.startsWith('+')) {
    if (digits.startsWith('1')) return nanp(digits.slice(1));
    return /^[2-9]\d{7,14}$/.test(digits) ? `+${digits}` : null;
  }
  if (digits.length === 11 && digits.startsWith('1')) return nanp(digits.slice(1));
  return nanp(digits);
}

export const isValidPhone = (input: string): boolean => normalizePhone(input) !== null;

/** For display: US numbers as (202) 555-0143, others as stored. */
export function formatPhone(e164: string | null | undefined): string {
  if (!e164) return '';
  const us = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(e164);
  return us ? `(${us[1]}) ${us[2]}-${us[3]}` : e164;
}
