/**
 * The payment services, built once per app over one processor. Each table has one writer:
 * payment_methods → cards, subscriptions and the user's subscription state → subscriptions,
 * payment_transactions, payment_refunds and invoices → ledger, payment_links → links,
 * connect_accounts → connect, processor_events → webhook (idempotency_keys: idempotency.ts;
 * payment_attempts: payment-attempts.ts, for the ledger's refunds and the subscriptions' charges).
 */
import type { FastifyInstance } from 'fastify';
import { CardsService } from './cards-service';
import { ConnectService } from './connect-service';
import { paymentsEnv, type PaymentsEnv } from './deps';
import { Ledger } from './ledger';
import { PaymentLinksService } from './payment-links-service';
import { serveLinks } from './served';
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

/** Hands the app's services to the module's calls made outside a request's services (served.ts). */
export function servePaymentServices(app: FastifyInstance, services: PaymentServices): void {
  serveLinks(app, services.links);
}
