/**
 * Whether a date something expires on (a driver's licence) has passed or is close: the one rule
 * the API's `_expiry` flag and the screens' tags follow (FieldDeclaration.expiry).
 * Days are calendar days (YYYY-MM-DD); "today" is the business's own day, chosen by the caller.
 */
import { addDays } from '../venue/opening-hours';

export type ExpiryState = 'expired' | 'soon' | 'valid';

/**
 * 'expired' once the expiry day is before today (a licence is still good on its last day),
 * 'soon' when it falls within the next `soonDays` days (today included), else 'valid'.
 */
export function expiryState(expires: string, today: string, soonDays: number): ExpiryState {
  if (expires < today) return 'expired';
  if (expires <= addDays(today, soonDays)) return 'soon';
  return 'valid';
}
