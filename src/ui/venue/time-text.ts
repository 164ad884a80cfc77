/** Minutes after midnight ↔ the `HH:mm` of a time input, and shown as en-US `h:mm A`. */
export const toInputTime = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

export function fromInputTime(value: string): number | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const [h, m] = [Number(match[1]), Number(match[2])];
  return h < 24 && m < 60 ? h * 60 + m : null;
}

/** h:mm A of minutes after midnight: the one writer of clock text (src/domain/venue/zoned-format.ts). */
export { clockText } from '../../domain/venue/zoned-format';

/** Weekday names in the reader's language, Sunday first (0 … 6, as the API numbers them). */
export function weekdayNames(language: string): string[] {
  const format = new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' });
  // 2023-01-01 was a Sunday.
  return Array.from({ length: 7 }, (_, i) => format.format(new Date(Date.UTC(2023, 0, 1 + i))));
}
