/**
 * Payments (issue 5): one plugin, one processor (local by default, Stripe with
 * STRIPE_SECRET_KEY) shared by cards, plans and subscriptions, invoices, payment links,
 * transactions and refunds, Connect, the webhook and the states lookup; monthly renewals.
 */
import type { FastifyInstance } from 'fastify';
import { createPaymentProcessor } from './processors';
import type { PaymentDeps } from './deps';
import cardsRoutes from './cards-routes';
import plansRoutes from './plans-routes';
import invoicesRoutes from './invoices-routes';
import paymentLinksRoutes from './payment-links-routes';
import transactionsRoutes from './transactions-routes';
import connectRoutes from './connect-routes';
import webhookRoutes from './webhook-routes';
import lookupsRoutes from './lookups-routes';
import { scheduleRenewals } from './renewals';

export default async function paymentsModule(app: FastifyInstance) {
  const deps: PaymentDeps = {
    processor: await createPaymentProcessor(app.ctx.config, app.ctx.database.db, app.ctx.now),
  };
  await app.register(cardsRoutes, deps);
  await app.register(plansRoutes, deps);
  await app.register(invoicesRoutes);
  await app.register(paymentLinksRoutes, deps);
  await app.register(transactionsRoutes, deps);
  await app.register(connectRoutes, deps);
  await app.register(webhookRoutes, deps);
  await app.register(lookupsRoutes);
  scheduleRenewals(app, deps.processor);
}
