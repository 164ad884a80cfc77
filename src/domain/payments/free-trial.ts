/**
 * The free trial, one rule for every side that counts it: userData.freeTrial (what the screens'
 * subscription guard reads, src/domain/guards.ts), the API's subscription gate
 * (server/modules/payments/subscription-gate.ts), the plan screens' state, the checkout's order
 * terms and the subscription a plan bought during the trial becomes. Its length is the server's
 * TRIAL_DAYS (config.trialDays); a trial is stored as the instant it ends (users.trial_ends_at).
 */

const DAY_MS = 86_400_000;

/** A trial's end as it arrives: a stored Date, the session's milliseconds, the wire's ISO text, or none. */
export type TrialEnd = Date | string | number | null | undefined;

/** The trial's end in milliseconds, or null when there is none (or it is not a date). */
export function trialEndTime(value: TrialEnd): number | null {
  if (value === null || value === undefined) return null;
  const ms = value instanceof Date ? value.getTime() : new Date(value).getTime();
  return Number.isFinite(ms) ? ms : null;
}

/** When a trial of `days` days that starts at `from` ends. */
export function trialEndsAfter(from: number, days: number): Date {
  return new Date(from + days * DAY_MS);
}

/** Whether a free trial ending at `trialEndsAt` is still running at `now`. */
export function trialRunning(trialEndsAt: TrialEnd, now: number): boolean {
  const end = trialEndTime(trialEndsAt);
  return end !== null && end > now;
}

/**
 * Whole days left in the trial, rounded up (its last day counts until its last millisecond), so
 * it is above 0 exactly while the trial is running; 0 when there is none or it has ended.
 */
export function trialDaysLeft(trialEndsAt: TrialEnd, now: number): number {
  const end = trialEndTime(trialEndsAt);
  if (end === null) return 0;
  return Math.max(0, Math.ceil((end - now) / DAY_MS));
}
