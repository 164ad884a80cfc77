/**
 * What a date picker takes when a date is typed rather than picked. antd shows the first format
 * and parses the typed text with each in turn, strictly (the text must read back the same): with
 * the display format alone, '12/5/2026', '02:00 AM' or '10:00 pm' were dropped when the field
 * lost focus, and the form then said the date was missing. Dates are still shown MM/DD/YYYY and
 * h:mm A (product brief section 9); these only widen what is understood.
 */
import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { DATE_FORMAT, DATE_TIME_FORMAT } from '../../domain/constants';

// antd's picker reads typed text with this plugin too (its dayjs config extends it).
dayjs.extend(customParseFormat);

/**
 * A month and a day with or without their leading zero, between slashes or dashes (12-20-2026 is
 * as American as 12/20/2026), and the ISO day a person pastes from a spreadsheet or a mail
 * (2026-12-20, year first, so never read the other way). Without these, antd emptied the field
 * when it lost focus and the form said the date was missing.
 */
const DAYS = [
  'MM/DD/YYYY',
  'M/D/YYYY',
  'MM/D/YYYY',
  'M/DD/YYYY',
  'MM-DD-YYYY',
  'M-D-YYYY',
  'MM-D-YYYY',
  'M-DD-YYYY',
  'YYYY-MM-DD',
] as const;
/** An hour with or without its leading zero, AM/PM in either case. */
const TIMES = ['h:mm A', 'hh:mm A', 'h:mm a', 'hh:mm a'] as const;

/** MM/DD/YYYY first (what is shown), then the other ways a US date is typed. */
export const DATE_INPUT_FORMATS: string[] = [DATE_FORMAT, ...DAYS.filter((f) => f !== DATE_FORMAT)];

/** MM/DD/YYYY h:mm A first (what is shown), then every typed day with every typed time. */
export const DATE_TIME_INPUT_FORMATS: string[] = [
  DATE_TIME_FORMAT,
  ...DAYS.flatMap((day) => TIMES.map((time) => `${day} ${time}`)).filter((f) => f !== DATE_TIME_FORMAT),
];

/**
 * The day (or day and time) this typed text reads as, strictly, as antd reads it with the formats
 * above (the first that reads it), or null: "13/45/2026" and "tomorrow" read as nothing, and the
 * field says so. Only the fields count (a wall clock): the caller places it in its zone.
 */
export function typedDate(text: string, withTime: boolean): Dayjs | null {
  for (const format of withTime ? DATE_TIME_INPUT_FORMATS : DATE_INPUT_FORMATS) {
    const date = dayjs(text, format, true);
    if (date.isValid()) return date;
  }
  return null;
}
