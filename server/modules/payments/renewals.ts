/**
 * Monthly renewals: every few minutes (and on demand in tests) the payment attempts and payment
 * link claims left unsettled are settled, the subscriptions whose period ended are charged again (SubscriptionsService.renewDue says how, safely across processes),
 * and stored Idempotency-Key answers older than a day are purged.
 */
import type { FastifyInstance } from 'fastify';
import { purgeIdempotencyKeys } from './idempotency';
import type { PaymentProcessor } from './processors/types';
import { paymentServices } from './services';
import type { Ledger } from './ledger';
import type { PaymentLinksService } from './payment-links-service';
import type { SubscriptionsService } from './subscriptions-service';

/** Renews what is due with this processor; returns how many subscriptions were renewed. */
export function renewDueSubscriptions(app: FastifyInstance, processor: PaymentProcessor): Promise<number> {
  return paymentServices(app, processor).subscriptions.renewDue();
}

/**
 * Settles the charges and refunds whose outcome was never written (payment-attempts.ts), the
 * refunds the processor held, and the payment links' expired claims; returns how many were settled (links: looked at).
 */
export async function settlePaymentAttempts(app: FastifyInstance, processor: PaymentProcessor): Promise<number> {
  const services = paymentServices(app, processor);
  return (
    (await services.subscriptions.settleExpired()) +
    (await services.ledger.settleExpiredRefunds()) +
    (await services.ledger.settlePendingRefunds()) +
    (await services.links.settleExpiredClaims())
  );
}

/** Runs the settling of payment attempts, renewals and the purge every `everyMs` while the app is up (one timer per process, unref'd). */
export function scheduleRenewals(
  app: FastifyInstance,
  { subscriptions, ledger, links }: { subscriptions: SubscriptionsService; ledger: Ledger; links: PaymentLinksService },
  everyMs = 10 * 60_000,
) {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    subscriptions
      .settleExpired()
      .then(() => ledger.settleExpiredRefunds())
      .then(() => ledger.settlePendingRefunds())
      .then(() => links.settleExpiredClaims())
      .then(() => subscriptions.renewDue())
      .then(() => purgeIdempotencyKeys(app))
      .catch((err: Error) => app.log.warn({ error: err.name }, 'subscription renewals failed'))
      .finally(() => (running = false));
  }, everyMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
