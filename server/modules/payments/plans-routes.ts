/**
 * Plans and subscriptions (spec sections 2, 3, 4, 7): plans by role, the user's plan, create a
 * subscription (charged to the default card through the processor, idempotent) and stop it
 * (pushes SubscriptionCancel). Creating one ends the free trial: the guard's rule wants
 * freeTrial 0 with an active subscription, which is what the client then stores.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, desc, eq } from 'drizzle-orm';
import * as z from 'zod';
import { API } from '../../../src/domain/api-paths';
import { MESSAGES } from '../../../src/domain/messages';
import { HUB_EVENTS } from '../../../src/domain/notifications';
import { invoices, paymentMethods, paymentTransactions, plans, subscriptions, users } from '../../db/schema';
import { caller } from '../../auth/access';
import { badRequest, conflict, notFound } from '../../http/errors';
import { errorResponses, ok, okList } from '../../http/response';
import { CardError } from './processors/types';
import { BILLING_ROLES, cardRefused, processorCall, type PaymentDeps } from './deps';
import { idempotent } from './idempotency';
import { freeTrialDays, subscriptionState } from './subscription-guard';
import { newInvoiceNumber } from './invoice-number';
import { PERIOD_DAYS as MONTH_DAYS } from './renewals';
import {
  canceledSchema,
  paymentErrors,
  planSchema,
  planView,
  subscribedSchema,
  subscriptionView,
  userPlanSchema,
  withMessage,
} from './views';

/** Roles that need a plan (those the seed gives shouldHaveSubscription: checked roles and TRUCKER). */
const PLAN_ROLES = new Set(['MOVER', 'USER', 'CLUBOWNER', 'TRUCKER']);

const createBody = z.object({
  planId: z.uuid({ error: MESSAGES.planInvalid }),
  /** Optional: pay with this saved card instead of the default one. */
  cardId: z.optional(z.uuid({ error: MESSAGES.invalidValue })),
});

const plansRoutes: FastifyPluginAsyncZod<PaymentDeps> = async (app, { processor }) => {
  const { db } = app.ctx.database;
  const access = { roles: BILLING_ROLES };

  app.get(
    API.plansByRole,
    {
      schema: {
        tags: ['Plans'],
        summary: "Plans offered to the caller's role (all of them for an administrator)",
        querystring: z.object({ role: z.optional(z.string()) }),
        response: { 200: okList(planSchema), ...errorResponses },
      },
      config: { access },
    },
    async (request) => {
      const me = caller(request);
      const rows = await db.select().from(plans).orderBy(asc(plans.priceCents), asc(plans.name));
      const offered = me.role === 'ADMIN' || PLAN_ROLES.has(me.role) ? rows : [];
      return { result: offered.map(planView) };
    },
  );

  app.get(
    API.userPlan,
    {
      schema: {
        tags: ['Plans'],
        summary: 'My plan, subscription and free trial',
        response: { 200: ok(userPlanSchema), ...errorResponses },
      },
      config: { access },
    },
    async (request) => {
      const me = caller(request);
      const state = await subscriptionState(app, me.userId);
      const [user] = await db.select().from(users).where(eq(users.id, me.userId));
      const [plan] = user?.planId ? await db.select().from(plans).where(eq(plans.id, user.planId)) : [];
      const [sub] = await db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.userId, me.userId))
        .orderBy(desc(subscriptions.createdAt))
        .limit(1);
      return {
        result: {
          plan: plan ? planView(plan) : null,
          subscription: sub ? subscriptionView(sub) : null,
          freeTrial: state.freeTrial,
          trialEndsAt: user?.trialEndsAt?.toISOString() ?? null,
          subscriptionActive: state.subscriptionActive,
          shouldHaveSubscription: state.shouldHaveSubscription,
        },
      };
    },
  );

  app.post(
    API.subscription,
    {
      schema: {
        tags: ['Plans'],
        summary: 'Subscribe to a plan (charges the card; Idempotency-Key honoured)',
        body: createBody,
        response: { 200: withMessage(subscribedSchema), ...errorResponses, ...paymentErrors },
      },
      config: { access },
    },
    async (request, reply) => {
      const me = caller(request);
      const input = request.body;
      return idempotent(
        app,
        request,
        reply,
        me.userId,
        async (key) => {
          const [plan] = await db.select().from(plans).where(eq(plans.id, input.planId));
          if (!plan) throw badRequest(MESSAGES.planInvalid, { planId: MESSAGES.planInvalid });
          const [active] = await db
            .select()
            .from(subscriptions)
            .where(and(eq(subscriptions.userId, me.userId), eq(subscriptions.status, 'active')));
          if (active?.planId === plan.id) throw conflict(MESSAGES.subscriptionAlreadyActive);

          const [card] = await db
            .select()
            .from(paymentMethods)
            .where(
              and(
                eq(paymentMethods.userId, me.userId),
                input.cardId ? eq(paymentMethods.id, input.cardId) : eq(paymentMethods.isDefault, true),
              ),
            );
          if (plan.priceCents > 0 && !card) {
            if (input.cardId) throw notFound();
            throw badRequest(MESSAGES.paymentMethodRequired, { cardId: MESSAGES.paymentMethodRequired });
          }
          const now = app.ctx.now();
          const periodEnd = new Date(now + MONTH_DAYS * 86_400_000);
          const [user] = await db.select().from(users).where(eq(users.id, me.userId));
          if (!user) throw notFound();

          let charge: Awaited<ReturnType<typeof processor.charge>> | null = null;
          if (plan.priceCents > 0 && card) {
            const customerRef = await processorCall(request.log, () =>
              processor.customerFor({
                id: user.id,
                email: user.email,
                name: `${user.firstName} ${user.lastName}`.trim(),
              }),
            );
            try {
              charge = await processor.charge({
                amountCents: plan.priceCents,
                description: `${plan.name} plan subscription`,
                cardToken: card.token,
                customerRef,
                idempotencyKey: key,
                metadata: { userId: me.userId, planId: plan.id },
              });
            } catch (error) {
              if (error instanceof CardError) {
                await db.insert(paymentTransactions).values({
                  payerUserId: me.userId,
                  kind: 'subscription',
                  description: `${plan.name} plan subscription`,
                  amountCents: plan.priceCents,
                  status: 'failed',
                  processor: processor.name,
                  cardBrand: card.brand,
                  cardLast4: card.last4,
                  failureCode: error.code,
                  failureMessage: error.message,
                  createdAt: new Date(now),
                });
                throw cardRefused(error);
              }
              return processorCall(request.log, () => Promise.reject(error));
            }
          }

          const sub = await db.transaction(async (tx) => {
            if (active) {
              await tx
                .update(subscriptions)
                .set({ status: 'canceled', canceledAt: new Date(now) })
                .where(eq(subscriptions.id, active.id));
            }
            const [created] = await tx
              .insert(subscriptions)
              .values({
                userId: me.userId,
                planId: plan.id,
                status: 'active',
                priceCents: plan.priceCents,
                paymentMethodId: card?.id ?? null,
                processorRef: charge?.id ?? null,
                currentPeriodStart: new Date(now),
                currentPeriodEnd: periodEnd,
                createdAt: new Date(now),
              })
              .returning();
            if (charge && card) {
              const [txn] = await tx
                .insert(paymentTransactions)
                .values({
                  payerUserId: me.userId,
                  kind: 'subscription',
                  subscriptionId: created!.id,
                  description: `${plan.name} plan subscription`,
                  amountCents: charge.capturedCents,
                  status: 'succeeded',
                  processor: processor.name,
                  processorChargeId: charge.id,
                  cardBrand: card.brand,
                  cardLast4: card.last4,
                  payerName: card.nameOnCard,
                  payerEmail: user.email,
                  createdAt: new Date(now),
                })
                .returning();
              await tx.insert(invoices).values({
                userId: me.userId,
                number: newInvoiceNumber(now),
                subscriptionId: created!.id,
                transactionId: txn!.id,
                description: `${plan.name} plan — ${MONTH_DAYS} days`,
                amountCents: charge.capturedCents,
                status: 'paid',
                cardBrand: card.brand,
                cardLast4: card.last4,
                periodStart: new Date(now),
                periodEnd,
                createdAt: new Date(now),
              });
            }
            // Subscribing ends the free trial: freeTrial 0 + active is what the guard passes.
            await tx
              .update(users)
              .set({ subscriptionActive: true, planId: plan.id, trialEndsAt: null, updatedAt: new Date(now) })
              .where(eq(users.id, me.userId));
            return created!;
          });
          return {
            result: {
              subscription: subscriptionView(sub),
              plan: planView(plan),
              freeTrial: 0,
              subscriptionActive: true,
            },
            message: MESSAGES.subscriptionActivated,
          };
        },
        { lockWithoutKey: true },
      );
    },
  );

  app.patch(
    API.subscription,
    {
      schema: {
        tags: ['Plans'],
        summary: 'Stop my subscription (pushes SubscriptionCancel)',
        response: { 200: withMessage(canceledSchema), ...errorResponses, 409: paymentErrors[409] },
      },
      config: { access },
    },
    async (request, reply) => {
      const me = caller(request);
      return idempotent(app, request, reply, me.userId, async () => {
        const now = app.ctx.now();
        const canceled = await db.transaction(async (tx) => {
          const [sub] = await tx
            .update(subscriptions)
            .set({ status: 'canceled', canceledAt: new Date(now) })
            .where(and(eq(subscriptions.userId, me.userId), eq(subscriptions.status, 'active')))
            .returning();
          if (!sub) return null;
          // No trial and no subscription: the guard sends the user back to /checkout (spec section 4).
          await tx
            .update(users)
            .set({ subscriptionActive: false, trialEndsAt: null, updatedAt: new Date(now) })
            .where(eq(users.id, me.userId));
          return sub;
        });
        if (!canceled) throw conflict(MESSAGES.subscriptionNotActive);
        await app.ctx.hub.publish({
          kind: 'user',
          userId: me.userId,
          target: HUB_EVENTS.subscriptionCancel,
          args: ['cancel'],
        });
        return {
          result: { subscription: subscriptionView(canceled), freeTrial: 0, subscriptionActive: false },
          message: MESSAGES.subscriptionCanceled,
        };
      });
    },
  );
};
export default plansRoutes;

export { freeTrialDays };
