/**
 * Card expiry as typed in the form (MM/YY, product brief section 5) and as sent to the server
 * (expMonth, expYear). A card is valid through the last day of its expiry month, so "not in the
 * past" compares months, not days. `now` is always a parameter: the server passes its clock
 * (tests move it), the form passes Date.now.
 */

export interface Expiry {
  /** 1–12. */
  month: number;
  /** Four-digit year. */
  year: number;
}

const MM_YY = /^(0[1-9]|1[0-2])\/(\d{2})$/;

/**
 * What the exp field shows after a keystroke: digits only, the slash inserted automatically
 * after the month, a leading 0 added when the first digit cannot start a month ('4' → '04/').
 * Deleting back over the slash (`previous` ended with '/') drops it instead of re-adding it.
 * A four-digit year pasted or autofilled whole ('12/2030', '122030') keeps its last two digits:
 * cut at four digits it read '12/20', a card expired years ago. A one-digit month followed by
 * a slash ('1/30') is padded ('01/30').
 */
export function formatExpiryInput(value: string, previous = ''): string {
  // A one-digit month closed by a slash ('1/', '1/30') is that month: its slash used to be
  // dropped and the year's first digit joined the month ('1/30' read '13/0').
  const oneDigitMonth = /^\s*([1-9])\s*\/(.*)$/.exec(value);
  const all = oneDigitMonth
    ? `0${oneDigitMonth[1]}${oneDigitMonth[2]!.replace(/\D+/g, '')}`
    : value.replace(/\D+/g, '');
  const fullYear = /^(\d{2})20(\d{2})$/.exec(all);
  let d = fullYear ? `${fullYear[1]}${fullYear[2]}` : all.slice(0, 4);
  if (d.length === 1 && Number(d) > 1) d = `0${d}`;
  const deleting = value.length < previous.length;
  if (d.length < 2) return d;
  if (d.length === 2) return deleting && previous.endsWith('/') ? d.slice(0, 1) : `${d}/`;
  return `${d.slice(0, 2)}/${d.slice(2)}`;
}

/** 'MM/YY' → month and four-digit year, or null when it is not that shape (month 01–12). */
export function parseExpiry(value: string): Expiry | null {
  const m = MM_YY.exec(value.trim());
  if (!m) return null;
  return { month: Number(m[1]), year: 2000 + Number(m[2]) };
}

/** A two- or four-digit year as a four-digit year (cards never expire before 2000). */
export function fullYear(year: number): number {
  return year < 100 ? 2000 + year : year;
}

/** True when the card's expiry month ended before `now` (UTC months, like processors). */
export function isExpiryInPast(expiry: Expiry, now: number | Date): boolean {
  const t = new Date(typeof now === 'number' ? now : now.getTime());
  const current = t.getUTCFullYear() * 12 + t.getUTCMonth();
  const exp = fullYear(expiry.year) * 12 + (expiry.month - 1);
  return exp < current;
}

/** 'MM/YY' for display from stored month and year. */
export function formatExpiry(month: number, year: number): string {
  return `${String(month).padStart(2, '0')}/${String(fullYear(year) % 100).padStart(2, '0')}`;
}
