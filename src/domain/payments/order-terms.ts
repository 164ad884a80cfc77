/**
 * What placing an order for a plan costs today and when the plan's price is first charged. A
 * plan bought during the free trial keeps the trial: nothing is due today and the first monthly
 * charge falls on the day the trial ends, as billing products do (a subscription "trialing"
 * until then). The server decides the subscription by the same rule (trialRunning), so the
 * review step says exactly what will happen.
 *
 * Our reading of the product brief, section 4 (Checkout): it says placing an order sets
 * freeTrial to 0 and subscriptionActive to true in the session. That holds outside a trial;
 * during one, the session takes the freeTrial and subscriptionActive the server answers.
 */
import { trialEndTime, trialRunning, type TrialEnd } from './free-trial';

/** A subscription's state: waiting for the trial's end, paid and running, or over. */
export const SUBSCRIPTION_STATUSES = ['trialing', 'active', 'canceled', 'past_due'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
/** The statuses of the one live subscription a user may have (it renews, or starts at trial end). */
export const LIVE_SUBSCRIPTION_STATUSES: readonly SubscriptionStatus[] = ['trialing', 'active'];

/** What the rule below reads of an account's billing. */
export interface BillingFields {
  subscriptionActive: boolean;
  trialEndsAt: TrialEnd;
  /** Whether a subscription bought during the trial waits for it to end (status "trialing"). */
  waitingSubscription: boolean;
}

/**
 * Whether the account counts as subscribed, as userData.subscriptionActive and the route guard
 * read it. A plan bought during the trial waits as "trialing", not yet active. Once the trial's
 * end has passed it counts as active until the renewal job (every few minutes,
 * server/modules/payments/renewals.ts) charges the first period, after which it is active for
 * real, or the card is refused, which ends it. So the hand-off at the trial's end never sends a
 * paying user to checkout for those minutes.
 */
export function subscriptionCounts(account: BillingFields, now: number): boolean {
  if (account.subscriptionActive) return true;
  return account.waitingSubscription && !trialRunning(account.trialEndsAt, now);
}

export interface OrderTerms {
  /** Integer cents charged when the order is placed. */
  dueTodayCents: number;
  /** The plan's monthly price in integer cents. */
  monthlyCents: number;
  /** When the trial ends and the first monthly charge falls (ISO), or null when it is charged today. */
  trialEndsAt: string | null;
}

export function orderTerms(priceCents: number, trialEndsAt: TrialEnd, now: number): OrderTerms {
  if (trialRunning(trialEndsAt, now)) {
    return {
      dueTodayCents: 0,
      monthlyCents: priceCents,
      trialEndsAt: new Date(trialEndTime(trialEndsAt)!).toISOString(),
    };
  }
  return { dueTodayCents: priceCents, monthlyCents: priceCents, trialEndsAt: null };
}
