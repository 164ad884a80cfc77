import type { TFunction } from 'i18next';
import { isApiError } from '../../providers/http/api-error';
import { clockText, dateText } from '../../domain/venue/zoned-format';

/**
 * The sign-in form's text for a 429: the account (or this address) is paused after too many
 * attempts, until the time the server's Retry-After gives. The time is rounded up to the next
 * minute, so trying at the time shown always works, and written en-US ('3:42 PM'); a pause past
 * today also names the day (MM/DD/YYYY). Null for any other failure.
 */
export function signInPausedText(t: TFunction, error: unknown, now: number = Date.now()): string | null {
  if (!isApiError(error) || error.status !== 429 || error.retryAfterSeconds === null) return null;
  const until = new Date(Math.ceil((now + error.retryAfterSeconds * 1000) / 60_000) * 60_000);
  // This device's clock: before sign-in there is no business, and the pause is the reader's own.
  // The shared writer's text parts, not src/ui/format.ts, which the login page does not load.
  const dayOf = (d: Date) => dateText(d.getFullYear(), d.getMonth() + 1, d.getDate());
  const time = clockText(until.getHours() * 60 + until.getMinutes());
  const day = dayOf(until);
  const sameDay = day === dayOf(new Date(now));
  return t('login.paused', { time: sameDay ? time : `${day} ${time}` });
}
