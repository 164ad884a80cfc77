/**
 * Picks the processor: Stripe when STRIPE_SECRET_KEY is set, the embedded local processor
 * otherwise. One instance per app, shared by every payment route. The `stripe` package is
 * imported only when it is chosen: loading it costs ~100 ms of every start that doesn't use it.
 */
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import { LocalProcessor } from './local';
import type { PaymentProcessor } from './types';

export async function createPaymentProcessor(config: Config, db: Db, now: () => number): Promise<PaymentProcessor> {
  if (config.stripeSecretKey) {
    const { StripeProcessor } = await import('./stripe');
    return new StripeProcessor({ secretKey: config.stripeSecretKey, webhookSecret: config.stripeWebhookSecret, db });
  }
  return new LocalProcessor({ db, now, webhookSecret: config.stripeWebhookSecret ?? undefined });
}

export * from './types';
export { LocalProcessor } from './local';
export { TEST_CARDS } from './test-cards';
