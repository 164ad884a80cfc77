import type { TFunction } from 'i18next';
import { isApiError } from '../../providers/http/api-error';

/**
 * The sign-in form's text for a 429: the account (or this address) is paused after too many
 * attempts, until the time the server's Retry-After gives. The time is rounded up to the next
 * minute, so trying at the time shown always works, and written en-US ('3:42 PM'); a pause past
 * today also names the day (MM/DD/YYYY). Null for any other failure.
 */
export function signInPausedText(t: TFunction, error: unknown, now: number = Date.now()): string | null {
  if (!isApiError(error) || error.status !== 429 || error.retryAfterSeconds === null) return null;
  const until = new Date(Math.ceil((now + error.retryAfterSeconds * 1000) / 60_000) * 60_000);
  const time = until.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
  const sameDay = until.toDateString() === new Date(now).toDateString();
  const day = until.toLocaleDateString('en-US', { month: '2-digit', day: '2-digit', year: 'numeric' });
  return t('login.paused', { time: sameDay ? time : `${day} ${time}` });
}
