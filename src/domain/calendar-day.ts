/**
 * The one check of a calendar day written YYYY-MM-DD, for every form and route that takes one
 * (a booking, a special date, a campaign's schedule, a delivery, a form's date answer).
 */
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
export function isCalendarDay(day: string) {
  // Years a schedule can mean (PostgreSQL has no year 0, and nobody books in 0001).
  if (!DAY.test(day) || day < '1900' || day >= '3000') return false;
  const date = new Date(`${day}T00:00:00Z`);
  // 2024-13-45 is no date at all (toISOString would throw); 2026-02-30 rolls over to March.
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}

/** An instant as the forms send it: YYYY-MM-DDTHH:mm, optional seconds and milliseconds, Z or an offset. */
const INSTANT = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * An ISO instant on a real calendar day, for every schema that takes a time (a booking, a
 * reservation, an event). Date.parse alone takes '2026-02-30T22:00Z' and means 03/02, so a time
 * typed on a day that does not exist would be kept on another day without a word.
 */
export function isCalendarInstant(text: string) {
  const day = INSTANT.exec(text)?.[1];
  return day !== undefined && isCalendarDay(day) && !Number.isNaN(Date.parse(text));
}
