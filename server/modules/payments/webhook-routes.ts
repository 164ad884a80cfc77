/**
 * POST /api/Payment/webhook: processor events, signature-checked (Stripe-Signature with
 * STRIPE_WEBHOOK_SECRET; the local processor signs the same way). Each event is applied once
 * (processor_events). Handled: a refund made in the processor's dashboard, and a payment that
 * failed or succeeded after the fact; everything else is acknowledged and ignored.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq, sql } from 'drizzle-orm';
import { API } from '../../../src/domain/api-paths';
import { MESSAGES } from '../../../src/domain/messages';
import { paymentTransactions, processorEvents } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { errorResponses, ok } from '../../http/response';
import { WebhookSignatureError } from './processors/types';
import type { PaymentDeps } from './deps';

interface ObjectPayload {
  object?: {
    id?: string;
    object?: string;
    payment_intent?: string;
    amount_refunded?: number;
    last_payment_error?: { message?: string; code?: string };
  };
}

const received = z.object({
  received: z.literal(true),
  duplicate: z.literal(true).optional().describe('This event was applied before'),
});

const webhookRoutes: FastifyPluginAsyncZod<PaymentDeps> = async (app, { processor }) => {
  const { db } = app.ctx.database;
  // Signatures are over the exact bytes: keep the body as text in this scope.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  app.post(
    API.paymentWebhook,
    {
      schema: {
        tags: ['Payments'],
        summary: 'Processor webhook (Stripe-Signature checked)',
        description:
          'The body is the processor event as JSON, checked byte for byte against the Stripe-Signature header.',
        response: { 200: ok(received), 400: errorResponses[400] },
      },
      config: { access: 'public' },
    },
    async (request) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const signature = request.headers['stripe-signature'];
      let event;
      try {
        event = processor.verifyWebhook(raw, Array.isArray(signature) ? signature[0] : signature);
      } catch (error) {
        if (error instanceof WebhookSignatureError || error instanceof SyntaxError) {
          throw new HttpError(400, MESSAGES.webhookSignatureInvalid);
        }
        throw error;
      }
      const [fresh] = await db
        .insert(processorEvents)
        .values({ id: event.id, type: event.type, receivedAt: new Date(app.ctx.now()) })
        .onConflictDoNothing()
        .returning();
      if (!fresh) return { result: { received: true as const, duplicate: true as const } };

      const obj = (event.data as ObjectPayload).object ?? {};
      if (event.type === 'charge.refunded' && obj.payment_intent && typeof obj.amount_refunded === 'number') {
        // Refunds made outside the app (dashboard): never lower what we already counted.
        await db
          .update(paymentTransactions)
          .set({
            refundedCents: sql`greatest(${paymentTransactions.refundedCents}, least(${obj.amount_refunded}, ${paymentTransactions.amountCents}))`,
            status: sql`case when greatest(${paymentTransactions.refundedCents}, ${obj.amount_refunded}) >= ${paymentTransactions.amountCents} then 'refunded' else 'partially_refunded' end`,
          })
          .where(eq(paymentTransactions.processorChargeId, obj.payment_intent));
      } else if (event.type === 'payment_intent.payment_failed' && obj.id) {
        await db
          .update(paymentTransactions)
          .set({
            status: 'failed',
            failureCode: obj.last_payment_error?.code ?? 'card_declined',
            failureMessage: obj.last_payment_error?.message ?? MESSAGES.cardDeclined,
          })
          .where(eq(paymentTransactions.processorChargeId, obj.id));
      }
      return { result: { received: true as const } };
    },
  );
};
export default webhookRoutes;
