/**
 * Saved cards (the product brief, section 3, Entities and their fields; section 5, Validation
 * rules; section 7, The calls it makes): add a payment method (the add-card payload, checked
 * with the card form's rules and messages, then verified by the processor), list, set default,
 * delete, default card. Another user's card answers 404.
 */
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import * as z from 'zod';
import { API } from '../../../src/domain/api-paths';
import { MESSAGES } from '../../../src/domain/messages';
import { makeAddCardPayloadSchema } from '../../../src/domain/payments/card-schema';
import { caller } from '../../auth/access';
import { errorResponses, ok, okList } from '../../http/response';
import { cardsOf, defaultCardOf } from './billing-queries';
import { BILLING_ROLES } from './deps';
import { idempotent } from './idempotency';
import type { PaymentServices } from './services';
import { cardSchema, cardView, paymentErrors, withMessage } from './views';
import { recordIdSchema } from '../../../src/domain/schemas/record-id';

const cardIdQuery = z.object({ cardId: recordIdSchema });

const cardsRoutes: FastifyPluginAsyncZod<PaymentServices> = async (app, { cards, env: { db } }) => {
  const access = { roles: BILLING_ROLES };

  app.post(
    API.addPaymentMethod,
    {
      schema: {
        tags: ['Payments'],
        summary: 'Add a card (checked by the processor); only token, brand, last 4 and expiry are kept',
        body: makeAddCardPayloadSchema(() => app.ctx.now()),
        response: { 200: withMessage(cardSchema), ...errorResponses, ...paymentErrors },
      },
      config: { access },
    },
    async (request, reply) => {
      const { userId } = caller(request);
      return idempotent(app, request, reply, userId, async (key) => {
        const card = await cards.add(userId, request.body, key, request.log);
        return { result: cardView(card), message: MESSAGES.paymentMethodAdded };
      });
    },
  );

  app.get(
    API.cards,
    {
      schema: {
        tags: ['Payments'],
        summary: 'My saved cards (default first)',
        response: { 200: okList(cardSchema), ...errorResponses },
      },
      config: { access },
    },
    async (request) => ({ result: (await cardsOf(db, caller(request).userId)).map(cardView) }),
  );

  app.get(
    API.defaultCard,
    {
      schema: {
        tags: ['Payments'],
        summary: 'My default card, or null',
        response: { 200: ok(cardSchema.nullable()), ...errorResponses },
      },
      config: { access },
    },
    async (request) => {
      const card = await defaultCardOf(db, caller(request).userId);
      return { result: card ? cardView(card) : null };
    },
  );

  app.patch(
    API.setDefaultCard,
    {
      schema: {
        tags: ['Payments'],
        summary: 'Make a card the default',
        querystring: cardIdQuery,
        response: { 200: withMessage(cardSchema), ...errorResponses },
      },
      config: { access },
    },
    async (request) => {
      const card = await cards.setDefault(caller(request).userId, request.query.cardId);
      return { result: cardView(card), message: MESSAGES.defaultCardUpdated };
    },
  );

  app.delete(
    API.deleteCard,
    {
      schema: {
        tags: ['Payments'],
        summary: 'Delete a saved card',
        querystring: cardIdQuery,
        response: { 200: withMessage(z.object({ id: z.string() })), ...errorResponses, 503: paymentErrors[503] },
      },
      config: { access },
    },
    async (request) => {
      const { cardId } = request.query;
      await cards.remove(caller(request).userId, cardId, request.log);
      return { result: { id: cardId }, message: MESSAGES.cardDeleted };
    },
  );
};
export default cardsRoutes;
