/**
 * Plans and subscriptions (the product brief, section 7, The calls it makes: "Payments and
 * subscriptions"): plans by role, the user's plan, subscribe (charged to the chosen or default
 * card, idempotent) and stop. Subscribing during a free trial keeps it (nothing is charged
 * until it ends; subscriptions-service.ts): each answer carries the freeTrial and
 * subscriptionActive the guard now reads, which is what the client stores. Subscriptions
 * belong to a business's account: a caller without a business (the platform administrator)
 * is refused with a 403 that says so.
 */
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import * as z from 'zod';
import { API } from '../../../src/domain/api-paths';
import { MESSAGES } from '../../../src/domain/messages';
import { caller } from '../../auth/access';
import { HttpError } from '../../http/errors';
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
import { pickedRecordId, recordIdSchema } from '../../../src/domain/schemas/record-id';

const createBody = z.object({
  planId: pickedRecordId(MESSAGES.planInvalid),
  /** Optional: pay with this saved card instead of the default one. */
  cardId: z.optional(recordIdSchema),
});

/** The caller's user id, when they have a business a plan can be for (403 with the reason otherwise). */
function subscriber(request: Parameters<typeof caller>[0]): string {
  const { userId, businessId } = caller(request);
  if (!businessId) throw new HttpError(403, MESSAGES.subscriptionNeedsBusiness);
  return userId;
}

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
        summary:
          'Subscribe to a plan (charges the card now, or when a running free trial ends; Idempotency-Key honoured; 403 without a business)',
        body: createBody,
        response: { 200: withMessage(subscribedSchema), ...errorResponses, ...paymentErrors },
      },
      config: { access },
    },
    async (request, reply) => {
      const userId = subscriber(request);
      return idempotent(
        app,
        request,
        reply,
        userId,
        async (key) => {
          const { subscription, plan } = await subscriptions.subscribe(userId, request.body, key, request.log);
          const { freeTrial, subscriptionActive } = await subscriptionState(app, userId);
          return {
            result: {
              subscription: subscriptionView(subscription),
              plan: planView(plan),
              freeTrial,
              subscriptionActive,
            },
            message: MESSAGES.subscriptionActivated,
          };
        },
        { exclusive: 'subscription' },
      );
    },
  );

  app.patch(
    API.subscription,
    {
      schema: {
        tags: ['Plans'],
        summary:
          'Stop my subscription (a running one pushes SubscriptionCancel; a trialing one leaves the trial; 403 without a business)',
        response: { 200: withMessage(canceledSchema), ...errorResponses, 409: paymentErrors[409] },
      },
      config: { access },
    },
    async (request, reply) => {
      const userId = subscriber(request);
      return idempotent(app, request, reply, userId, async () => {
        const canceled = await subscriptions.cancel(userId);
        const { freeTrial, subscriptionActive } = await subscriptionState(app, userId);
        return {
          result: { subscription: subscriptionView(canceled), freeTrial, subscriptionActive },
          message: MESSAGES.subscriptionCanceled,
        };
      });
    },
  );
};
export default plansRoutes;
