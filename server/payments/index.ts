/**
 * Picks the processor: Stripe when STRIPE_SECRET_KEY is set, the embedded local processor
 * otherwise. One instance per app, shared by every payment route.
 */
import type { Config } from '../config';
import type { Db } from '../db/client';
import { LocalProcessor } from './local-processor';
import { StripeProcessor } from './stripe-processor';
import type { PaymentProcessor } from './types';

export function createPaymentProcessor(config: Config, db: Db, now: () => number): PaymentProcessor {
  if (config.stripeSecretKey) {
    return new StripeProcessor({ secretKey: config.stripeSecretKey, webhookSecret: config.stripeWebhookSecret, db });
  }
  return new LocalProcessor({ db, now, webhookSecret: config.stripeWebhookSecret ?? undefined });
}

export * from './types';
export { LocalProcessor } from './local-processor';
export { StripeProcessor } from './stripe-processor';
export { TEST_CARDS } from './test-cards';
