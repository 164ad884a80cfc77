import dayjs from 'dayjs';
import { DATE_FORMAT, DATE_TIME_FORMAT } from '../domain/constants';

type DateInput = string | number | Date | null | undefined;

/** MM/DD/YYYY (product brief section 9), or '' for a missing or invalid date. */
export function formatDate(value: DateInput): string {
  const date = value === null || value === undefined ? null : dayjs(value);
  return date?.isValid() ? date.format(DATE_FORMAT) : '';
}

/** MM/DD/YYYY h:mm A (product brief section 9), or '' for a missing or invalid date. */
export function formatDateTime(value: DateInput): string {
  const date = value === null || value === undefined ? null : dayjs(value);
  return date?.isValid() ? date.format(DATE_TIME_FORMAT) : '';
}

/** Today on this device as YYYY-MM-DD (a calendar day, for comparing with date fields). */
export function todayLocal(): string {
  return dayjs().format('YYYY-MM-DD');
}
