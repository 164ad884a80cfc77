/**
 * Payments: one plugin, one processor (local by default, Stripe with STRIPE_SECRET_KEY) and the
 * services over it (services.ts), shared by cards, plans and subscriptions, invoices, payment
 * links, transactions and refunds, Connect, the webhook and the states lookup; monthly renewals.
 */
import type { FastifyInstance } from 'fastify';
import { createPaymentProcessor } from './processors';
import { paymentServices, servePaymentServices } from './services';
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
  const processor = await createPaymentProcessor(app.ctx.config, app.ctx.database.db, app.ctx.now);
  const services = paymentServices(app, processor);
  servePaymentServices(app, services);
  await app.register(cardsRoutes, services);
  await app.register(plansRoutes, services);
  await app.register(invoicesRoutes, services);
  await app.register(paymentLinksRoutes, services);
  await app.register(transactionsRoutes, services);
  await app.register(connectRoutes, services);
  await app.register(webhookRoutes, services);
  await app.register(lookupsRoutes);
  scheduleRenewals(app, services);
}
