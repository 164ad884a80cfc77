/**
 * Saved cards (spec sections 3, 5, 7): add a payment method (the add-card payload, checked with
 * the card form's rules and messages, then verified by the processor), list, set default,
 * delete, default card. Only a token, brand, last 4 and expiry are kept; another user's card
 * answers 404.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, desc, eq } from 'drizzle-orm';
import * as z from 'zod';
import { API } from '../../../src/domain/api-paths';
import { MESSAGES } from '../../../src/domain/messages';
import { makeAddCardPayloadSchema } from '../../../src/domain/payments/card-schema';
import { paymentMethods, users } from '../../db/schema';
import { caller } from '../../auth/access';
import { notFound } from '../../http/errors';
import { errorResponses, ok, okList } from '../../http/response';
import { BILLING_ROLES, processorCall, type PaymentDeps } from './deps';
import { idempotent } from './idempotency';
import { cardSchema, cardView, paymentErrors, withMessage } from './views';

const cardIdQuery = z.object({ cardId: z.uuid({ error: MESSAGES.invalidValue }) });

const cardsRoutes: FastifyPluginAsyncZod<PaymentDeps> = async (app, { processor }) => {
  const { db } = app.ctx.database;
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
      const me = caller(request);
      const input = request.body;
      return idempotent(app, request, reply, me.userId, async (key) => {
        const [user] = await db.select().from(users).where(eq(users.id, me.userId));
        if (!user) throw notFound();
        const customerRef = await processorCall(request.log, () =>
          processor.customerFor({ id: user.id, email: user.email, name: `${user.firstName} ${user.lastName}`.trim() }),
        );
        const card = await processorCall(
          request.log,
          () =>
            processor.tokenizeCard(
              {
                number: input.number,
                expMonth: input.expMonth,
                expYear: input.expYear,
                cvc: input.cvc,
                name: input.cardholderName,
                address: {
                  line1: input.addressLine1,
                  line2: input.addressLine2 || null,
                  city: input.city,
                  state: input.state.toUpperCase(),
                  postalCode: input.zipCode,
                  country: 'US',
                },
              },
              { customerRef, idempotencyKey: key },
            ),
          'number',
        );
        const row = await db.transaction(async (tx) => {
          const existing = await tx
            .select({ id: paymentMethods.id })
            .from(paymentMethods)
            .where(eq(paymentMethods.userId, me.userId));
          // The first card is the default whatever the box says; otherwise checkDefaultPM decides.
          const makeDefault = existing.length === 0 || input.checkDefaultPM === true;
          if (makeDefault) {
            await tx.update(paymentMethods).set({ isDefault: false }).where(eq(paymentMethods.userId, me.userId));
          }
          const [inserted] = await tx
            .insert(paymentMethods)
            .values({
              userId: me.userId,
              processor: processor.name,
              token: card.token,
              brand: card.brand,
              last4: card.last4,
              expMonth: card.expMonth,
              expYear: card.expYear,
              nameOnCard: input.cardholderName,
              addressLine1: input.addressLine1,
              addressLine2: input.addressLine2 || null,
              city: input.city,
              state: input.state.toUpperCase(),
              zipCode: input.zipCode,
              country: 'US',
              isDefault: makeDefault,
              createdAt: new Date(app.ctx.now()),
            })
            .returning();
          return inserted!;
        });
        return { result: cardView(row), message: MESSAGES.paymentMethodAdded };
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
    async (request) => {
      const rows = await db
        .select()
        .from(paymentMethods)
        .where(eq(paymentMethods.userId, caller(request).userId))
        .orderBy(desc(paymentMethods.isDefault), asc(paymentMethods.createdAt));
      return { result: rows.map(cardView) };
    },
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
      const [row] = await db
        .select()
        .from(paymentMethods)
        .where(and(eq(paymentMethods.userId, caller(request).userId), eq(paymentMethods.isDefault, true)));
      return { result: row ? cardView(row) : null };
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
      const { cardId } = request.query;
      const me = caller(request).userId;
      const row = await db.transaction(async (tx) => {
        const [card] = await tx
          .select()
          .from(paymentMethods)
          .where(and(eq(paymentMethods.id, cardId), eq(paymentMethods.userId, me)));
        if (!card) throw notFound();
        await tx.update(paymentMethods).set({ isDefault: false }).where(eq(paymentMethods.userId, me));
        const [updated] = await tx
          .update(paymentMethods)
          .set({ isDefault: true })
          .where(eq(paymentMethods.id, cardId))
          .returning();
        return updated!;
      });
      return { result: cardView(row), message: MESSAGES.defaultCardUpdated };
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
      const me = caller(request).userId;
      const [card] = await db
        .select()
        .from(paymentMethods)
        .where(and(eq(paymentMethods.id, cardId), eq(paymentMethods.userId, me)));
      if (!card) throw notFound();
      await processorCall(request.log, () => processor.removeCard(card.token));
      await db.transaction(async (tx) => {
        await tx.delete(paymentMethods).where(eq(paymentMethods.id, cardId));
        if (card.isDefault) {
          // The oldest remaining card becomes the default, so a subscription can still renew.
          const [next] = await tx
            .select({ id: paymentMethods.id })
            .from(paymentMethods)
            .where(eq(paymentMethods.userId, me))
            .orderBy(asc(paymentMethods.createdAt))
            .limit(1);
          if (next) await tx.update(paymentMethods).set({ isDefault: true }).where(eq(paymentMethods.id, next.id));
        }
      });
      return { result: { id: cardId }, message: MESSAGES.cardDeleted };
    },
  );
};
export default cardsRoutes;
