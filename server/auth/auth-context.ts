/**
 * The signed-in caller (request.auth), resolved once per request by auth/access.ts. Its own file, below
 * both context.ts (the app's types) and the session cache that keeps it, so neither imports the other.
 */
import type { Role } from '../../src/domain/roles';

export interface AuthContext {
  userId: string;
  sessionId: string;
  role: Role;
  businessId: string | null;
  email: string;
}

/**
 * The user's columns the subscription gate reads (server/modules/payments/subscription-gate.ts),
 * read with the session, so the gate costs no query of its own.
 */
export interface BillingFields {
  shouldHaveSubscription: boolean;
  /** users.trial_ends_at in ms, or null. */
  trialEndsAt: number | null;
  subscriptionActive: boolean;
  /** A subscription bought during the trial waits for it to end (status 'trialing'). */
  waitingSubscription: boolean;
}
