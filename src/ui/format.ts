type DateInput = string | number | Date | null | undefined;

/**
 * A date read as dayjs reads it (tests/unit/format.test.ts holds them equal), without dayjs: the
 * formatter is in nearly every first page and dayjs (~3.5 KB gzip) is otherwise needed only by
 * the date pickers, which load with their forms (docs/architecture.md, "First load"). A date or a
 * date and time without a zone ("2026-11-29", "2026-11-29 21:30") is the device's local time, as
 * typed in a form; a timestamp with Z or an offset is that instant.
 */
const LOCAL = /^(\d{4})[-/]?(\d{1,2})?[-/]?(\d{0,2})[Tt\s]*(\d{1,2})?:?(\d{1,2})?:?(\d{1,2})?[.:]?(\d+)?$/;
function readDate(value: DateInput): Date | null {
  if (value === null || value === undefined) return null;
  const local = typeof value === 'string' && !/z$/i.test(value) ? LOCAL.exec(value) : null;
  const date = local
    ? new Date(
        Number(local[1]),
        Number(local[2] || 1) - 1,
        Number(local[3] || 1),
        Number(local[4] || 0),
        Number(local[5] || 0),
        Number(local[6] || 0),
        Number((local[7] || '0').substring(0, 3)),
      )
    : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const two = (n: number) => String(n).padStart(2, '0');

/** MM/DD/YYYY (product brief section 9: DATE_FORMAT), or '' for a missing or invalid date. */
export function formatDate(value: DateInput): string {
  const date = readDate(value);
  return date
    ? `${two(date.getMonth() + 1)}/${two(date.getDate())}/${String(date.getFullYear()).padStart(4, '0')}`
    : '';
}

/** MM/DD/YYYY h:mm A (product brief section 9: DATE_TIME_FORMAT), or '' for a missing or invalid date. */
export function formatDateTime(value: DateInput): string {
  const date = readDate(value);
  if (!date) return '';
  const hours = date.getHours();
  return `${formatDate(date)} ${hours % 12 || 12}:${two(date.getMinutes())} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** Today on this device as YYYY-MM-DD (a calendar day, for comparing with date fields). */
export function todayLocal(): string {
  const now = new Date();
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
}

/** File size for people: 1.2 MB, 340 KB. */
export const fileSize = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
