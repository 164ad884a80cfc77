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

/** File size for people: 1.2 MB, 340 KB. */
export const fileSize = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
