/**
 * Payment links (the product brief, section 7, The calls it makes: "POST checkout session", "GET payment links"):
 * a business creates a link; anyone with its URL pays it once, signed out (the service says
 * how); the owner's list shows it paid. Another business's links are not listed.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { z } from 'zod';
import { API } from '../../../src/domain/api-paths';
import { MESSAGES } from '../../../src/domain/messages';
import { pagingQuery } from '../../../src/domain/schemas/common';
import { makeAddCardPayloadSchema } from '../../../src/domain/payments/card-schema';
import { caller, tenantOf } from '../../auth/access';
import { forbidden, notFound } from '../../http/errors';
import { paged } from '../../http/paging';
import { errorResponses, ok, okList, tooManyResponse } from '../../http/response';
import { MERCHANT_ROLES } from './deps';
import { publicOrigin } from '../../http/public-origin';
import { idempotent } from './idempotency';
import { isLinkToken, linksPage } from './merchant-queries';
import { checkoutSessionBody } from './schemas';
import type { PaymentServices } from './services';
import {
  linkPaymentSchema,
  linkPaymentView,
  linkSchema,
  linkView,
  paymentErrors,
  publicLinkSchema,
  publicLinkView,
  withMessage,
} from './views';

/** Any string: a malformed token is a link that does not exist (404), as an unknown one is, not a 400. */
const tokenParams = z.object({ token: z.string() });

const paymentLinksRoutes: FastifyPluginAsyncZod<PaymentServices> = async (app, { links, env: { db } }) => {
  const access = { roles: MERCHANT_ROLES, tenant: true };
  const origin = (request: FastifyRequest) => publicOrigin(app.ctx.config, request);

  app.post(
    API.checkoutSession,
    {
      schema: {
        tags: ['Payment links'],
        summary: 'Create a payment link (amount in cents, description); answers its public pay URL',
        body: checkoutSessionBody,
        response: { 200: ok(linkSchema), ...errorResponses, 409: paymentErrors[409] },
      },
      config: { access },
    },
    async (request, reply) => {
      const { userId, businessId } = caller(request);
      if (!businessId) throw forbidden();
      return idempotent(app, request, reply, userId, async () => {
        const link = await links.create(businessId, userId, request.body);
        return { result: linkView(link, origin(request), null) };
      });
    },
  );

  app.get(
    API.paymentLinks,
    {
      schema: {
        tags: ['Payment links'],
        summary: "My business's payment links, newest first (paged)",
        querystring: pagingQuery,
        response: { 200: okList(linkSchema), ...errorResponses },
      },
      config: { access },
    },
    async (request, reply) => {
      const { page, perPage } = request.query;
      const { items, total } = await linksPage(db, tenantOf(request), page, perPage);
      const rows = items.map(({ link, payment }) => linkView(link, origin(request), payment));
      return paged(reply, rows, page, perPage, total);
    },
  );

  app.get(
    API.publicPaymentLink,
    {
      schema: {
        tags: ['Payment links'],
        summary: 'Public: what a payment link asks for (no sign-in)',
        params: tokenParams,
        response: { 200: ok(publicLinkSchema), 404: errorResponses[404] },
      },
      config: { access: 'public' },
    },
    async (request) => {
      const { link, businessName } = await links.byToken(request.params.token);
      return { result: publicLinkView(link, businessName) };
    },
  );

  app.post(
    API.publicPaymentLinkPay,
    {
      schema: {
        tags: ['Payment links'],
        summary: 'Public: pay a link with a card (the add-card payload; Idempotency-Key honoured)',
        params: tokenParams,
        body: makeAddCardPayloadSchema(() => app.ctx.now()),
        response: {
          200: withMessage(linkPaymentSchema),
          400: errorResponses[400],
          404: errorResponses[404],
          ...paymentErrors,
          ...tooManyResponse,
        },
      },
      config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const { token } = request.params;
      // Before the idempotency record, whose scope holds the token: a malformed one goes no further.
      if (!isLinkToken(token)) throw notFound();
      return idempotent(app, request, reply, `public:${token}`, async (key) => {
        const { transaction, card } = await links.pay(token, request.body, key, request.log);
        return { result: linkPaymentView(transaction, card), message: MESSAGES.paymentSucceeded };
      });
    },
  );
};
export default paymentLinksRoutes;
