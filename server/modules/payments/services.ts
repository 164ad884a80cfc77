/**
 * The payment services, built once per app over one processor. Each table has one writer:
 * payment_methods → cards, subscriptions and the user's subscription state → subscriptions,
 * payment_transactions, payment_refunds and invoices → ledger, payment_links → links,
 * connect_accounts → connect, processor_events → webhook (idempotency_keys: idempotency.ts;
 * payment_attempts: payment-attempts.ts, for the ledger's refunds and the subscriptions' charges).
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { HttpError } from '../../http/errors';
import { CardsService } from './cards-service';
import { ConnectService } from './connect-service';
import { paymentsEnv, type PaymentsEnv } from './deps';
import { Ledger } from './ledger';
import { PaymentLinksService } from './payment-links-service';
import type { PaymentProcessor } from './processors/types';
import { SubscriptionsService } from './subscriptions-service';
import { WebhookService } from './webhook-service';

export interface PaymentServices {
  env: PaymentsEnv;
  processor: PaymentProcessor;
  ledger: Ledger;
  cards: CardsService;
  subscriptions: SubscriptionsService;
  links: PaymentLinksService;
  connect: ConnectService;
  webhook: WebhookService;
}

export function paymentServices(app: FastifyInstance, processor: PaymentProcessor): PaymentServices {
  const env = paymentsEnv(app, processor);
  const ledger = new Ledger(env);
  return {
    env,
    processor,
    ledger,
    cards: new CardsService(env),
    subscriptions: new SubscriptionsService(env, ledger),
    links: new PaymentLinksService(env, ledger),
    connect: new ConnectService(env),
    webhook: new WebhookService(env, ledger),
  };
}

/** The services the payments plugin serves an app with (per app: API test files share modules). */
const served = new WeakMap<AppContext, PaymentServices>();

export function servePaymentServices(app: FastifyInstance, services: PaymentServices): void {
  served.set(app.ctx, services);
}

/**
 * Settles the expired claim of a payment link, if it has one (PaymentLinksService.byToken), so a
 * caller that acts on the link's state next (an invoice voided or marked paid) meets what really
 * happened to that payment instead of a claim nobody had settled because nobody opened the link.
 * A claim still within its bound, or one the processor cannot tell about yet, stays.
 */
export async function settleLinkClaim(app: FastifyInstance, token: string, log: FastifyBaseLogger): Promise<void> {
  const services = served.get(app.ctx);
  if (!services) return;
  await services.links.byToken(token, log).catch((error: unknown) => {
    if (!(error instanceof HttpError && error.statusCode === 404)) throw error;
  });
}
