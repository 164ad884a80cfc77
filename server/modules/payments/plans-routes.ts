/**
 * Plans and subscriptions (the product brief, section 7, The calls it makes: "Payments and
 * subscriptions"): plans by role, the user's plan, subscribe (charged to the chosen or default
 * card, idempotent) and stop. Creating a subscription ends the free trial: the guard's rule
 * wants freeTrial 0 with an active subscription, which is what the client then stores.
 */
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import * as z from 'zod';
import { API } from '../../../src/domain/api-paths';
import { MESSAGES } from '../../../src/domain/messages';
import { caller } from '../../auth/access';
import { errorResponses, ok, okList } from '../../http/response';
import { planOf, plansOffered } from './billing-queries';
import { BILLING_ROLES } from './deps';
import { idempotent } from './idempotency';
import type { PaymentServices } from './services';
import { subscriptionState } from './subscription-guard';
import {
  canceledSchema,
  paymentErrors,
  planSchema,
  planView,
  subscribedSchema,
  subscriptionView,
  userPlanSchema,
  userPlanView,
  withMessage,
} from './views';

const createBody = z.object({
  planId: z.uuid({ error: MESSAGES.planInvalid }),
  /** Optional: pay with this saved card instead of the default one. */
  cardId: z.optional(z.uuid({ error: MESSAGES.invalidValue })),
});

const plansRoutes: FastifyPluginAsyncZod<PaymentServices> = async (app, { subscriptions, env: { db } }) => {
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
    async (request) => ({ result: (await plansOffered(db, caller(request).role)).map(planView) }),
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
      const { userId } = caller(request);
      const state = await subscriptionState(app, userId);
      return { result: userPlanView(state, await planOf(db, userId)) };
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
      const { userId } = caller(request);
      return idempotent(
        app,
        request,
        reply,
        userId,
        async (key) => {
          const { subscription, plan } = await subscriptions.subscribe(userId, request.body, key, request.log);
          return {
            result: {
              subscription: subscriptionView(subscription),
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
      const { userId } = caller(request);
      return idempotent(app, request, reply, userId, async () => {
        const canceled = await subscriptions.cancel(userId);
        return {
          result: { subscription: subscriptionView(canceled), freeTrial: 0, subscriptionActive: false },
          message: MESSAGES.subscriptionCanceled,
        };
      });
    },
  );
};
export default plansRoutes;
