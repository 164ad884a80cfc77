/**
 * POST /api/Payment/webhook: processor events, signature-checked (Stripe-Signature with
 * STRIPE_WEBHOOK_SECRET; the local processor signs the same way) and applied once (see
 * webhook-service.ts).
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { API } from '../../../src/domain/api-paths';
import { errorResponses, ok } from '../../http/response';
import type { PaymentServices } from './services';

const received = z.object({
  received: z.literal(true),
  duplicate: z.literal(true).optional().describe('This event was applied before'),
});

const webhookRoutes: FastifyPluginAsyncZod<PaymentServices> = async (app, { webhook }) => {
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
      const header = request.headers['stripe-signature'];
      const { duplicate } = await webhook.receive(raw, Array.isArray(header) ? header[0] : header);
      return {
        result: duplicate ? { received: true as const, duplicate: true as const } : { received: true as const },
      };
    },
  );
};
export default webhookRoutes;
