/**
 * Numbers assigned on save (ResourceDeclaration.numbering): a pattern such as `INV-{YYYY}-{####}`
 * and a counter value make `INV-2026-0042`. The server formats the value it takes from the
 * business's counter row in the insert's transaction; a settings screen checks a pattern with the
 * same rule before storing it.
 */

/** `{#}`, `{##}`, … : the counter, zero-padded to that many digits (longer numbers are not cut). */
const COUNTER = /\{(#+)\}/g;
export const NUMBER_PATTERN_MAX = 40;

/** Whether a pattern can number records: it holds the counter once, and fits. */
export function isValidNumberPattern(pattern: string): boolean {
  const counters = pattern.match(COUNTER) ?? [];
  return counters.length === 1 && pattern.trim().length > 0 && pattern.length <= NUMBER_PATTERN_MAX;
}

/** The number for counter `value` in `year` (`{YYYY}` the year, `{YY}` its last two digits). */
export function formatRecordNumber(pattern: string, value: number, year: number): string {
  return pattern
    .replace(/\{YYYY\}/g, String(year).padStart(4, '0'))
    .replace(/\{YY\}/g, String(year % 100).padStart(2, '0'))
    .replace(COUNTER, (_, hashes: string) => String(value).padStart(hashes.length, '0'));
}
